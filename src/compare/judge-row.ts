/**
 * The verdict of one metric row, and the numbers behind it. Three kinds of evidence:
 * quality means get a paired test over per-case scores (judge-quality.ts); timing and
 * memory from the same job get a bootstrap CI of the ratio (judge-timing.ts); anything
 * else (a baseline from another runner, one build each) gets a threshold band and is
 * marked indicative: a hint, never a verdict. The error count is a count: any change is real.
 */
import type { MetricDef } from '../score/catalog.ts';
import { directionVerdict, EPSILON, type JudgeContext } from './judge-context.ts';
import { judgeQuality } from './judge-quality.ts';
import { judgeTiming } from './judge-timing.ts';
import type { DeltaRow } from './types.ts';

export { DEFAULT_NOISE_BANDS, DEFAULT_STATS, type JudgeContext, type NoiseBands, type StatsOptions } from './judge-context.ts';

export function judgeRow(def: MetricDef, baseline: number | null, current: number | null, ctx: JudgeContext): DeltaRow {
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
  if (def.deterministic) judgeQuality(row, def, ctx);
  else judgeTiming(row, def, ctx);
  return row;
}
