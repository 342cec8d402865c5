/**
 * The Mann-Whitney U test (Wilcoxon rank-sum) of two independent samples, by its normal
 * approximation with the tie correction and the continuity correction: the same numbers
 * as scipy.stats.mannwhitneyu(a, b, alternative='two-sided', method='asymptotic',
 * use_continuity=True). Supporting evidence beside the ratio CI for timings: it asks
 * whether one sample tends to be larger, not by how much, and is robust to the outliers
 * that timings have. The asymptotic form because samples here run to thousands, where
 * exact enumeration is pointless and ties (coarse timer resolution) are common.
 */
import { normalSf } from './normal.ts';

export interface MannWhitney {
  /** U of `a`: pairs (x from a, y from b) with x > y, plus half the ties (scipy's U1). */
  u: number;
  /**
   * (U - nA·nB/2) / σ, continuity-corrected toward 0 by 0.5 and clamped there; positive
   * when `a` tends to be the larger. 0 when every value is tied (σ = 0).
   */
  z: number;
  /** Two-sided p-value. */
  p: number;
  nA: number;
  nB: number;
}

/**
 * Midranks (1-based, ties share the mean of their ranks) of `values`, and the tie term
 * Σ(t³ - t) over groups of t tied values.
 */
function midranks(values: readonly number[]): { ranks: Float64Array; tieTerm: number } {
  const order = Array.from(values.keys()).sort((i, j) => (values[i] ?? 0) - (values[j] ?? 0));
  const ranks = new Float64Array(values.length);
  let tieTerm = 0;
  for (let start = 0; start < order.length; ) {
    let end = start + 1;
    while (end < order.length && values[order[end] ?? 0] === values[order[start] ?? 0]) end += 1;
    // Positions start..end-1 hold rank start+1..end; their mean is (start + 1 + end) / 2.
    const rank = (start + 1 + end) / 2;
    for (let k = start; k < end; k++) ranks[order[k] ?? 0] = rank;
    const t = end - start;
    tieTerm += t * t * t - t;
    start = end;
  }
  return { ranks, tieTerm };
}

/**
 * Mann-Whitney U of `a` against `b`. Non-finite values are dropped first; null when
 * either sample is then empty.
 */
export function mannWhitneyU(a: readonly number[], b: readonly number[]): MannWhitney | null {
  const xs = a.filter((x) => Number.isFinite(x));
  const ys = b.filter((x) => Number.isFinite(x));
  const nA = xs.length;
  const nB = ys.length;
  if (nA === 0 || nB === 0) return null;
  const { ranks, tieTerm } = midranks([...xs, ...ys]);
  let rankSumA = 0;
  for (let i = 0; i < nA; i++) rankSumA += ranks[i] ?? 0;
  const u = rankSumA - (nA * (nA + 1)) / 2;
  const n = nA + nB;
  const mean = (nA * nB) / 2;
  const sigma = Math.sqrt(((nA * nB) / 12) * (n + 1 - tieTerm / (n * (n - 1))));
  // scipy takes max(U1, U2) - mean - 0.5 and doubles its normal tail; max(U1, U2) - mean
  // is |U1 - mean| as U1 + U2 = nA·nB. Below 0 that gives p > 1, which scipy clips to 1,
  // the same as clamping z at 0 here.
  const distance = Math.max(Math.abs(u - mean) - 0.5, 0);
  if (!(sigma > 0) || distance === 0) return { u, z: 0, p: 1, nA, nB };
  const z = (Math.sign(u - mean) * distance) / sigma;
  return { u, z, p: Math.min(1, 2 * normalSf(Math.abs(z))), nA, nB };
}
