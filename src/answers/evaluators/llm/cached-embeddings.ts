/**
 * One embeddings request through the run's judging session, as semantic_similarity and
 * answer_relevancy make it: from the call cache when the same inputs were embedded
 * before (counted as a hit, no usage), else asked under the concurrency bound and the
 * budget, its usage counted once, and remembered. Errors pass through: BudgetExhausted
 * ("not judged (budget)") and OpenAiError are the caller's to word.
 */
import { cacheKey } from '../call-cache.ts';
import { embeddingsUsage } from './estimate-tokens.ts';
import type { CallOwner, JudgeSession } from './judge-session.ts';
import type { EmbeddingsOptions, EmbeddingsResult, OpenAiClient } from './openai-client.ts';
import type { Embeddings } from './openai-shapes.ts';

export type EmbeddingsOutcome = { cached: true; model: string; vectors: number[][] } | ({ cached: false } & EmbeddingsResult);

export async function cachedEmbeddings(session: JudgeSession, evaluator: string, client: OpenAiClient, inputs: string[], options: EmbeddingsOptions): Promise<EmbeddingsOutcome> {
  // The endpoint is part of the key: another server may serve another model under the same name.
  const key = cacheKey({ endpoint: client.endpoint, route: 'embeddings', model: options.model, input: inputs, dimensions: options.dimensions ?? null });
  const owner: CallOwner = { evaluator, model: options.model, endpoint: client.endpoint };
  const hit = await session.cached<Embeddings>(owner, key);
  if (hit && hit.vectors.length === inputs.length) return { cached: true, model: hit.model, vectors: hit.vectors };
  const fresh = await session.call(owner, () => client.embeddings(inputs, options), (r) => embeddingsUsage(inputs, r));
  await session.remember(key, { model: fresh.model, vectors: fresh.vectors });
  return { cached: false, ...fresh };
}
