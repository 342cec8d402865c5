/**
 * One judge question asked the way every judge in docs-mcp-eval asks it (llm_judge, the
 * grounded metrics, pairwise compare): through the run's judging session, so the same
 * content-addressed cache, concurrency bound, budget and usage totals apply to all of them.
 *
 * The answer must be usable: not refused, not cut off, not empty, JSON, and accepted by the
 * caller's `check`. An unusable answer costs an attempt and is asked again; HTTP retries
 * share the same attempt budget. Only a usable answer is cached, so a refusal or a broken
 * answer is asked again next run instead of being replayed for ever.
 */
import { cacheKey } from '../call-cache.ts';
import { BudgetExhausted, type JudgeSession } from './judge-session.ts';
import { OpenAiError, type ChatCompletion, type ChatRequest, type ChatResult, type OpenAiClient } from './openai-client.ts';

export interface CheckedChat<T> {
  session: JudgeSession;
  client: OpenAiClient;
  /** The evaluator the calls are counted under in the judging totals. */
  evaluator: string;
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
  /** `budget`: the judging budget refused the call (the case is "not judged (budget)", never scored). */
  | { ok: false; error: string; budget: boolean; attempts: number };

export async function checkedChat<T extends object>(ask: CheckedChat<T>): Promise<CheckedOutcome<T>> {
  const { session, client, evaluator, request, signal } = ask;
  const key = cacheKey({ endpoint: 'chat/completions', model: request.model, messages: request.messages, temperature: request.temperature ?? null, response_format: request.response_format, sample: ask.sample ?? 0 });
  const hit = await session.cached<ChatCompletion>(evaluator, request.model, key);
  if (hit) {
    const value = usableValue(hit, ask.check);
    if (value.ok) return { ok: true, value: value.value, cached: true, attempts: 0, model: hit.model || request.model, ...(hit.id ? { callId: hit.id } : {}) };
  }
  let attempts = 0;
  let problem = '';
  while (attempts < ask.maxAttempts) {
    let result: ChatResult;
    try {
      result = await session.call(evaluator, request.model, () => client.chat(request, { maxAttempts: ask.maxAttempts - attempts, ...(signal ? { signal } : {}) }), (r) => r.usage);
    } catch (error) {
      if (error instanceof BudgetExhausted) return { ok: false, error: `not judged (budget): ${error.message}`, budget: true, attempts };
      if (!(error instanceof OpenAiError)) throw error;
      return { ok: false, error: error.message, budget: false, attempts: attempts + error.attempts };
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
  }
  return { ok: false, error: `no usable answer in ${attempts} attempt${attempts === 1 ? '' : 's'}: ${problem}`, budget: false, attempts };
}

/** The checked value of a completion, or why it is unusable. */
export function usableValue<T extends object>(
  completion: Pick<ChatCompletion, 'refusal' | 'finishReason' | 'content'>,
  check: (data: unknown) => T | string,
): { ok: true; value: T } | { ok: false; problem: string } {
  if (completion.refusal !== null) return { ok: false, problem: `the model refused: ${completion.refusal.slice(0, 200)}` };
  if (completion.finishReason === 'length') return { ok: false, problem: 'the answer was cut off (finish_reason length)' };
  if (completion.content === null || completion.content.trim() === '') return { ok: false, problem: 'the answer is empty' };
  let data: unknown;
  try {
    data = JSON.parse(completion.content);
  } catch {
    return { ok: false, problem: `the answer is not JSON: ${JSON.stringify(completion.content.slice(0, 120))}` };
  }
  const value = check(data);
  return typeof value === 'string' ? { ok: false, problem: value } : { ok: true, value };
}
