/**
 * `llm_judge` (seed 004 FR2.2): one chat completion per case scores every criterion of the
 * evaluator, with structured output (see judge-schema.ts) and the fenced prompt of
 * judge-prompt.ts. Scores are raw, typed per scale (boolean / integer 1..5 / number 0..1 /
 * string); the runner normalises them.
 *
 * Attempts are one allowance (`maxAttempts`) shared by HTTP retries and unusable answers
 * (not JSON, no results list, refused, truncated): an unusable answer costs an attempt and
 * is asked again; when they are spent every criterion gets an error result. Criteria the
 * answer leaves out, or scores off their scale, get an error result each, without a
 * retry; the others keep their scores (judge-verdict.ts reads the answer).
 *
 * `samples: N` asks N times (sample i has its own cache key) and keeps every sample; the
 * criterion's score is their mean (samples.ts). Every call goes through the run's judging
 * session (judge-session.ts): cache, concurrency bound, budget, usage counted once per call.
 */
import type { EvaluatorFactory } from '../registry.ts';
import type { EvaluationCriteria, EvaluationInput, EvaluationResult, Evaluator, EvaluatorConfig } from '../../../model/evaluation.ts';
import type { ChatRequest } from './openai-client.ts';
import { checkedChat, type FailureCause } from './checked-chat.ts';
import { normalizeScore } from '../normalize.ts';
import { modalScore, summarizeSamples } from '../samples.ts';
import { connect, type NetworkDeps } from './network-deps.ts';
import { buildJudgeMessages, DEFAULT_JUDGE_TEMPLATE, templateProblems, type JudgeMaterial } from './judge-prompt.ts';
import { judgeSchema } from './judge-schema.ts';
import { isOffScale, readVerdict, type JudgedItem, type VerdictItem } from './judge-verdict.ts';
import { criteriaScope } from './criteria-scope.ts';
import { ERROR_SCORE, OptionReader, resolveConnection, skippedEvaluator, type Connection } from './network-config.ts';

export const LLM_JUDGE_TYPE = 'llm_judge';

/** Names the judge's prompt and the reading of its answer in the call cache's key (checked-chat.ts). */
export const LLM_JUDGE_PROMPT_VERSION = 'llm_judge/2';

/** Scored when the config names no criteria, so `- type: llm_judge` plus a connection works. */
export const LLM_JUDGE_CRITERION: EvaluationCriteria = {
  name: 'answer_quality',
  description: 'The answer is correct, answers the question asked, and is supported by the documentation (and the reference answer, when given).',
  scale: 'likert5',
};

export interface LlmJudgeOptions {
  connection: Connection;
  /** null: not sent (reasoning models such as o-series and gpt-5 refuse any value but their default). */
  temperature: number | null;
  promptTemplate?: string;
  /** Judge samples per criterion (repeated judging, samples.ts); default 1. */
  samples?: number;
}

/** The text of the ground truth for the prompt (a structured one as JSON). */
export function groundTruthText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

function material(input: EvaluationInput): JudgeMaterial {
  const reference = groundTruthText(input.groundTruth);
  return {
    ...(input.prompt === undefined ? {} : { question: input.prompt }),
    answer: input.response,
    ...(reference === undefined ? {} : { groundTruth: reference }),
  };
}

/** One judge sample: every criterion of the call scored, or why not. */
type Sample =
  | { ok: true; items: Map<string, VerdictItem>; model: string; attempts: number; cached: boolean; callId?: string }
  | { ok: false; error: string; budget: boolean; cause: FailureCause; attempts: number };

export function createLlmJudge(options: LlmJudgeOptions, scope: (asked: EvaluationCriteria[]) => EvaluationCriteria[], deps: NetworkDeps = {}): Evaluator {
  const { connection } = options;
  const samples = options.samples ?? 1;
  const { client, session } = connect(connection, deps);

  /** Sample `index` of the call: from the cache, or asked until usable within the attempt budget. */
  async function judgeOnce(request: ChatRequest, criteria: readonly EvaluationCriteria[], index: number, signal: AbortSignal | undefined): Promise<Sample> {
    const outcome = await checkedChat({
      session,
      client,
      evaluator: LLM_JUDGE_TYPE,
      promptVersion: LLM_JUDGE_PROMPT_VERSION,
      request,
      sample: index,
      maxAttempts: connection.maxAttempts,
      ...(signal ? { signal } : {}),
      check: (data) => readVerdict(data, criteria),
    });
    if (!outcome.ok) return { ...outcome, error: `llm_judge: ${outcome.error}` };
    const { value: items, ...rest } = outcome;
    return { ...rest, items };
  }

  return {
    type: LLM_JUDGE_TYPE,
    async evaluate(input, asked, evaluateOptions = {}) {
      const { signal } = evaluateOptions;
      const criteria = scope(asked);
      if (criteria.length === 0) return [];
      const started = performance.now();
      const schema = judgeSchema(criteria);
      const request: ChatRequest = {
        model: connection.model,
        messages: buildJudgeMessages(criteria, material(input), options.promptTemplate ?? DEFAULT_JUDGE_TEMPLATE),
        ...(options.temperature === null ? {} : { temperature: options.temperature }),
        response_format: { type: 'json_schema', json_schema: { name: 'criteria_evaluation', strict: true, schema } },
      };
      const outcomes = await Promise.all(Array.from({ length: samples }, (_, i) => judgeOnce(request, criteria, i, signal)));
      const done = outcomes.filter((o): o is Extract<Sample, { ok: true }> => o.ok);
      // Tokens are not here: they are counted once per API call by the session (report.judging).
      const metadata = (): Record<string, unknown> => ({
        model: done[0]?.model ?? connection.model,
        ms: Math.round(performance.now() - started),
        attempts: outcomes.reduce((sum, o) => sum + o.attempts, 0),
        criteriaInCall: criteria.length,
        cached: done.length > 0 && done.every((o) => o.cached),
        ...(done.length === 1 && done[0]?.callId !== undefined ? { callId: done[0].callId } : {}),
        ...(done.length > 1 ? { callIds: done.map((o) => o.callId ?? '') } : {}),
      });
      const failed = outcomes.find((o): o is Extract<Sample, { ok: false }> => !o.ok);
      if (failed) {
        // Any sample missing: the criterion's mean would be over fewer samples than asked; not judged.
        const cause = { ...(failed.budget ? { budget: true } : {}), cause: failed.cause };
        return criteria.map((c) => ({ criterionName: c.name, score: ERROR_SCORE, evaluatorType: LLM_JUDGE_TYPE, error: failed.error, metadata: { ...metadata(), ...cause } }));
      }
      return criteria.map((c): EvaluationResult => {
        const items = done.map((o) => o.items.get(c.name));
        if (items.some((item) => item === undefined)) {
          return { criterionName: c.name, score: ERROR_SCORE, evaluatorType: LLM_JUDGE_TYPE, error: `llm_judge: the judge gave no result for "${c.name}"`, metadata: { ...metadata(), cause: 'evaluator_error' } };
        }
        // A score off its scale unjudges this criterion alone (any sample: the mean would be over fewer samples than asked).
        const off = (items as VerdictItem[]).find(isOffScale);
        if (off) return { criterionName: c.name, score: ERROR_SCORE, evaluatorType: LLM_JUDGE_TYPE, error: `llm_judge: ${off.offScale}`, reasoning: off.reasoning, metadata: { ...metadata(), cause: 'off_scale' } };
        const judged = items as JudgedItem[];
        if (judged.length === 1) return { criterionName: c.name, score: judged[0]!.score, reasoning: judged[0]!.reasoning, evaluatorType: LLM_JUDGE_TYPE, metadata: metadata() };
        const normalized = judged.map((item) => normalizeScore(item.score, c.scale));
        const stats = normalized.every((v) => v !== null) ? summarizeSamples(normalized) : undefined;
        const score = modalScore(judged.map((item) => item.score))!;
        const shown = judged.find((item) => item.score === score) ?? judged[0]!;
        return {
          criterionName: c.name,
          score,
          reasoning: shown.reasoning,
          evaluatorType: LLM_JUDGE_TYPE,
          metadata: { ...metadata(), samples: judged.map((item) => ({ score: item.score, reasoning: item.reasoning })), ...(stats ? { sampleStats: stats } : {}) },
        };
      });
    },
  };
}

const JUDGE_KEYS = ['temperature', 'promptTemplate', 'samples'];

/** The registry factory, with injectable environment (tests); `llmJudgeFactory` uses the process's. */
export function createLlmJudgeFactory(deps: NetworkDeps = {}): EvaluatorFactory {
  return (config, criteria) => {
    const reader = new OptionReader(config, JUDGE_KEYS);
    const scope = criteriaScope(config, criteria);
    const temperature = config['temperature'] === null ? null : (reader.number('temperature', 0, 2) ?? 0);
    const promptTemplate = reader.string('promptTemplate');
    const samples = reader.number('samples', 1, 50, true);
    const problems = promptTemplate === undefined ? [] : templateProblems(promptTemplate);
    if (problems.length > 0) reader.fail(`option promptTemplate: ${problems.join('; ')}`);
    checkCriteria(reader, config, scope(criteria));
    const resolved = resolveConnection(reader, deps.env ?? process.env, { timeoutMs: 60_000 });
    if ('skip' in resolved) return skippedEvaluator(LLM_JUDGE_TYPE, resolved.skip, scope);
    return createLlmJudge(
      { connection: resolved.connection, temperature, ...(promptTemplate === undefined ? {} : { promptTemplate }), ...(samples === undefined ? {} : { samples }) },
      scope,
      deps,
    );
  };
}

/**
 * Named criteria must be defined somewhere: the judge needs each one's description and
 * scale. (The framework resolves names first; this guards direct use of the factory.)
 */
function checkCriteria(reader: OptionReader, config: EvaluatorConfig, known: EvaluationCriteria[]): void {
  const names = (config.criteria ?? []).map((c) => (typeof c === 'string' ? c : c.name));
  const missing = names.filter((name) => !known.some((c) => c.name === name));
  if (missing.length > 0) reader.fail(`criteria not defined in the run: ${missing.join(', ')}`);
}

export const llmJudgeFactory: EvaluatorFactory = createLlmJudgeFactory();
