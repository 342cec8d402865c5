/** The comparison of a current report with a baseline: plain data for renderers. */
import type { MetricGroup, MetricUnit } from '../score/catalog.ts';

/**
 * better / worse: a change in the metric's good or bad direction; same: no change at all;
 * noise: a change within the noise band of a non-deterministic metric; n/a: one side missing.
 */
export type Verdict = 'better' | 'worse' | 'same' | 'noise' | 'n/a';

export interface DeltaRow {
  id: string;
  label: string;
  group: MetricGroup;
  unit: MetricUnit;
  better: 'higher' | 'lower';
  baseline: number | null;
  current: number | null;
  /** current - baseline. */
  absolute: number | null;
  /** (current - baseline) / |baseline|; null when the baseline is 0 or missing. */
  relative: number | null;
  verdict: Verdict;
  /** How the verdict was reached, shown to reviewers (e.g. "threshold ±10%"). */
  basis: string;
  /** True when the verdict is a hint, not a measurement-backed call (e.g. latency across runners). */
  indicative: boolean;
}

export interface CaseChange {
  id: string;
  name: string;
  category: string;
  direction: 'regressed' | 'improved';
  /** 1-based rank of the first relevant id; null when none was retrieved. */
  rankBefore: number | null;
  rankAfter: number | null;
  ndcgBefore: number | null;
  ndcgAfter: number | null;
  statusBefore: string;
  statusAfter: string;
  /** Answer cases: validations passed before / after, and the score. */
  kind?: 'retrieval' | 'answer';
  passedBefore?: boolean;
  passedAfter?: boolean;
  scoreBefore?: number | null;
  scoreAfter?: number | null;
}

export interface Comparison {
  baselineLabel: string;
  sameDataset: boolean;
  baselineDataset: { name: string; hash: string };
  currentDataset: { name: string; hash: string };
  sameEnvironment: boolean;
  rows: DeltaRow[];
  caseChanges: CaseChange[];
  addedCases: string[];
  removedCases: string[];
  /** Rows with a measurement-backed verdict; indicative rows are counted apart. */
  counts: { better: number; worse: number; unchanged: number; indicativeBetter: number; indicativeWorse: number };
}
