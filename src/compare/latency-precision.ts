/**
 * When a same-job A/B has measured enough. Per-call latency on a shared runner is noisy
 * (two back-to-back calls of one query differ by ±20% and more on a busy 2-vCPU VM), so a
 * fixed number of repetitions is either too few there or wasted on a quiet machine. The
 * run therefore keeps adding repetitions until every search and fetch median row that can
 * be judged has a CI narrow enough to decide it, or a cap is reached: the stopping rule looks
 * only at the CI's width, never at where the estimate lies, so it does not bias the
 * verdict (stopping on the estimate itself would: optional stopping).
 *
 * Narrow enough: half-width at most PRECISION_SHARE of the row's minimum effect (on the log
 * scale). A change of twice the minimum effect then has a lower CI bound above the minimum
 * in all but ~0.2% of runs (normal approximation), and an A/A run can only alarm when its
 * estimate is off by more than 1.4× the minimum effect.
 */
import { callLatencies, type CallKind, type CaseObservation } from '../model/observation.ts';
import type { StatsOptions } from './judge-context.ts';
import { MIN_CASES } from './judge-timing.ts';
import { pairedSamples } from './samples.ts';
import { pairedRatioCi } from '../stats/index.ts';

/** CI half-width target as a share of the minimum effect. */
export const PRECISION_SHARE = 0.4;

/**
 * The median rows judged case by case (samples.ts) that more repetitions can narrow: extra
 * repetitions run the retrieval cases only (run-suite.ts), so answer.p50 never drives them.
 */
const MEDIAN_ROWS: readonly { id: string; kind: CallKind }[] = [
  { id: 'search.p50', kind: 'search' },
  { id: 'fetch.p50', kind: 'fetch' },
];

export interface RowPrecision {
  id: string;
  /** Half-width of the 95% CI of the ratio, as a relative change (0.031 = ±3.1%). */
  halfWidth: number;
  target: number;
  cases: number;
}

export interface PrecisionCheck {
  /** Every judgeable median row is within its target (true when none is judgeable: more repetitions would not help). */
  settled: boolean;
  /** The rows that were judgeable, widest first. */
  rows: RowPrecision[];
}

function samplesByCase(observations: readonly CaseObservation[], kind: CallKind): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const o of observations) {
    const xs = callLatencies(o)[kind];
    if (xs.length === 0) continue;
    const list = out.get(o.caseId);
    if (list) list.push(...xs);
    else out.set(o.caseId, [...xs]);
  }
  return out;
}

/** Half-width on the log scale, back as a relative change: exp((ln U − ln L) / 2) − 1. */
function relativeHalfWidth(lower: number, upper: number): number {
  return Math.exp((Math.log(upper) - Math.log(lower)) / 2) - 1;
}

export function latencyPrecision(base: readonly CaseObservation[], head: readonly CaseObservation[], stats: StatsOptions): PrecisionCheck {
  const rows: RowPrecision[] = [];
  for (const { id, kind } of MEDIAN_ROWS) {
    const pairs = pairedSamples(samplesByCase(base, kind), samplesByCase(head, kind));
    if (pairs.length < MIN_CASES) continue;
    const estimate = pairedRatioCi(pairs, 0.5, { seed: stats.seed, draws: stats.draws });
    if (!estimate) continue;
    const target = (stats.minEffectFor[id] ?? stats.minEffect) * PRECISION_SHARE;
    rows.push({ id, halfWidth: relativeHalfWidth(estimate.interval.lower, estimate.interval.upper), target, cases: estimate.pairs });
  }
  rows.sort((a, b) => b.halfWidth - b.target - (a.halfWidth - a.target));
  return { settled: rows.every((r) => r.halfWidth <= r.target), rows };
}
