/**
 * Adds the network evaluators to a registry, each with its default criterion (used when a
 * config names none). Not registered by createRegistry(): they cost money and need a key,
 * so an entry point opts in.
 */
import type { EvaluatorRegistry } from '../registry.ts';
import { LLM_JUDGE_CRITERION, LLM_JUDGE_TYPE, llmJudgeFactory } from './llm-judge.ts';
import { SEMANTIC_SIMILARITY_CRITERION, SEMANTIC_SIMILARITY_TYPE, semanticSimilarityFactory } from './semantic-similarity.ts';
import { registerGroundedEvaluators } from '../grounded/register.ts';

export function registerNetworkEvaluators<R extends Pick<EvaluatorRegistry, 'register'>>(registry: R): R {
  registry.register(LLM_JUDGE_TYPE, llmJudgeFactory, { defaultCriterion: LLM_JUDGE_CRITERION });
  registry.register(SEMANTIC_SIMILARITY_TYPE, semanticSimilarityFactory, { defaultCriterion: SEMANTIC_SIMILARITY_CRITERION });
  // The grounded metrics (faithfulness, context precision and recall, answer relevancy).
  registerGroundedEvaluators(registry);
  return registry;
}
