/**
 * One judge question asked the way every judge in docs-mcp-eval asks it (llm_judge, the
 * grounded metrics, pairwise compare): through the run's judging session, so the same
 * content-addressed cache, concurrency bound, budget and usage totals apply to all of them.
 *
 * The answer must be usable: not refused, not cut off, not empty, JSON (bare, or alone in
 * a ``` fence as non-strict providers often send it), and accepted by the caller's
 * `check`. An unusable answer costs an attempt and is asked again; HTTP retries share the
 * same attempt budget. Only a usable answer is cached, so a refusal or a broken answer is
 * asked again next run instead of being replayed for ever.
 *
 * The cache key holds everything that changes a verdict: the endpoint (another server
 * may serve another model under the same name), the whole request (model, messages,
 * response format and every sampling parameter), the caller's prompt version and the
 * sample index.
 */
import { cacheKey } from '../call-cache.ts';
import { chatUsage } from './estimate-tokens.ts';
import { BudgetExhausted, type CallOwner, type JudgeSession } from './judge-session.ts';
import { OpenAiError, type ChatCompletion, type ChatRequest, type ChatResult, type OpenAiClient } from './openai-client.ts';

/** Why a judge call gave no usable answer, as the aggregate counts it (model/evaluation.ts UnjudgedCause). */
export type FailureCause = 'budget' | 'judge_timeout' | 'cut_off' | 'evaluator_error';

export interface CheckedChat<T> {
  session: JudgeSession;
  client: OpenAiClient;
  /** The evaluator the calls are counted under in the judging totals. */
  evaluator: string;
  /** Names the caller's prompt and reading of the answer in the cache key: bump it when either changes what a cached answer means. */
  promptVersion: string;
  request: ChatRequest;
  /** Part of the cache key: N samples of one question are N answers, not one answer N times. */
  sample?: number;
  /** Unusable answers and HTTP retries together. */
  maxAttempts: number;
  signal?: AbortSignal;
  /** The parsed JSON -> the value, or why it is unusable (asked again). */
  check: (data: unknown) => T | string;
  /** Every API call that answered (usable or not), for callers that keep their own usage. */
  onCall?: (result: ChatResult) => void;
}

export type CheckedOutcome<T> =
  | { ok: true; value: T; cached: boolean; attempts: number; model: string; callId?: string }
  /** `budget`: the judging budget refused the call (the case is "not judged (budget)", never scored); `cause` says why for the counts. */
  | { ok: false; error: string; budget: boolean; cause: FailureCause; attempts: number };

/** The cache key of a chat call: endpoint, the whole request, the prompt version, the sample. */
export function chatCacheKey(endpoint: string, request: ChatRequest, promptVersion: string, sample: number): string {
  return cacheKey({ endpoint, route: 'chat/completions', request, promptVersion, sample });
}

export async function checkedChat<T extends object>(ask: CheckedChat<T>): Promise<CheckedOutcome<T>> {
  const { session, client, evaluator, request, signal } = ask;
  const owner: CallOwner = { evaluator, model: request.model, endpoint: client.endpoint };
  const key = chatCacheKey(client.endpoint, request, ask.promptVersion, ask.sample ?? 0);
  const hit = await session.cached<ChatCompletion>(owner, key);
  if (hit) {
    const value = usableValue(hit, ask.check);
    if (value.ok) return { ok: true, value: value.value, cached: true, attempts: 0, model: hit.model || request.model, ...(hit.id ? { callId: hit.id } : {}) };
  }
  let attempts = 0;
  let problem = '';
  let cutOff = false;
  while (attempts < ask.maxAttempts) {
    let result: ChatResult;
    try {
      result = await session.call(owner, () => client.chat(request, { maxAttempts: ask.maxAttempts - attempts, ...(signal ? { signal } : {}) }), (r) => chatUsage(request, r));
    } catch (error) {
      if (error instanceof BudgetExhausted) return { ok: false, error: `not judged (budget): ${error.message}`, budget: true, cause: 'budget', attempts };
      if (!(error instanceof OpenAiError)) throw error;
      return { ok: false, error: error.message, budget: false, cause: error.kind === 'timeout' ? 'judge_timeout' : 'evaluator_error', attempts: attempts + error.attempts };
    }
    attempts += result.attempts;
    ask.onCall?.(result);
    const value = usableValue(result, ask.check);
    if (value.ok) {
      const { ms: _ms, attempts: _attempts, requestId, ...completion } = result;
      await session.remember(key, completion);
      const callId = requestId ?? (result.id || undefined);
      return { ok: true, value: value.value, cached: false, attempts, model: result.model || request.model, ...(callId ? { callId } : {}) };
    }
    problem = value.problem;
    cutOff = result.finishReason === 'length';
  }
  const cause = cutOff ? 'cut_off' : 'evaluator_error';
  return { ok: false, error: `no usable answer in ${attempts} attempt${attempts === 1 ? '' : 's'}: ${problem}`, budget: false, cause, attempts };
}

/** Exactly one ``` fence (with or without a language tag) around the JSON; two or more are ambiguous. */
const FENCE = /```[\w-]*[ \t]*\r?\n([\s\S]*?)\r?\n?```/g;

/** The JSON of an answer: the text itself, or the body of its only fenced block. */
export function parseAnswerJson(content: string): { ok: true; data: unknown } | { ok: false } {
  try {
    return { ok: true, data: JSON.parse(content) };
  } catch {
    const fences = [...content.matchAll(FENCE)];
    if (fences.length !== 1) return { ok: false };
    try {
      return { ok: true, data: JSON.parse(fences[0]![1]!) };
    } catch {
      return { ok: false };
    }
  }
}

/** The checked value of a completion, or why it is unusable. */
export function usableValue<T extends object>(
  completion: Pick<ChatCompletion, 'refusal' | 'finishReason' | 'content'>,
  check: (data: unknown) => T | string,
): { ok: true; value: T } | { ok: false; problem: string } {
  if (completion.refusal !== null) return { ok: false, problem: `the model refused: ${completion.refusal.slice(0, 200)}` };
  if (completion.finishReason === 'length') return { ok: false, problem: 'the answer was cut off (finish_reason length)' };
  if (completion.content === null || completion.content.trim() === '') return { ok: false, problem: 'the answer is empty' };
  const parsed = parseAnswerJson(completion.content);
  if (!parsed.ok) return { ok: false, problem: `the answer is not JSON: ${JSON.stringify(completion.content.slice(0, 120))}` };
  const value = check(parsed.data);
  return typeof value === 'string' ? { ok: false, problem: value } : { ok: true, value };
}
