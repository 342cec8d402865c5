/**
 * The verdict of one metric row. Deterministic metrics (retrieval quality, error
 * counts) change only when behaviour changed, so any change is real. Timing and memory
 * get a threshold model here: a change inside the band is noise, and the verdict is
 * marked indicative. (The statistics issue replaces this with repetitions and CIs.)
 */
import type { MetricDef } from '../score/catalog.ts';
import type { DeltaRow, Verdict } from './types.ts';

export interface NoiseBands {
  /** Relative change treated as noise, per metric group. */
  latency: number;
  memory: number;
  build: number;
}

export const DEFAULT_NOISE_BANDS: NoiseBands = { latency: 0.1, memory: 0.05, build: 0.1 };

const EPSILON = 1e-9;

function directionVerdict(def: MetricDef, absolute: number): Verdict {
  const up = absolute > 0;
  return up === (def.better === 'higher') ? 'better' : 'worse';
}

export function judgeRow(def: MetricDef, baseline: number | null, current: number | null, bands: NoiseBands): DeltaRow {
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
  if (def.deterministic) {
    row.verdict = Math.abs(absolute) <= EPSILON ? 'same' : directionVerdict(def, absolute);
    row.basis = 'deterministic: any change is real';
    return row;
  }
  const band = def.group === 'memory' ? bands.memory : def.group === 'build' ? bands.build : bands.latency;
  row.indicative = true;
  row.basis = `threshold ±${Math.round(band * 100)}%`;
  if (Math.abs(absolute) <= EPSILON) row.verdict = 'same';
  else if (row.relative !== null && Math.abs(row.relative) <= band) row.verdict = 'noise';
  else row.verdict = directionVerdict(def, absolute);
  return row;
}
