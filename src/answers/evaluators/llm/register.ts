/**
 * Adds the network evaluators to a registry, each with its default criterion (used when a
 * config names none). Not registered by createRegistry(): they cost money and need a key,
 * so an entry point opts in.
 */
import type { EvaluatorRegistry } from '../registry.ts';
import { createLlmJudgeFactory, LLM_JUDGE_CRITERION, LLM_JUDGE_TYPE, llmJudgeFactory } from './llm-judge.ts';
import type { NetworkDeps } from './network-deps.ts';
import { registerGroundedEvaluators } from '../grounded/register.ts';
import { createSemanticSimilarityFactory, SEMANTIC_SIMILARITY_CRITERION, SEMANTIC_SIMILARITY_TYPE, semanticSimilarityFactory } from './semantic-similarity.ts';

/** `deps.session` makes every network evaluator of the run share one judging session (cache, concurrency, budget, usage). */
export function registerNetworkEvaluators<R extends Pick<EvaluatorRegistry, 'register'>>(registry: R, deps?: NetworkDeps): R {
  registry.register(LLM_JUDGE_TYPE, deps ? createLlmJudgeFactory(deps) : llmJudgeFactory, { defaultCriterion: LLM_JUDGE_CRITERION });
  registry.register(SEMANTIC_SIMILARITY_TYPE, deps ? createSemanticSimilarityFactory(deps) : semanticSimilarityFactory, { defaultCriterion: SEMANTIC_SIMILARITY_CRITERION });
  // The grounded metrics (faithfulness, context precision and recall, answer relevancy).
  registerGroundedEvaluators(registry, deps);
  return registry;
}
