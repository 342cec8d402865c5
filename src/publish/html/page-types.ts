/**
 * The data the page embeds, as the page script reads it: plain types and the element
 * ids, importing nothing but the model, so the browser code (page/, checked with the DOM
 * library and no Node types) can share them with the writer.
 */
import type { Report } from '../../model/report.ts';
import type { Comparison } from '../../model/comparison.ts';
import type { GateOutcome } from '../../model/gates.ts';
import type { MetricUnit } from '../../model/metric-catalog.ts';

export type PageKind = 'run' | 'merge' | 'compare';

export type RunRole = 'current' | 'baseline' | 'configuration';

/** A run's report without its cases (they are written apart). */
export type RunHeader = Omit<Report, 'cases'>;

export interface PageRun {
  name: string;
  role: RunRole;
  report: RunHeader;
}

export interface TrendBand {
  /** Geometric mean of the runs before, and the prediction interval around it. */
  center: number;
  lower: number;
  upper: number;
  /** Runs the interval was made from. */
  runs: number;
}

export interface TrendPoint {
  /** A short sha, else the day, else the run's position. */
  label: string;
  date: string;
  sha?: string;
  value: number | null;
  /** null until minRuns matching runs came before this one. */
  band: TrendBand | null;
  /** The value lies outside its band. */
  outside: 'above' | 'below' | null;
  /** The run this page is about (appended after the history). */
  current?: true;
}

export interface TrendSeries {
  metric: string;
  label: string;
  unit: MetricUnit;
  better: 'higher' | 'lower';
  /** Two-sided level of the bands (0.99), null for a metric drawn without one. */
  level: number | null;
  minRuns: number;
  points: TrendPoint[];
}

/** The JSON in the page's meta element. */
export interface PageMeta {
  kind: PageKind;
  title: string;
  /** The primary cutoff and every cutoff, of the first run. */
  k: number;
  cutoffs: number[];
  runs: PageRun[];
  comparison: Comparison | null;
  gates: GateOutcome | null;
  trends: TrendSeries[];
  notes: string[];
}

/** Element ids the page script reads: the meta and run i's cases. */
export const META_ID = 'dme-meta';
export const casesId = (run: number): string => `dme-cases-${run}`;

/** One key's runs in a dashboard trend: the key's own trend (its bands from its own runs). */
export interface DashboardLine {
  key: string;
  points: TrendPoint[];
}

/** A metric over every key's main-branch runs: one line per key. */
export interface DashboardTrend extends Omit<TrendSeries, 'points'> {
  lines: DashboardLine[];
}

/** A key's row in the dashboard's table. */
export interface DashboardKey {
  /** The folder's name on the branch, shown as text. */
  key: string;
  /** The relative address of the key's newest page (`<key>/report.html`): only for a plain key name with a page. */
  link: string | null;
  /** The newest run's dataset. */
  dataset: string | null;
  /** Readable history lines, and the lines that were not. */
  runs: number;
  skipped: number;
  newest: { date: string; sha?: string } | null;
}

/** The JSON in a history dashboard's data element. */
export interface DashboardMeta {
  kind: 'dashboard';
  title: string;
  keys: DashboardKey[];
  trends: DashboardTrend[];
  notes: string[];
}

/** The element id of a dashboard's data: the page script mounts a dashboard when it is there. */
export const DASHBOARD_ID = 'dme-dashboard';
