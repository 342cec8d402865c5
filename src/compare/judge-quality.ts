/**
 * Quality rows (MRR, NDCG, pass rate, ...). For a deterministic server each per-case
 * change is real and is listed as a case change; whether the change of the mean
 * generalises beyond these cases is a statistical question, answered with a paired
 * sign-flip randomization test over the per-case scores (Smucker, Allan & Carterette
 * 2007 found it the test to use for IR metrics), shown with a bootstrap CI of the mean
 * difference and win/tie/loss counts as ranx reports them.
 */
import type { MetricDef } from '../score/catalog.ts';
import { bootstrapMeanCi, signFlipTest } from '../stats/index.ts';
import { directionVerdict, EPSILON } from './direction.ts';
import type { JudgeContext } from './judge-context.ts';
import { pairedValues } from './samples.ts';
import type { DeltaRow } from './types.ts';

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
  row.basis = `paired sign-flip test, p ${formatP(test.p)}, ${wins} win / ${losses} loss of ${test.n}${significant ? '' : ': not significant'}`;
  row.cases = pairs.filter((_, i) => diffs[i]! * good < -EPSILON).map((p) => p.id);
}
