/**
 * Timing and memory rows against the main-branch history: a real verdict from the
 * run-to-run spread of earlier main-branch runs of the same dataset on a comparable
 * machine (same environment fingerprint), where one stored baseline alone can only be
 * a hint. The method: a prediction interval for one new run on log values. With the N
 * most recent matching runs' values x₁…x_N (N ≥ minRuns), y = ln x, mean m, sample sd s:
 *
 *   ln(current) is expected within m ± t(1 − α/2, N − 1) · s · √(1 + 1/N)
 *
 * Logs, because timings and memory are positive and their spread scales with their
 * size (a ratio, not a difference, is what stays put); a prediction interval, not a
 * confidence interval of the mean, because one new run is judged, with its own noise;
 * Student's t, because s comes from few runs. The row is *worse* only when the current
 * value lies above the interval AND exceeds the history's geometric mean by more than
 * the minimum effect (so a very quiet history does not call a 1% change real), *better*
 * the mirror image, else within noise. α defaults to 0.01: with several timing rows per
 * run, 0.05 would alarm on most runs of an unchanged server. Calibrated by
 * `npm run bench:history`. Pure.
 */
import type { HistoryEntry } from '../report/history-entry.ts';
import { studentT } from './student-t.ts';
import type { MetricDef } from '../model/metric-catalog.ts';
import { directionVerdict, EPSILON } from './direction.ts';
import { historyReach } from './history-reach.ts';
import type { DeltaRow } from '../model/comparison.ts';

export interface HistoryOptions {
  /** Matching runs needed before the history judges (fewer: the row stays indicative). */
  minRuns: number;
  /** Most recent matching runs used (older ones describe an older main). */
  maxRuns: number;
  /** Two-sided level of the prediction interval. */
  alpha: number;
}

export const DEFAULT_HISTORY_OPTIONS: HistoryOptions = { minRuns: 5, maxRuns: 30, alpha: 0.01 };


/** A spread no history goes below: identical runs (a cached build time) would otherwise call any change real. */
const MIN_LOG_SD = 0.005;

/** The history a report is judged against: what matched, and why the rest did not. */
export interface HistoryReference {
  entries: HistoryEntry[];
  /** Entries left out, by reason, for the "how many more runs" note. */
  otherDataset: number;
  otherMachine: number;
}

/** The entries of the same dataset (hash) and machine (fingerprint), newest last, at most maxRuns. */
export function matchingHistory(history: readonly HistoryEntry[], datasetHash: string, environment: string, options: HistoryOptions): HistoryReference {
  let otherDataset = 0;
  let otherMachine = 0;
  const entries: HistoryEntry[] = [];
  for (const e of history) {
    if (e.datasetHash !== datasetHash) otherDataset++;
    else if (e.environment !== environment) otherMachine++;
    else entries.push(e);
  }
  return { entries: entries.slice(-options.maxRuns), otherDataset, otherMachine };
}

export interface HistoryEstimate {
  runs: number;
  /** The run-to-run spread the interval is built from: the sd of the ln values (with its floor). */
  spread: number;
  /** Geometric mean of the history's values. */
  center: number;
  /** The prediction interval, in the metric's own unit. */
  lower: number;
  upper: number;
  /** current / center. */
  ratio: number;
}

/** The prediction interval for one new run from `values` (all > 0), with the current value's ratio to the center. */
export function predictionInterval(values: readonly number[], current: number, alpha: number): HistoryEstimate | null {
  const logs = values.filter((v) => v > 0 && Number.isFinite(v)).map(Math.log);
  const n = logs.length;
  if (n < 2 || !(current > 0)) return null;
  const mean = logs.reduce((a, b) => a + b, 0) / n;
  const sd = Math.max(MIN_LOG_SD, Math.sqrt(logs.reduce((a, y) => a + (y - mean) ** 2, 0) / (n - 1)));
  const half = studentT(1 - alpha / 2, n - 1) * sd * Math.sqrt(1 + 1 / n);
  return { runs: n, spread: sd, center: Math.exp(mean), lower: Math.exp(mean - half), upper: Math.exp(mean + half), ratio: current / Math.exp(mean) };
}

/**
 * Judges `row` against the history when it holds enough matching runs with a value for
 * this metric; returns false (row untouched) otherwise, with how many are missing.
 */
export function judgeAgainstHistory(row: DeltaRow, def: MetricDef, reference: HistoryReference, options: HistoryOptions, minEffect: number): { judged: true } | { judged: false; runs: number } {
  const values = reference.entries.map((e) => e.metrics[def.id]).filter((v): v is number => typeof v === 'number');
  if (values.length < options.minRuns || row.current === null) return { judged: false, runs: values.length };
  const estimate = predictionInterval(values, row.current, options.alpha);
  if (!estimate) return { judged: false, runs: values.length };
  const up = row.current > estimate.upper && estimate.ratio > 1 + minEffect;
  const down = row.current < estimate.lower && estimate.ratio < 1 - minEffect;
  row.indicative = false;
  if (up || down) row.verdict = directionVerdict(def, up ? 1 : -1);
  else row.verdict = Math.abs(row.absolute ?? 0) <= EPSILON ? 'same' : 'noise';
  const level = Math.round((1 - options.alpha) * 100);
  const reach = historyReach(estimate.spread, estimate.runs, options.alpha, minEffect);
  row.evidence = { kind: 'history', runs: estimate.runs, center: estimate.center, lower: estimate.lower, upper: estimate.upper, ratio: estimate.ratio, level: 1 - options.alpha, minEffect, reach };
  row.basis = `history of ${estimate.runs} main-branch runs (same dataset and machine): ${level}% prediction interval, ratio to their geometric mean ${estimate.ratio.toFixed(3)}, min effect ±${Math.round(minEffect * 100)}%`;
  return { judged: true };
}
