/**
 * The one arithmetic mean of the project. Over queries it is the macro average: every
 * query weighs the same, however many relevant docs or hits it has, as trec_eval's "all"
 * line and ranx average a per-query metric (MRR = mean of RR, MAP = mean of AP, mean
 * NDCG@k, ...); the answer aggregates and repeated answers average the same way.
 */

/**
 * Arithmetic mean, or null for an empty list: "no cases" is not "scored 0", and the
 * report renders null as a dash rather than a misleading zero. A NaN in the input
 * propagates (per-query metrics here are always finite, so a NaN is a bug to see).
 */
export function meanOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}
