/**
 * `context_recall` (ragas): the share of the reference answer's statements that can be
 * attributed to the context, i.e. did the documents hold what a correct answer needs?
 * One judge call, as ragas makes it: split the REFERENCE (the case's groundTruth) into
 * statements and classify each as attributable to the CONTEXT or not. Needs a
 * groundTruth; a case without one is an error (the loader reports it first).
 */
import { askJudge, isRecord, listOf } from './judge-call.ts';
import { contextBlock, quoted, type GroundedMetric, type MetricOutcome, type MetricRun } from './metric.ts';
import { share } from './scores.ts';
import { firstFew } from '../../../shared/first-few.ts';

export const CONTEXT_RECALL_TYPE = 'context_recall';

const INSTRUCTIONS = [
  'You check whether documentation holds what a correct answer needs.',
  'Break the REFERENCE answer into its statements (one fact each, standalone). For each statement decide whether it can be attributed to the CONTEXT: the CONTEXT states it or it follows directly from what the CONTEXT states.',
  'Give every statement, in order, with a one-sentence reason, then attributed true or false. The QUESTION is only there to make the statements understandable.',
].join('\n');

const SCHEMA = {
  type: 'object',
  properties: {
    statements: {
      type: 'array',
      items: {
        type: 'object',
        properties: { statement: { type: 'string' }, reason: { type: 'string' }, attributed: { type: 'boolean' } },
        required: ['statement', 'reason', 'attributed'],
        additionalProperties: false,
      },
    },
  },
  required: ['statements'],
  additionalProperties: false,
};

interface Statement {
  statement: string;
  reason: string;
  attributed: boolean;
}

function statementsOf(data: unknown): { statements: Statement[] } | string {
  const list = listOf(data, 'statements');
  if (list === undefined) return 'the answer has no statements list';
  const statements: Statement[] = [];
  for (const item of list) {
    if (!isRecord(item) || typeof item['statement'] !== 'string' || typeof item['attributed'] !== 'boolean') return 'a statement does not match the schema';
    statements.push({ statement: item['statement'], reason: typeof item['reason'] === 'string' ? item['reason'] : '', attributed: item['attributed'] });
  }
  // A reference always states something: an empty list is the judge failing, asked again.
  return statements.length === 0 ? 'the answer lists no statement of the reference' : { statements };
}

async function score(run: MetricRun): Promise<MetricOutcome> {
  const outcome = await askJudge(
    run,
    run.connection,
    run.temperature,
    {
      instructions: INSTRUCTIONS,
      blocks: [['QUESTION', run.question], ['CONTEXT', contextBlock(run.documents)], ['REFERENCE', run.reference]],
      schemaName: 'reference_attribution',
      schema: SCHEMA,
      check: statementsOf,
    },
    run.usage,
    run.signal,
  );
  if (!outcome.ok) return { error: outcome.error };
  const { statements } = outcome.value;
  const missing = statements.filter((s) => !s.attributed);
  const reasoning = `${statements.length - missing.length} of ${statements.length} reference statements found in the ${run.documents.length} context document(s)${
    missing.length === 0 ? '' : `; missing: ${firstFew(missing, 3, (s) => quoted(s.statement))}`
  }`;
  return { score: share(statements.map((s) => s.attributed)) ?? 0, reasoning, details: { statements } };
}

export const contextRecall: GroundedMetric<null> = {
  type: CONTEXT_RECALL_TYPE,
  criterion: { name: CONTEXT_RECALL_TYPE, description: "Share of the reference answer's statements found in the context (ragas context recall)", scale: 'numeric' },
  needs: { context: true, reference: true },
  keys: [],
  options: () => null,
  score,
};
