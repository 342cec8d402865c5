/**
 * Percentile-bootstrap confidence intervals (Efron & Tibshirani 1993, ch. 13): resample
 * with replacement, recompute the statistic, and take the (1 - level)/2 and
 * 1 - (1 - level)/2 quantiles of what comes out. For the mean of paired differences, a
 * quantile of one sample, and the ratio of a quantile between two independent samples
 * (current / baseline latency). Seeded, so a report's intervals are reproducible.
 *
 * Quantiles are Hyndman & Fan type 7, the definition of percentile() in
 * retrieval/metrics/latency.ts, so a bootstrapped p95 is the p95 the report prints. These run
 * for every timing row of every comparison (thousands of samples, thousands of draws),
 * so a resample is never sorted: the sample is sorted once, a draw counts how often each
 * sorted position was picked, and walking those counts gives the resample's order
 * statistics in O(n) instead of O(n log n).
 * Non-finite samples (a timing that failed to be measured) are dropped first.
 */
import { DEFAULT_SEED, seededRng, type Rng } from './random.ts';

export interface Interval {
  lower: number;
  upper: number;
  /** Confidence level, e.g. 0.95. */
  level: number;
  /** Bootstrap draws the interval was read from. */
  draws: number;
}

export interface BootstrapOptions {
  seed?: number;
  /** Resamples; default 2000. */
  draws?: number;
  /** Confidence level in (0, 1); default 0.95. */
  level?: number;
}

export interface RatioEstimate {
  /** quantile(current) / quantile(baseline) on the full samples. */
  ratio: number;
  interval: Interval;
}

export const BOOTSTRAP_DRAWS = 2000;
export const BOOTSTRAP_LEVEL = 0.95;

interface Settings {
  rng: Rng;
  draws: number;
  level: number;
}

function settings(options: BootstrapOptions): Settings {
  const draws = options.draws ?? BOOTSTRAP_DRAWS;
  const level = options.level ?? BOOTSTRAP_LEVEL;
  if (!Number.isSafeInteger(draws) || draws < 1) throw new RangeError(`draws must be a positive integer, got ${draws}`);
  if (!(level > 0 && level < 1)) throw new RangeError(`level must be in (0, 1), got ${level}`);
  return { rng: seededRng(options.seed ?? DEFAULT_SEED), draws, level };
}

function checkQuantile(q: number): void {
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantile must be in [0, 1], got ${q}`);
}

function finiteSorted(xs: readonly number[]): number[] {
  return xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
}

/**
 * Type-7 interpolation between the order statistics a = x[⌊h⌋] and b = x[⌊h⌋ + 1], as
 * percentile() does it, so results agree bit for bit on finite values. The a === b case
 * is added for the ratio's infinite draws: Infinity + t·(Infinity - Infinity) is NaN.
 */
function interpolate(a: number, b: number, t: number): number {
  return t === 0 || a === b ? a : a + t * (b - a);
}

/** The type-7 p-quantile of an ascending list (p in [0, 1]); NaN when it is empty. */
function quantileOfSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  return interpolate(sorted[lo] ?? Number.NaN, sorted[hi] ?? Number.NaN, h - lo);
}

/** The percentile interval of the bootstrap statistics (sorted here, in place). */
function intervalOf(stats: Float64Array, level: number): Interval {
  stats.sort();
  const tail = (1 - level) / 2;
  return { lower: quantileOfSorted(stats, tail), upper: quantileOfSorted(stats, 1 - tail), level, draws: stats.length };
}

/** Fills `counts` with how often each sorted position was drawn in one resample. */
type Draw = (counts: Int32Array, rng: Rng) => void;

/** Plain resampling: n positions drawn with replacement from all n. */
function drawAll(n: number): Draw {
  return (counts, rng) => {
    for (let k = 0; k < n; k++) counts[rng.int(n)]! += 1;
  };
}

/** Stratified resampling: each stratum (its sorted positions) redrawn within itself, keeping its size. */
function drawWithin(strata: readonly Int32Array[]): Draw {
  return (counts, rng) => {
    for (const positions of strata) {
      const m = positions.length;
      for (let k = 0; k < m; k++) counts[positions[rng.int(m)]!]! += 1;
    }
  };
}

/**
 * A function that reads the type-7 q-quantile of a resample of an ascending sample, the
 * resample given as `counts` (how often each sorted position was drawn). The resample
 * sorted is each sorted[i] repeated counts[i] times, so its k-th order statistic is the
 * sorted[i] at which the running count first exceeds k.
 */
function quantileOfCounts(sorted: readonly number[], q: number): (counts: Int32Array) => number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const t = h - lo;
  return (counts) => {
    let i = 0;
    let seen = counts[0] ?? 0;
    while (seen <= lo) seen += counts[++i] ?? 0;
    const a = sorted[i] ?? Number.NaN;
    if (t === 0) return a;
    // t > 0 means lo + 1 <= n - 1. Rank lo + 1 is the same element if it was drawn
    // more than once past rank lo, else the next position drawn at all.
    if (seen <= lo + 1) {
      i += 1;
      while ((counts[i] ?? 1) === 0) i += 1;
    }
    return interpolate(a, sorted[i] ?? Number.NaN, t);
  };
}

/** A function that resamples an ascending sample (the positions `draw` picks) and returns the resample's q-quantile. */
function quantileResampler(sorted: readonly number[], q: number, draw: Draw = drawAll(sorted.length)): (rng: Rng) => number {
  const counts = new Int32Array(sorted.length);
  const read = quantileOfCounts(sorted, q);
  return (rng) => {
    counts.fill(0);
    draw(counts, rng);
    return read(counts);
  };
}

/** Percentile-bootstrap CI of the mean of `values`, or null when none is finite. */
export function bootstrapMeanCi(values: readonly number[], options: BootstrapOptions = {}): Interval | null {
  const { rng, draws, level } = settings(options);
  const xs = values.filter((x) => Number.isFinite(x));
  const n = xs.length;
  if (n === 0) return null;
  const stats = new Float64Array(draws);
  for (let b = 0; b < draws; b++) {
    let sum = 0;
    for (let k = 0; k < n; k++) sum += xs[rng.int(n)] ?? Number.NaN;
    stats[b] = sum / n;
  }
  return intervalOf(stats, level);
}

/** Percentile-bootstrap CI of the q-quantile (q in [0, 1]) of one sample, or null when none is finite. */
export function bootstrapQuantileCi(samples: readonly number[], q: number, options: BootstrapOptions = {}): Interval | null {
  return bootstrapQuantileCis(samples, [q], options)[0] ?? null;
}

/**
 * bootstrapQuantileCi for several quantiles of one sample, each read from the same
 * resamples: the same intervals as one call per quantile with the same options (each
 * call would draw the same seeded resamples), for the cost of one. Drawing is the whole
 * cost: a run-level p50 and p95 over 10,000 cases' timings took ~1.5 s as two calls.
 * One entry per quantile, null when no sample is finite.
 */
export function bootstrapQuantileCis(samples: readonly number[], qs: readonly number[], options: BootstrapOptions = {}): (Interval | null)[] {
  for (const q of qs) checkQuantile(q);
  const { rng, draws, level } = settings(options);
  const sorted = finiteSorted(samples);
  if (sorted.length === 0) return qs.map(() => null);
  const draw = drawAll(sorted.length);
  const counts = new Int32Array(sorted.length);
  const reads = qs.map((q) => quantileOfCounts(sorted, q));
  const stats = qs.map(() => new Float64Array(draws));
  for (let b = 0; b < draws; b++) {
    counts.fill(0);
    draw(counts, rng);
    for (const [j, read] of reads.entries()) stats[j]![b] = read(counts);
  }
  return stats.map((s) => intervalOf(s, level));
}

/** The pooled finite values of `groups`, sorted, with each group's positions in that order. */
function pooledStrata(groups: readonly (readonly number[])[]): { sorted: number[]; strata: Int32Array[] } {
  const tagged = groups.flatMap((g, group) => g.filter((x) => Number.isFinite(x)).map((value) => ({ value, group })));
  tagged.sort((a, b) => a.value - b.value);
  const positions: number[][] = groups.map(() => []);
  tagged.forEach((t, i) => positions[t.group]!.push(i));
  return { sorted: tagged.map((t) => t.value), strata: positions.filter((p) => p.length > 0).map((p) => Int32Array.from(p)) };
}

/**
 * The ratio of pooled q-quantiles, current / base, with a stratified percentile-bootstrap
 * CI: each group (a case: both arms ran the same cases) is resampled within itself, so
 * every draw keeps the mix of fast and slow cases and the interval reflects only the
 * call-to-call noise the two runs differ by. Pooled resampling would add the spread
 * between cases, which is the same on both sides, and hide a 10% change behind it.
 * Null as bootstrapRatioCi.
 */
export function bootstrapStratifiedRatioCi(
  base: readonly (readonly number[])[],
  current: readonly (readonly number[])[],
  q: number,
  options: BootstrapOptions = {},
): RatioEstimate | null {
  checkQuantile(q);
  const { rng, draws, level } = settings(options);
  const a = pooledStrata(base);
  const b = pooledStrata(current);
  if (a.sorted.length === 0 || b.sorted.length === 0) return null;
  const baseQuantile = quantileOfSorted(a.sorted, q);
  if (baseQuantile === 0) return null;
  const ratio = quantileOfSorted(b.sorted, q) / baseQuantile;
  const resampleBase = quantileResampler(a.sorted, q, drawWithin(a.strata));
  const resampleCurrent = quantileResampler(b.sorted, q, drawWithin(b.strata));
  return { ratio, interval: ratioInterval(resampleBase, resampleCurrent, rng, draws, level) };
}

/** Draws the ratio `draws` times; 0/0 draws are no ratio and are left out. */
function ratioInterval(resampleBase: (rng: Rng) => number, resampleCurrent: (rng: Rng) => number, rng: Rng, draws: number, level: number): Interval {
  const stats = new Float64Array(draws);
  let kept = 0;
  for (let b = 0; b < draws; b++) {
    const qb = resampleBase(rng);
    const r = resampleCurrent(rng) / qb;
    if (!Number.isNaN(r)) stats[kept++] = r;
  }
  return intervalOf(stats.subarray(0, kept), level);
}

/**
 * quantile_q(current) / quantile_q(base) with a percentile-bootstrap CI, each side
 * resampled independently in every draw (the runs are independent samples, not pairs).
 * Null when either side has no finite sample or the base quantile is 0 (no ratio).
 *
 * A draw whose base resample has quantile 0 gives ±Infinity (kept: the ratio is
 * unbounded there, and the interval should say so) or, when the current one is 0 too,
 * 0/0, which is no ratio at all; those draws are left out and `draws` counts the rest.
 * Meant for positive measurements (latency, memory, build time), where neither happens
 * unless most samples are 0.
 */
export function bootstrapRatioCi(base: readonly number[], current: readonly number[], q: number, options: BootstrapOptions = {}): RatioEstimate | null {
  checkQuantile(q);
  const { rng, draws, level } = settings(options);
  const sortedBase = finiteSorted(base);
  const sortedCurrent = finiteSorted(current);
  if (sortedBase.length === 0 || sortedCurrent.length === 0) return null;
  const baseQuantile = quantileOfSorted(sortedBase, q);
  if (baseQuantile === 0) return null;
  const ratio = quantileOfSorted(sortedCurrent, q) / baseQuantile;
  return { ratio, interval: ratioInterval(quantileResampler(sortedBase, q), quantileResampler(sortedCurrent, q), rng, draws, level) };
}
