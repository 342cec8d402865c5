/**
 * Latency summaries. Percentiles use linear interpolation between closest ranks,
 * Hyndman & Fan (1996) definition 7: numpy's default `method='linear'`, R's default
 * `quantile(type = 7)`, Excel PERCENTILE.INC. Chosen because it is the default people
 * check numbers against, and it is defined for any n >= 1 (a single sample is its own
 * p99) without inventing values outside [min, max].
 * Nothing is rounded here; rendering rounds.
 */
import type { LatencySummary } from '../../model/report.ts';

/**
 * The p-quantile (p in [0, 1]) of an ascending-sorted list:
 * h = (n − 1)·p, result = x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋ + 1] − x[⌊h⌋]) (0-based x).
 * p outside [0, 1] is clamped; an empty list or a NaN p gives NaN (callers that can
 * see an empty list use summarizeLatency, which returns null instead).
 */
export function percentile(sorted: readonly number[], p: number): number {
  const n = sorted.length;
  if (n === 0 || Number.isNaN(p)) return Number.NaN;
  const h = (n - 1) * Math.min(Math.max(p, 0), 1);
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  const a = sorted[lo] ?? Number.NaN;
  const b = sorted[hi] ?? Number.NaN;
  const t = h - lo;
  return t === 0 ? a : a + t * (b - a);
}

/**
 * n, mean, min, max, p50, p95, p99 of latency samples (ms), or null when there are none.
 * Non-finite samples (NaN, ±Infinity) are dropped first: a timing that failed to be
 * measured is not a measurement, and one NaN would otherwise poison every statistic.
 * `n` counts the samples kept. The input is not mutated.
 */
export function summarizeLatency(samples: readonly number[]): LatencySummary | null {
  const sorted = samples.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return null;
  let sum = 0;
  for (const x of sorted) sum += x;
  return {
    n,
    mean: sum / n,
    min: sorted[0] ?? Number.NaN,
    max: sorted[n - 1] ?? Number.NaN,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
  };
}
