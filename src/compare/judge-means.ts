/**
 * What task runs cost (turns, tool calls, tokens, money, time; the `agent` rows): means
 * over tasks of a model's behaviour, which varies from run to run even when nothing
 * changed, so no per-task change is taken as real. The row is judged on the interval of
 * the mean per-task difference (current − baseline), paired by task: a t-interval at
 * 1 − alpha, over at least MIN_PAIRS tasks. Only an interval that excludes 0 is a change;
 * the paired sign-flip test and the win/loss counts are shown beside it as evidence.
 */
import type TQuantile from '@stdlib/stats-base-dists-t-quantile';
import type { MetricDef } from '../model/metric-catalog.ts';
import type { DeltaRow } from '../model/comparison.ts';
import { meanOf, signFlipTest } from '../stats/index.ts';
import { lazyRequire } from '../shared/lazy-require.ts';
import { directionVerdict, EPSILON } from './direction.ts';
import type { JudgeContext } from './judge-context.ts';
import { pairedValues } from './samples.ts';

const tQuantile = lazyRequire<typeof TQuantile>('@stdlib/stats-base-dists-t-quantile');

/** Fewer tasks in both runs than this and the interval is not computed: two tasks say nothing about a mean. */
export const MIN_PAIRS = 3;

/** The t-interval of the mean of `d` at `level`, or null below MIN_PAIRS values. */
export function meanInterval(d: readonly number[], level: number): { lower: number; upper: number; level: number } | null {
  const n = d.length;
  if (n < MIN_PAIRS) return null;
  const mean = meanOf(d)!;
  const sd = Math.sqrt(d.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (n - 1));
  const half = tQuantile()(1 - (1 - level) / 2, n - 1) * (sd / Math.sqrt(n));
  return { lower: mean - half, upper: mean + half, level };
}

const fmt = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 1 ? x.toFixed(2) : x.toPrecision(2));

export function judgeMeans(row: DeltaRow, def: MetricDef, ctx: JudgeContext): void {
  const pairs = pairedValues(ctx.baseline.cases, ctx.current.cases, def.id);
  const diffs = pairs.map((p) => p.current - p.baseline);
  if (!diffs.some((d) => Math.abs(d) > EPSILON)) {
    const moved = Math.abs(row.absolute ?? 0) > EPSILON;
    row.verdict = moved ? 'noise' : 'same';
    row.basis = moved ? 'no task in both runs changed; the mean moved with the tasks added or removed' : 'no task changed';
    return;
  }
  const { alpha, seed } = ctx.options;
  const ci = meanInterval(diffs, 1 - alpha);
  const test = signFlipTest(diffs, { seed });
  const good = def.better === 'higher' ? 1 : -1;
  const wins = diffs.filter((d) => d * good > EPSILON).length;
  const losses = diffs.filter((d) => d * good < -EPSILON).length;
  row.evidence = { kind: 'paired', n: test.n, p: test.p, exact: test.exact, draws: test.draws, alpha, wins, ties: diffs.length - wins - losses, losses, meanDifferenceCi: ci };
  if (!ci) {
    row.verdict = 'noise';
    row.basis = `${pairs.length} task(s) in both runs: at least ${MIN_PAIRS} are needed for an interval on the mean`;
    return;
  }
  const sign = ci.lower > EPSILON ? 1 : ci.upper < -EPSILON ? -1 : 0;
  const interval = `mean difference ${fmt(meanOf(diffs)!)} [${fmt(ci.lower)}, ${fmt(ci.upper)}] (${Math.round(ci.level * 100)}% t-interval over ${pairs.length} tasks)`;
  row.verdict = sign === 0 ? 'noise' : directionVerdict(def, sign);
  row.basis = `${interval}${sign === 0 ? ': includes 0' : ''}`;
  row.cases = pairs.filter((_, i) => diffs[i]! * good < -EPSILON).map((p) => p.id);
}
