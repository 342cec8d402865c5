/** Which way a change goes for a metric: the words every judge uses. */
import type { MetricDef } from '../model/metric-catalog.ts';
import type { Verdict } from '../model/comparison.ts';

/** Floating-point slack: a change smaller than this is no change. */
export const EPSILON = 1e-9;

/** better/worse for a change of `sign` (+1 up, -1 down) of a metric. */
export function directionVerdict(def: MetricDef, sign: number): Verdict {
  return sign > 0 === (def.better === 'higher') ? 'better' : 'worse';
}
