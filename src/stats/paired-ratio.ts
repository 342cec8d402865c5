/**
 * The typical ratio current / base over matched groups (cases both arms ran): per group,
 * the ratio of its q-quantiles (medians), then their geometric mean, with a percentile-
 * bootstrap CI from resampling the groups. Each group is compared with itself, so the
 * spread between fast and slow cases drops out entirely, and what is left is the
 * call-to-call noise and how the effect varies across cases. The geometric mean is the
 * mean on the log scale, where a ratio and its inverse weigh the same.
 */
import { bootstrapMeanCi, type BootstrapOptions, type RatioEstimate } from './bootstrap.ts';

/** The type-7 q-quantile of the finite values, NaN when there are none. */
function quantile(xs: readonly number[], q: number): number {
  const sorted = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const a = sorted[lo]!;
  const b = sorted[Math.min(lo + 1, n - 1)]!;
  return h === lo ? a : a + (h - lo) * (b - a);
}

export interface PairedRatioEstimate extends RatioEstimate {
  /** Groups with a positive quantile on both sides (the others are left out). */
  pairs: number;
}

/** Null when no group has a positive, finite quantile on both sides. */
export function pairedRatioCi(
  pairs: readonly { base: readonly number[]; current: readonly number[] }[],
  q: number,
  options: BootstrapOptions = {},
): PairedRatioEstimate | null {
  const logs: number[] = [];
  for (const p of pairs) {
    const r = quantile(p.current, q) / quantile(p.base, q);
    if (Number.isFinite(r) && r > 0) logs.push(Math.log(r));
  }
  if (logs.length === 0) return null;
  const ci = bootstrapMeanCi(logs, options);
  if (!ci) return null;
  const mean = logs.reduce((s, x) => s + x, 0) / logs.length;
  return { ratio: Math.exp(mean), interval: { ...ci, lower: Math.exp(ci.lower), upper: Math.exp(ci.upper) }, pairs: logs.length };
}
