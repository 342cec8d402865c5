/**
 * Macro average over queries: every query weighs the same, however many relevant
 * docs or hits it has. This is how trec_eval's "all" line and ranx average a per-query
 * metric (MRR = mean of RR, MAP = mean of AP, mean NDCG@k, ...).
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
