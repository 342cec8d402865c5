/**
 * `faithfulness` (ragas): the share of the answer's claims that the context supports.
 * Two judge calls, as ragas makes them: (1) break the answer into standalone claims;
 * (2) for each claim, a verdict: can it be inferred from the CONTEXT (all documents
 * together)? Score = supported claims / claims. An answer without a factual claim has
 * nothing to be faithful about: `n/a` (ragas: NaN), neither rewarded nor penalised.
 * The claims and verdicts, with the judge's reasons, are kept in metadata.claims.
 */
import { askJudge, isRecord, listOf } from './judge-call.ts';
import { contextBlock, quoted, type GroundedMetric, type MetricOutcome, type MetricRun } from './metric.ts';
import { share } from './scores.ts';
import { firstFew } from '../../../shared/first-few.ts';

export const FAITHFULNESS_TYPE = 'faithfulness';

const CLAIMS_INSTRUCTIONS = [
  'You break an answer given by a documentation assistant into claims.',
  'A claim is one standalone statement of fact the ANSWER makes (about an API, a behaviour, a value, a step to take), understandable without the rest of the answer: replace pronouns with what they refer to.',
  'Cover every factual statement of the ANSWER, including what its code examples assert (a function name, a parameter). Leave out greetings, questions, hedges and statements about the answer itself.',
  'The QUESTION is only there to make the claims understandable. Return an empty list when the answer states no fact.',
].join('\n');

const VERDICT_INSTRUCTIONS = [
  'You judge whether claims are supported by documentation.',
  'For each numbered claim in CLAIMS, decide whether it can be directly inferred from the CONTEXT (the documents together). It is supported only if the CONTEXT states it or it follows directly from what the CONTEXT states; general knowledge that the CONTEXT does not contain does not count, and a claim the CONTEXT contradicts is not supported.',
  'Give one verdict per claim, with its number, a one-sentence reason, then supported true or false.',
].join('\n');

const CLAIMS_SCHEMA = {
  type: 'object',
  properties: { claims: { type: 'array', items: { type: 'string' } } },
  required: ['claims'],
  additionalProperties: false,
};

const VERDICTS_SCHEMA = {
  type: 'object',
  properties: {
    verdicts: {
      type: 'array',
      items: {
        type: 'object',
        properties: { claim: { type: 'integer' }, reason: { type: 'string' }, supported: { type: 'boolean' } },
        required: ['claim', 'reason', 'supported'],
        additionalProperties: false,
      },
    },
  },
  required: ['verdicts'],
  additionalProperties: false,
};

export interface Verdict {
  reason: string;
  supported: boolean;
}

/** One verdict per claim number 1..n, in claim order; anything else is unusable. */
export function verdictsFor(data: unknown, count: number, flag: string): Verdict[] | string {
  const list = listOf(data, 'verdicts');
  if (list === undefined) return 'the answer has no verdicts list';
  const out = new Array<Verdict | undefined>(count);
  for (const item of list) {
    if (!isRecord(item) || typeof item['claim'] !== 'number' || typeof item[flag] !== 'boolean') return 'a verdict does not match the schema';
    const at = item['claim'] - 1;
    if (!Number.isInteger(at) || at < 0 || at >= count) return `a verdict names claim ${item['claim']}, of ${count}`;
    if (out[at] !== undefined) return `claim ${at + 1} has two verdicts`;
    out[at] = { reason: typeof item['reason'] === 'string' ? item['reason'] : '', supported: item[flag] };
  }
  const missing = out.findIndex((v) => v === undefined);
  if (missing !== -1 || list.length < count) return `no verdict for claim ${(missing === -1 ? list.length : missing) + 1} of ${count}`;
  return out as Verdict[];
}

export function numbered(items: readonly string[]): string {
  return items.map((item, i) => `${i + 1}. ${item}`).join('\n');
}

async function score(run: MetricRun): Promise<MetricOutcome> {
  const answer = run.input.response;
  if (answer.trim() === '') return { notApplicable: 'the answer is empty: no claim to check', details: { claims: [] } };
  const claims = await askJudge(
    run,
    run.connection,
    run.temperature,
    {
      instructions: CLAIMS_INSTRUCTIONS,
      blocks: [['QUESTION', run.question], ['ANSWER', answer]],
      schemaName: 'answer_claims',
      schema: CLAIMS_SCHEMA,
      check: (data) => {
        const list = listOf(data, 'claims');
        if (list === undefined || !list.every((c) => typeof c === 'string')) return 'the answer has no claims list';
        return { claims: (list).map((c) => c.trim()).filter((c) => c !== '') };
      },
    },
    run.usage,
    run.signal,
  );
  if (!claims.ok) return { error: `extracting the answer's claims: ${claims.error}` };
  const list = claims.value.claims;
  if (list.length === 0) return { notApplicable: 'the answer makes no factual claim: nothing to check against the context', details: { claims: [] } };
  const verdicts = await askJudge(
    run,
    run.connection,
    run.temperature,
    {
      instructions: VERDICT_INSTRUCTIONS,
      blocks: [['CONTEXT', contextBlock(run.documents)], ['CLAIMS', numbered(list)]],
      schemaName: 'claim_verdicts',
      schema: VERDICTS_SCHEMA,
      check: (data) => {
        const v = verdictsFor(data, list.length, 'supported');
        return typeof v === 'string' ? v : { verdicts: v };
      },
    },
    run.usage,
    run.signal,
  );
  if (!verdicts.ok) return { error: `checking ${list.length} claims against the context: ${verdicts.error}`, details: { claims: list.map((claim) => ({ claim })) } };
  const judged = list.map((claim, i) => ({ claim, supported: verdicts.value.verdicts[i]?.supported ?? false, reason: verdicts.value.verdicts[i]?.reason ?? '' }));
  const value = share(judged.map((j) => j.supported)) ?? 0;
  const unsupported = judged.filter((j) => !j.supported);
  const reasoning = `${judged.length - unsupported.length} of ${judged.length} claims supported by the ${run.documents.length} context document(s)${
    unsupported.length === 0 ? '' : `; not supported: ${firstFew(unsupported, 3, (j) => quoted(j.claim))}`
  }`;
  return { score: value, reasoning, details: { claims: judged } };
}

export const faithfulness: GroundedMetric<null> = {
  type: FAITHFULNESS_TYPE,
  criterion: { name: FAITHFULNESS_TYPE, description: "Share of the answer's claims supported by the context (ragas faithfulness)", scale: 'numeric' },
  needs: { context: true, reference: false },
  keys: [],
  options: () => null,
  score,
};
