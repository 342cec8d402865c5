/** The comparison of a current report with a baseline: plain data for renderers. */
import type { ConfidenceInterval as Ci, MetricCount, Report, SamplingInfo } from './report.ts';
import type { MetricGroup, MetricUnit } from './metric-catalog.ts';
import type { GateOutcome } from './gates.ts';

/** What a main-branch history can detect, from its spread (compare/history-reach.ts). */
export interface HistoryReach {
  /** The run-to-run spread: sd of the ln values over the history's runs. */
  spread: number;
  runs: number;
  /** Smallest change the row can call, as a fraction: worse above +up, better below −down. */
  up: number;
  down: number;
  /** Changes caught 19 times in 20: from +reliableUp, from −reliableDown. */
  reliableUp: number;
  reliableDown: number;
}

/**
 * better / worse: a real change in the metric's good or bad direction; same: no change
 * at all; noise: a change the statistics do not call real (within noise, or not
 * significant); n/a: not comparable (one side missing).
 */
export type Verdict = 'better' | 'worse' | 'same' | 'noise' | 'n/a';


/**
 * The numbers behind a row's verdict, shown to reviewers in a collapsed block:
 * - paired: per-case scores, paired sign-flip randomization test (quality metrics);
 * - ratio: same-job samples, bootstrap CI of the ratio current/baseline of a statistic
 *   (median, p95) with Mann-Whitney U as supporting evidence (latency, memory);
 * - threshold: no statistics possible (another runner, one build each): a relative band;
 * - history: a baseline from another run, judged against the main-branch history's spread;
 * - count: a count of errored cases, where any change is real.
 */
export type Evidence =
  | {
      kind: 'paired';
      n: number;
      p: number;
      exact: boolean;
      draws: number;
      alpha: number;
      wins: number;
      ties: number;
      losses: number;
      /** Bootstrap CI of the mean per-case difference (current - baseline). */
      meanDifferenceCi: Ci | null;
    }
  | {
      kind: 'ratio';
      statistic: string;
      ratio: number;
      ci: Ci;
      draws: number;
      nBaseline: number;
      nCurrent: number;
      minEffect: number;
      mannWhitneyP: number | null;
    }
  | { kind: 'threshold'; band: number; why: string }
  /**
   * Judged against the main-branch history: a prediction interval for one new run (compare/judge-history.ts),
   * and what a history with this spread can detect at all (compare/history-reach.ts).
   */
  | { kind: 'history'; runs: number; center: number; lower: number; upper: number; ratio: number; level: number; minEffect: number; reach: HistoryReach }
  | { kind: 'count' };

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
  evidence?: Evidence;
  /** Over how many cases each side's mean is, and why the rest are missing: set when the sides count other cases (an evaluator outage on one side) or either is over part of its cases (no gate is judged on it). */
  judged?: { baseline: MetricCount | null; current: MetricCount | null };
  /** Cases behind a change in the bad direction (regressed cases; the most slowed cases), for gates and annotations. */
  cases?: string[];
  /** Quality rows the exact paired test could not call: too few changed cases (or cases in all) to reach p < alpha. */
  power?: PowerShortfall;
}

/** The sign-flip test over m changed cases reaches no p below 2^(1-m): how far this row was from being callable. */
export interface PowerShortfall {
  /** Cases whose value changed (nonzero differences). */
  changed: number;
  /** Cases in both runs. */
  cases: number;
  /** Changed cases, all in one direction, the test needs at alpha. */
  needed: number;
  alpha: number;
  /** The smallest p reachable with `changed` changed cases. */
  smallestP: number;
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
  /** The status, pass/fail or first relevant rank within the top k (hit@k) changed: listed under the delta table, never only in a collapsed block. */
  flipped?: boolean;
  /** Answer cases: validations passed before / after, and the score; task cases: every judged run passed, and the pass rate. */
  kind?: 'retrieval' | 'answer' | 'task';
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
  /** What differs between the two fingerprints (empty when the same). */
  environmentDifferences: string[];
  /** Both reports come from one same-job A/B run: latency and memory verdicts are measured, not indicative. */
  sameJob: boolean;
  /** Same job: how the samples were taken (repetitions made, adaptive sampling, server CPUs), from the head report. */
  sampling?: { repetitions: number; adaptive?: SamplingInfo; serverCpus?: string };
  rows: DeltaRow[];
  caseChanges: CaseChange[];
  addedCases: string[];
  removedCases: string[];
  /**
   * The main-branch history timing and memory rows were judged against (absent without a
   * history): how many matching runs it had, how many it needs, and why others did not match.
   */
  history?: { runs: number; minRuns: number; otherDataset: number; otherMachine: number };
  /** Rows with a measurement-backed verdict; indicative rows are counted apart. */
  counts: { better: number; worse: number; unchanged: number; indicativeBetter: number; indicativeWorse: number };
}

/** What a run gives its caller: the report, the comparison with the baseline when there is one, and the gates. */
export interface Evaluation {
  report: Report;
  comparison: Comparison | null;
  /** Same-job A/B: the base arm's report (the comparison's baseline). */
  baseReport?: Report;
  /** The stored baseline report the comparison was made with, for renderers that show its cases (the HTML page's ranked lists side by side). */
  baselineReport?: Report;
  /** Why there is no comparison, when there is none. */
  baselineNote?: string;
  stoppedEarly?: string;
  /** The fail-on gates: value gates on the run, change gates on the comparison (unjudged without one). */
  gates?: GateOutcome;
}
