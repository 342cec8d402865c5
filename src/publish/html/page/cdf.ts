/**
 * Latency distributions as empirical CDFs on one shared x axis (uPlot draws aligned
 * series): at most `points` x values, the pooled quantiles of every run's samples, and
 * per run the share of its samples at or below each. Pure (unit-tested in Node).
 */

/** The share of `sorted` (ascending) at or below x. */
export function shareAtOrBelow(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return sorted.length === 0 ? 0 : lo / sorted.length;
}

/** Up to `points` values spread over the sorted pool by rank (every value when there are fewer), ascending and distinct. */
function grid(pool: readonly number[], points: number): number[] {
  if (pool.length <= points) return [...new Set(pool)];
  const out: number[] = [];
  for (let i = 0; i < points; i++) out.push(pool[Math.round((i * (pool.length - 1)) / (points - 1))]!);
  return [...new Set(out)];
}

/** x: the shared latency values (ms); y[i]: run i's CDF at each x (null for a run without samples). */
export function cdfSeries(samples: readonly (readonly number[])[], points = 400): { x: number[]; y: (number | null)[][] } {
  const sorted = samples.map((s) => s.filter((v) => Number.isFinite(v)).sort((a, b) => a - b));
  const pool = sorted.flat().sort((a, b) => a - b);
  const x = grid(pool, points);
  return { x, y: sorted.map((s) => x.map((v) => (s.length === 0 ? null : shareAtOrBelow(s, v)))) };
}

/**
 * The ticks of a log axis over the data's own range: 1 to 9 times each power of ten inside
 * it (the chart labels 1, 2 and 5). uPlot's own log ticks assume a range of whole decades
 * and, over one that starts between two ticks, can step forever (the chart then fails).
 */
export function logTicks(min: number, max: number): number[] {
  const ticks: number[] = [];
  if (!(min > 0) || !(max >= min) || !Number.isFinite(max)) return ticks;
  for (let e = Math.floor(Math.log10(min)); 10 ** e <= max; e++) {
    for (let m = 1; m <= 9; m++) {
      const v = Number((m * 10 ** e).toPrecision(12));
      if (v >= min && v <= max) ticks.push(v);
    }
  }
  return ticks;
}
