/**
 * What a call used, when the provider does not say. Some "OpenAI-compatible" servers
 * omit `usage`; counting such a call as free would let a budget allow unbounded spend.
 * Its tokens are then estimated from the text sent and received at 4 characters a token
 * (OpenAI's rule of thumb for English text; code and other languages take more tokens a
 * character, so this errs low), and the call is marked estimated: the report says which
 * totals and costs are estimates.
 */
import type { CallUsage } from './judge-session.ts';
import type { ChatCompletion, ChatRequest, Embeddings } from './openai-client.ts';

export const CHARS_PER_TOKEN = 4;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** A chat call's usage: the provider's, else estimated from the messages sent and the answer (or refusal) received. */
export function chatUsage(request: ChatRequest, completion: Pick<ChatCompletion, 'usage' | 'content' | 'refusal'>): CallUsage {
  const given = completion.usage;
  if (given) return { promptTokens: given.promptTokens, completionTokens: given.completionTokens, ...(given.cachedTokens ? { cachedTokens: given.cachedTokens } : {}) };
  const prompt = estimateTokens(request.messages.map((m) => m.content).join('\n'));
  return { promptTokens: prompt, completionTokens: estimateTokens(completion.content ?? completion.refusal ?? ''), estimated: true };
}

/** An embeddings call's usage: the provider's, else estimated from the inputs. */
export function embeddingsUsage(inputs: readonly string[], result: Pick<Embeddings, 'usage'>): CallUsage {
  if (result.usage) return { promptTokens: result.usage.promptTokens, completionTokens: 0 };
  return { promptTokens: inputs.reduce((sum, text) => sum + estimateTokens(text), 0), completionTokens: 0, estimated: true };
}
