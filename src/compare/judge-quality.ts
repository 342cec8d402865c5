/**
 * Quality rows (MRR, NDCG, pass rate, ...). For a deterministic server each per-case
 * change is real and is listed as a case change; whether the change of the mean
 * generalises beyond these cases is a statistical question, answered with a paired
 * sign-flip randomization test over the per-case scores (Smucker, Allan & Carterette
 * 2007 found it the test to use for IR metrics), shown with a bootstrap CI of the mean
 * difference and win/tie/loss counts as ranx reports them.
 */
import type { MetricDef } from '../model/metric-catalog.ts';
import { bootstrapMeanCi, signFlipTest } from '../stats/index.ts';
import { directionVerdict, EPSILON } from './direction.ts';
import type { JudgeContext } from './judge-context.ts';
import { pairedValues } from './samples.ts';
import type { DeltaRow } from '../model/comparison.ts';

/**
 * The exact two-sided sign-flip test over m changed cases can reach no p below 2 / 2^m =
 * 2^(1-m) (every change in one direction). When that is not below alpha the test CANNOT
 * call any change real, however large: say so, and how many changed cases it would need.
 * Answer scores are per-case means (of judge samples), so this counts cases, not samples.
 */
export function casesNeeded(alpha: number): number {
  let m = 1;
  while (2 ** (1 - m) >= alpha) m++;
  return m;
}

export function powerNote(changed: number, alpha: number): string | undefined {
  const smallest = 2 ** (1 - changed);
  if (changed > 0 && smallest < alpha) return undefined;
  return `too few changed cases to detect a change: with ${changed} the smallest p this test can reach is ${smallest.toFixed(3)} (not below α = ${alpha}); it needs at least ${casesNeeded(alpha)} changed cases, all in one direction`;
}

function formatP(p: number): string {
  return p < 0.001 ? '< 0.001' : `= ${p.toFixed(3)}`;
}

export function judgeQuality(row: DeltaRow, def: MetricDef, ctx: JudgeContext): void {
  const pairs = pairedValues(ctx.baseline.cases, ctx.current.cases, def.id);
  const diffs = pairs.map((p) => p.current - p.baseline);
  const changed = diffs.some((d) => Math.abs(d) > EPSILON);
  if (!changed) {
    const meanMoved = Math.abs(row.absolute ?? 0) > EPSILON;
    row.verdict = meanMoved ? 'noise' : 'same';
    row.basis = meanMoved ? 'no case in both runs changed; the mean moved with the cases added or removed' : 'no case changed';
    return;
  }
  const { seed, draws, alpha } = ctx.options;
  const test = signFlipTest(diffs, { seed });
  const ci = bootstrapMeanCi(diffs, { seed, draws });
  // Wins and losses in the metric's good direction (fewer rounds is a win).
  const good = def.better === 'higher' ? 1 : -1;
  const wins = diffs.filter((d) => d * good > EPSILON).length;
  const losses = diffs.filter((d) => d * good < -EPSILON).length;
  row.evidence = {
    kind: 'paired',
    n: test.n,
    p: test.p,
    exact: test.exact,
    draws: test.draws,
    alpha,
    wins,
    ties: diffs.length - wins - losses,
    losses,
    meanDifferenceCi: ci ? { lower: ci.lower, upper: ci.upper, level: ci.level } : null,
  };
  const significant = test.p < alpha && Math.abs(test.meanDifference) > EPSILON;
  row.verdict = significant ? directionVerdict(def, Math.sign(test.meanDifference)) : 'noise';
  const power = significant ? undefined : powerNote(test.nonZero, alpha);
  if (power) row.power = { changed: test.nonZero, cases: test.n, needed: casesNeeded(alpha), alpha, smallestP: 2 ** (1 - test.nonZero) };
  row.basis = `paired sign-flip test, p ${formatP(test.p)}, ${wins} win / ${losses} loss of ${test.n}${significant ? '' : ': not significant'}${power ? `; ${power}` : ''}`;
  row.cases = pairs.filter((_, i) => diffs[i]! * good < -EPSILON).map((p) => p.id);
}
