/** Grounded answer metrics as ragas defines them, judged by an OpenAI-compatible model against the case's context. */
export { registerGroundedEvaluators, GROUNDED_METRICS, CONTEXT_TYPES, REFERENCE_TYPES } from './register.ts';
export { createGroundedFactory, groundingOf, type GroundedMetric, type MetricOutcome, type MetricRun } from './metric.ts';
export { FAITHFULNESS_TYPE } from './faithfulness.ts';
export { CONTEXT_PRECISION_TYPE } from './context-precision.ts';
export { CONTEXT_RECALL_TYPE } from './context-recall.ts';
export { ANSWER_RELEVANCY_TYPE } from './answer-relevancy.ts';
export { rankWeightedPrecision, share, questionCosines } from './scores.ts';
