/**
 * Seed 004's score normalisation: every result becomes a 0..1 number, or null when its
 * score has no place on its criterion's scale. Null never fails a run: it only keeps the
 * score out of the weighted aggregate (the raw score stays in the results for the report),
 * and the aggregate then calls the case not judged. Which scales exist and what each
 * means is scales.ts; an unknown scale is rejected when the dataset loads, so here it is
 * only ever null.
 */
import { normalizeOn, parseScale } from './scales.ts';
import type { EvaluationScale } from '../../model/evaluation.ts';

/**
 * `score` is `unknown` because custom evaluators can return anything; non-scores -> null.
 * Numeric strings ('4', ' 0.75 ') count as their number: LLM judges often answer in text.
 */
export function normalizeScore(score: unknown, scale: EvaluationScale): number | null {
  const spec = parseScale(scale);
  return typeof spec === 'string' ? null : normalizeOn(spec, score);
}
