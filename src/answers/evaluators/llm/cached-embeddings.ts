/**
 * One embeddings request through the run's judging session, as semantic_similarity and
 * answer_relevancy make it: from the call cache when the same inputs were embedded
 * before (counted as a hit, no usage), else asked under the concurrency bound and the
 * budget, its usage counted once, and remembered. Errors pass through: BudgetExhausted
 * ("not judged (budget)") and OpenAiError are the caller's to word.
 */
import { cacheKey } from '../call-cache.ts';
import type { JudgeSession } from './judge-session.ts';
import type { EmbeddingsOptions, EmbeddingsResult, OpenAiClient } from './openai-client.ts';
import type { Embeddings } from './openai-shapes.ts';

export type EmbeddingsOutcome = { cached: true; model: string; vectors: number[][] } | ({ cached: false } & EmbeddingsResult);

export async function cachedEmbeddings(session: JudgeSession, evaluator: string, client: OpenAiClient, inputs: string[], options: EmbeddingsOptions): Promise<EmbeddingsOutcome> {
  const key = cacheKey({ endpoint: 'embeddings', model: options.model, input: inputs, dimensions: options.dimensions ?? null });
  const hit = await session.cached<Embeddings>(evaluator, options.model, key);
  if (hit && hit.vectors.length === inputs.length) return { cached: true, model: hit.model, vectors: hit.vectors };
  const fresh = await session.call(evaluator, options.model, () => client.embeddings(inputs, options), (r) => (r.usage ? { promptTokens: r.usage.promptTokens, completionTokens: 0 } : undefined));
  await session.remember(key, { model: fresh.model, vectors: fresh.vectors });
  return { cached: false, ...fresh };
}
