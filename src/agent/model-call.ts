/**
 * One model turn, asked the way the judges ask theirs (answers/evaluators/llm): through a
 * judging session, so the call cache (content-addressed on disk), the run's budget and
 * the usage totals apply to agent calls too. The cache key is the endpoint, the model and
 * the full request (the conversation, the tools, the sampling settings), plus the task
 * run's repetition and arm: a re-run of an unchanged pull request replays every turn and
 * costs nothing, while the k repetitions of a task stay k samples. Only a readable reply
 * is cached, so a failed one is asked again next time.
 */
import { cacheKey } from '../answers/evaluators/call-cache.ts';
import { BudgetExhausted, type CallUsage, type JudgeSession } from '../answers/evaluators/llm/judge-session.ts';
import { estimateTokens } from '../answers/evaluators/llm/estimate-tokens.ts';
import { OpenAiError, type OpenAiClient } from '../answers/evaluators/llm/openai-client.ts';
import type { TaskArm } from '../model/task.ts';
import type { Conversation, ModelProvider, ModelReply, RequestSettings } from './conversation.ts';

/** What the judging session counts agent calls under. */
export const AGENT_EVALUATOR = 'agent';

export interface ModelAccess {
  provider: ModelProvider;
  client: OpenAiClient;
  session: JudgeSession;
  settings: RequestSettings;
  maxAttempts: number;
  requestTimeoutMs: number;
}

export type Asked =
  | { ok: true; reply: ModelReply; cached: boolean; ms: number }
  /** `why`: the run's budget refused the call, the call was aborted (the task's time is up), or it failed for good. */
  | { ok: false; why: 'budget' | 'aborted' | 'error'; message: string };

export async function askModel(access: ModelAccess, conversation: Conversation, run: { repetition: number; arm: TaskArm }, signal: AbortSignal): Promise<Asked> {
  const { provider, client, session, settings } = access;
  const body = provider.request(conversation, settings);
  const owner = { evaluator: AGENT_EVALUATOR, model: settings.model, endpoint: client.endpoint };
  // The endpoint is in the key: another server (or none) must be asked, never replayed.
  const key = cacheKey({ endpoint: client.endpoint, route: provider.path, provider: provider.name, model: settings.model, request: body, repetition: run.repetition, arm: run.arm });
  const hit = await session.cached<ModelReply>(owner, key);
  if (hit) return { ok: true, reply: hit, cached: true, ms: 0 };
  try {
    const { reply, ms } = await session.call(
      owner,
      async () => {
        const answer = await client.post(provider.path, body, { signal, timeoutMs: access.requestTimeoutMs, maxAttempts: access.maxAttempts });
        const parsed = provider.parse(answer.body);
        if (typeof parsed === 'string') throw new OpenAiError(`the response is not a ${provider.name} chat answer: ${parsed}`, { kind: 'bad_response', attempts: answer.attempts, ms: answer.ms });
        return { reply: parsed, ms: answer.ms };
      },
      ({ reply: r }) => replyUsage(body, r),
    );
    await session.remember(key, reply);
    return { ok: true, reply, cached: false, ms };
  } catch (error) {
    if (error instanceof BudgetExhausted) return { ok: false, why: 'budget', message: error.message };
    if (error instanceof OpenAiError) return { ok: false, why: error.kind === 'aborted' || signal.aborted ? 'aborted' : 'error', message: error.message };
    throw error;
  }
}

/**
 * A turn's usage for the budget: the provider's, else estimated from the request and the
 * reply (as the judges' calls are, estimate-tokens.ts), so a provider that omits usage
 * cannot turn a dollar or token budget off.
 */
export function replyUsage(request: unknown, reply: ModelReply): CallUsage {
  const u = reply.usage;
  if (u.promptTokens > 0 || u.completionTokens > 0) return { promptTokens: u.promptTokens, completionTokens: u.completionTokens, ...(u.cachedTokens ? { cachedTokens: u.cachedTokens } : {}) };
  const said = reply.text + JSON.stringify(reply.toolCalls);
  return { promptTokens: estimateTokens(JSON.stringify(request)), completionTokens: estimateTokens(said), estimated: true };
}
