/** Network-backed evaluators (LLM judge, semantic similarity) over OpenAI-compatible APIs. */
export { registerNetworkEvaluators } from './register.ts';
export { createLlmJudge, createLlmJudgeFactory, llmJudgeFactory, LLM_JUDGE_CRITERION, LLM_JUDGE_TYPE, type LlmJudgeOptions } from './llm-judge.ts';
export type { NetworkDeps } from './network-deps.ts';
export {
  cosine,
  createSemanticSimilarity,
  createSemanticSimilarityFactory,
  semanticSimilarityFactory,
  SEMANTIC_SIMILARITY_CRITERION,
  SEMANTIC_SIMILARITY_TYPE,
  type SemanticSimilarityOptions,
} from './semantic-similarity.ts';
export { createOpenAiClient, endpointUrl, OpenAiError, type OpenAiClient, type OpenAiClientOptions } from './openai-client.ts';
export { NetworkConfigError } from './network-config.ts';
