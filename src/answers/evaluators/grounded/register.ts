/**
 * Adds the grounded metrics (ragas' faithfulness, context precision, context recall and
 * answer relevancy) to a registry, each with its numeric default criterion of the same
 * name. Network evaluators like llm_judge: registered where the network ones are.
 */
import type { EvaluatorRegistry } from '../registry.ts';
import type { NetworkDeps } from '../llm/network-deps.ts';
import { answerRelevancy } from './answer-relevancy.ts';
import { contextPrecision } from './context-precision.ts';
import { contextRecall } from './context-recall.ts';
import { faithfulness } from './faithfulness.ts';
import { createGroundedFactory, type GroundedMetric } from './metric.ts';

export const GROUNDED_METRICS: readonly GroundedMetric<never>[] = [faithfulness, contextPrecision, contextRecall, answerRelevancy] as unknown as GroundedMetric<never>[];

/** Types that judge against the case's context (the loader asks such cases for a `context`). */
export const CONTEXT_TYPES: readonly string[] = GROUNDED_METRICS.filter((m) => m.needs.context).map((m) => m.type);
/** Types that need the case's groundTruth. */
export const REFERENCE_TYPES: readonly string[] = GROUNDED_METRICS.filter((m) => m.needs.reference).map((m) => m.type);

export function registerGroundedEvaluators<R extends Pick<EvaluatorRegistry, 'register'>>(registry: R, deps: NetworkDeps = {}): R {
  for (const metric of GROUNDED_METRICS) registry.register(metric.type, createGroundedFactory(metric, deps), { defaultCriterion: metric.criterion });
  return registry;
}
