/**
 * `context_precision` (ragas): are the documents that help ranked first? One judge call
 * per document, as ragas makes them (each judged alone, so neighbours cannot sway it):
 * was this document useful to arrive at the REFERENCE answer to the QUESTION? With the
 * verdicts v_1..v_K in rank order, the score is ragas' rank-weighted precision
 * sum_k (precision@k * v_k) / (number of useful documents), 0 when none is useful.
 * The reference is the case's groundTruth (ragas' context_precision); without one, the
 * answer itself (ragas' context_utilization, "without reference"): metadata.against says which.
 */
import { askJudge, isRecord } from './judge-call.ts';
import type { GroundedMetric, MetricOutcome, MetricRun } from './metric.ts';
import { rankWeightedPrecision } from './scores.ts';

export const CONTEXT_PRECISION_TYPE = 'context_precision';

const INSTRUCTIONS = [
  'You judge whether a retrieved document was useful for answering a question.',
  'Given the QUESTION, the ANSWER it should lead to, and one DOCUMENT, decide whether the DOCUMENT was useful in arriving at that ANSWER: it holds information the ANSWER relies on.',
  'Give a one-sentence reason, then useful true or false.',
].join('\n');

const SCHEMA = {
  type: 'object',
  properties: { reason: { type: 'string' }, useful: { type: 'boolean' } },
  required: ['reason', 'useful'],
  additionalProperties: false,
};

async function score(run: MetricRun): Promise<MetricOutcome> {
  const against = run.reference !== '' ? 'reference' : 'answer';
  const target = against === 'reference' ? run.reference : run.input.response;
  if (target.trim() === '') return { notApplicable: 'no reference and an empty answer: nothing to judge the documents against', details: { against } };
  const verdicts = await Promise.all(
    run.documents.map((doc) =>
      askJudge(
        run,
        run.connection,
        run.temperature,
        {
          instructions: INSTRUCTIONS,
          blocks: [['QUESTION', run.question], ['ANSWER', target], ['DOCUMENT', doc.text]],
          schemaName: 'context_usefulness',
          schema: SCHEMA,
          check: (data) => (isRecord(data) && typeof data['useful'] === 'boolean' ? { useful: data['useful'], reason: typeof data['reason'] === 'string' ? data['reason'] : '' } : 'the answer does not match the schema'),
        },
        run.usage,
        run.signal,
      ),
    ),
  );
  const failed = verdicts.findIndex((v) => !v.ok);
  const failure = verdicts[failed];
  if (failure && !failure.ok) return { error: `judging document ${failed + 1} of ${run.documents.length}: ${failure.error}` };
  const documents = run.documents.map((doc, i) => {
    const v = verdicts[i];
    return { rank: i + 1, ...(doc.id === undefined ? {} : { id: doc.id }), useful: v?.ok === true && v.value.useful, reason: v?.ok === true ? v.value.reason : '' };
  });
  const useful = documents.filter((d) => d.useful).map((d) => d.id ?? `#${d.rank}`);
  const reasoning = `${useful.length} of ${documents.length} documents useful (judged against the ${against}${against === 'answer' ? ': the case has no groundTruth' : ''})${useful.length > 0 ? `, at ranks ${documents.filter((d) => d.useful).map((d) => d.rank).join(', ')}` : ''}`;
  return { score: rankWeightedPrecision(documents.map((d) => d.useful)), reasoning, details: { against, documents } };
}

export const contextPrecision: GroundedMetric<null> = {
  type: CONTEXT_PRECISION_TYPE,
  criterion: { name: CONTEXT_PRECISION_TYPE, description: 'Useful documents ranked first (ragas context precision)', scale: 'numeric' },
  needs: { context: true, reference: false },
  keys: [],
  options: () => null,
  score,
};
