/**
 * The verdict of one metric row, and the numbers behind it. Three kinds of evidence:
 * quality means get a paired test over per-case scores (judge-quality.ts; what task runs
 * cost, an interval on the paired mean difference: judge-means.ts); timing and
 * memory from the same job get a bootstrap CI of the ratio (judge-timing.ts); anything
 * else (a baseline from another runner, one build each) gets a threshold band and is
 * marked indicative: a hint, never a verdict. The error count is a count: any change is real.
 */
import type { MetricDef } from '../model/metric-catalog.ts';
import { directionVerdict, EPSILON } from './direction.ts';
import type { JudgeContext } from './judge-context.ts';
import { judgeQuality } from './judge-quality.ts';
import { judgeMeans } from './judge-means.ts';
import { judgeTiming } from './judge-timing.ts';
import { casesById, caseValue } from './samples.ts';
import type { DeltaRow } from '../model/comparison.ts';
import type { MetricCount } from '../model/report.ts';
import { countText, isPartial } from '../model/metric-count.ts';

export { DEFAULT_NOISE_BANDS, DEFAULT_STATS, type JudgeContext, type NoiseBands, type StatsOptions } from './judge-context.ts';

/**
 * The sides' counts, when the row's means are not over the same whole set of cases: a
 * case both reports share counts on one side only (an evaluator outage, a case not run),
 * or either side's mean is over part of its cases (then no gate is judged on the row).
 */
function judgedCounts(id: string, ctx: JudgeContext): { judged: NonNullable<DeltaRow['judged']>; differs: boolean } | undefined {
  const before = ctx.baseline.summary.counts?.[id] ?? null;
  const after = ctx.current.summary.counts?.[id] ?? null;
  if (!before && !after) return undefined;
  const baselineCases = casesById(ctx.baseline.cases);
  const differs = ctx.current.cases.some((c) => {
    const was = baselineCases.get(c.id);
    return was !== undefined && (caseValue(was, id) !== undefined) !== (caseValue(c, id) !== undefined);
  });
  if (!differs && !isPartial(before ?? undefined) && !isPartial(after ?? undefined)) return undefined;
  return { judged: { baseline: before, current: after }, differs };
}

const judgedText = (c: MetricCount | null) => (c ? countText(c) : 'none');

/**
 * A mean over other cases on one side (an evaluator outage, cases not run) is not the
 * same metric as the other side's: never called better or unchanged. A real drop over
 * the cases judged on both sides stays worse.
 */
function qualifyByJudged(row: DeltaRow, ctx: JudgeContext): void {
  const counted = judgedCounts(row.id, ctx);
  if (!counted) return;
  row.judged = counted.judged;
  if (!counted.differs) return;
  const counts = `judged ${judgedText(counted.judged.current)} now, ${judgedText(counted.judged.baseline)} in the baseline`;
  if (row.verdict === 'worse') {
    row.basis = `${row.basis}; ${counts}`;
    return;
  }
  row.verdict = 'n/a';
  row.basis = `${counts}: not compared`;
}

export function judgeRow(def: MetricDef, baseline: number | null, current: number | null, ctx: JudgeContext): DeltaRow {
  const row = judgeValues(def, baseline, current, ctx);
  qualifyByJudged(row, ctx);
  return row;
}

function judgeValues(def: MetricDef, baseline: number | null, current: number | null, ctx: JudgeContext): DeltaRow {
  const row: DeltaRow = {
    id: def.id,
    label: def.label,
    group: def.group,
    unit: def.unit,
    better: def.better,
    baseline,
    current,
    absolute: null,
    relative: null,
    verdict: 'n/a',
    basis: 'missing on one side',
    indicative: false,
  };
  if (baseline === null || current === null) return row;
  const absolute = current - baseline;
  row.absolute = absolute;
  row.relative = Math.abs(baseline) > EPSILON ? absolute / Math.abs(baseline) : null;
  if (def.unit === 'count') {
    row.verdict = Math.abs(absolute) <= EPSILON ? 'same' : directionVerdict(def, Math.sign(absolute));
    row.basis = 'a count: any change is real';
    row.evidence = { kind: 'count' };
    return row;
  }
  if (def.exactBand !== undefined) {
    const band = def.exactBand;
    const within = row.relative !== null && Math.abs(row.relative) <= band;
    row.verdict = Math.abs(absolute) <= EPSILON ? 'same' : within ? 'noise' : directionVerdict(def, Math.sign(absolute));
    row.basis = `one measurement per run: a change beyond ±${band * 100}% is real${within && row.verdict === 'noise' ? ', this one is within it' : ''}`;
    return row;
  }
  if (def.deterministic) judgeQuality(row, def, ctx);
  else if (def.group === 'agent') judgeMeans(row, def, ctx);
  else judgeTiming(row, def, ctx);
  return row;
}
