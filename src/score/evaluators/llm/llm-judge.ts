/**
 * `llm_judge` (seed 004 FR2.2): one chat completion per case scores every criterion of the
 * evaluator, with structured output (see judge-schema.ts) and the fenced prompt of
 * judge-prompt.ts. Scores are raw, typed per scale (boolean / integer 1..5 / number 0..1 /
 * string); the runner normalises them.
 *
 * Attempts are one budget (`maxAttempts`) shared by HTTP retries and unusable answers
 * (not JSON, off-schema, refused, truncated): an unusable answer costs an attempt and is
 * asked again; when the budget is spent every criterion gets an error result. Criteria the
 * answer leaves out get an error result each, without a retry.
 */
import type { EvaluatorFactory } from '../registry.ts';
import type { EvaluationCriteria, EvaluationInput, EvaluationResult, Evaluator, EvaluatorConfig } from '../types.ts';
import { createOpenAiClient, OpenAiError, type ChatRequest, type ChatResult, type OpenAiClientOptions } from './openai-client.ts';
import { buildJudgeMessages, DEFAULT_JUDGE_TEMPLATE, templateProblems, type JudgeMaterial } from './judge-prompt.ts';
import { judgeSchema, parseJudgeAnswer, type ParsedAnswer } from './judge-schema.ts';
import { criteriaScope } from './criteria-scope.ts';
import { ERROR_SCORE, OptionReader, resolveConnection, skippedEvaluator, type Connection } from './network-config.ts';
import type { Env } from './secrets.ts';

export const LLM_JUDGE_TYPE = 'llm_judge';

/** Scored when the config names no criteria, so `- type: llm_judge` plus a connection works. */
export const LLM_JUDGE_CRITERION: EvaluationCriteria = {
  name: 'answer_quality',
  description: 'The answer is correct, answers the question asked, and is supported by the documentation (and the reference answer, when given).',
  scale: 'likert5',
};

/** What tests (and embedders) may inject; the dataset cannot reach these. */
export interface NetworkDeps {
  env?: Env;
  client?: Partial<Omit<OpenAiClientOptions, 'baseUrl' | 'apiKeyEnv' | 'timeoutMs' | 'maxAttempts'>>;
}

export interface LlmJudgeOptions {
  connection: Connection;
  /** null: not sent (reasoning models such as o-series and gpt-5 refuse any value but their default). */
  temperature: number | null;
  promptTemplate?: string;
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

function interpret(result: ChatResult, schema: Record<string, unknown>): ParsedAnswer {
  if (result.refusal !== null) return { ok: false, problem: `the model refused: ${result.refusal.slice(0, 200)}` };
  if (result.finishReason === 'length') return { ok: false, problem: 'the answer was cut off (finish_reason length)' };
  if (result.content === null || result.content.trim() === '') return { ok: false, problem: 'the answer is empty' };
  return parseJudgeAnswer(result.content, schema);
}

export function createLlmJudge(options: LlmJudgeOptions, scope: (asked: EvaluationCriteria[]) => EvaluationCriteria[], deps: NetworkDeps = {}): Evaluator {
  const { connection } = options;
  const client = createOpenAiClient({
    ...deps.client,
    ...(deps.env === undefined ? {} : { env: deps.env }),
    baseUrl: connection.baseUrl,
    apiKeyEnv: connection.apiKeyEnv,
    timeoutMs: connection.timeoutMs,
  });
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
      const tokens = { prompt: 0, completion: 0, total: 0 };
      let attempts = 0;
      let model = connection.model;
      let requestId: string | undefined;
      // Shared by every result of this call: tokens are per call, so sum them once per callId.
      const metadata = (): Record<string, unknown> => ({
        model,
        tokens: { ...tokens },
        ms: Math.round(performance.now() - started),
        attempts,
        criteriaInCall: criteria.length,
        ...(requestId === undefined ? {} : { callId: requestId }),
      });
      const failAll = (error: string): EvaluationResult[] =>
        criteria.map((c) => ({ criterionName: c.name, score: ERROR_SCORE, evaluatorType: LLM_JUDGE_TYPE, error, metadata: metadata() }));

      let problem = '';
      while (attempts < connection.maxAttempts) {
        let result: ChatResult;
        try {
          result = await client.chat(request, { maxAttempts: connection.maxAttempts - attempts, ...(signal ? { signal } : {}) });
        } catch (error) {
          if (!(error instanceof OpenAiError)) throw error;
          attempts += error.attempts;
          return failAll(`llm_judge: ${error.message}`);
        }
        attempts += result.attempts;
        if (result.model) model = result.model;
        requestId = result.requestId ?? (result.id || requestId);
        tokens.prompt += result.usage?.promptTokens ?? 0;
        tokens.completion += result.usage?.completionTokens ?? 0;
        tokens.total += result.usage?.totalTokens ?? 0;
        const parsed = interpret(result, schema);
        if (parsed.ok) {
          return criteria.map((c): EvaluationResult => {
            const item = parsed.items.get(c.name);
            if (!item) return { criterionName: c.name, score: ERROR_SCORE, evaluatorType: LLM_JUDGE_TYPE, error: `llm_judge: the judge gave no result for "${c.name}"`, metadata: metadata() };
            return { criterionName: c.name, score: item.score, reasoning: item.reasoning, evaluatorType: LLM_JUDGE_TYPE, metadata: metadata() };
          });
        }
        problem = parsed.problem;
      }
      return failAll(`llm_judge: no usable answer in ${attempts} attempt${attempts === 1 ? '' : 's'}: ${problem}`);
    },
  };
}

const JUDGE_KEYS = ['temperature', 'promptTemplate'];

/** The registry factory, with injectable environment (tests); `llmJudgeFactory` uses the process's. */
export function createLlmJudgeFactory(deps: NetworkDeps = {}): EvaluatorFactory {
  return (config, criteria) => {
    const reader = new OptionReader(config, JUDGE_KEYS);
    const scope = criteriaScope(config, criteria);
    const temperature = config['temperature'] === null ? null : (reader.number('temperature', 0, 2) ?? 0);
    const promptTemplate = reader.string('promptTemplate');
    const problems = promptTemplate === undefined ? [] : templateProblems(promptTemplate);
    if (problems.length > 0) reader.fail(`option promptTemplate: ${problems.join('; ')}`);
    checkCriteria(reader, config, scope(criteria));
    const resolved = resolveConnection(reader, deps.env ?? process.env, { timeoutMs: 60_000 });
    if ('skip' in resolved) return skippedEvaluator(LLM_JUDGE_TYPE, resolved.skip, scope);
    return createLlmJudge({ connection: resolved.connection, temperature, ...(promptTemplate === undefined ? {} : { promptTemplate }) }, scope, deps);
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
