/**
 * A history store: where the main-branch baseline and history are kept. Two
 * implementations, workflow artifacts (artifact-store.ts), which expire, and a git branch
 * (branch-store.ts), which does not; history-stores.ts picks them per history-store.
 */
import type { Report } from '../model/report.ts';
import type { BaselineInfo } from '../publish/comment/index.ts';
import type { ArtifactExpiry } from '../publish/history/retention.ts';
import type { HistoryEntry } from '../report/history-entry.ts';

export interface StoredBaseline {
  path: string;
  info: BaselineInfo;
}

export type BaselineLookup =
  | { found: StoredBaseline }
  | {
      found: null;
      /** expires_at of the newest stored baseline, when it is there but expired. */
      expiredOn?: string | undefined;
      /** The look-up failed (a warning was logged). */
      failed?: boolean;
    };

export interface TrustedRunSave {
  report: Report;
  reportPath: string;
  outDir: string;
  /** This run's history line. */
  entry: HistoryEntry;
  /** The history as read before the run (loadHistory): what a store without one starts from. */
  previous: readonly HistoryEntry[];
  /** save-baseline: store the report too. */
  saveReport: boolean;
  /** This run's HTML page on the runner: history-pages puts it on the data branch. */
  pagePath?: string | undefined;
  /** history-min-runs: where the dashboard's bands start. */
  historyMinRuns?: number | undefined;
}

export interface SaveOutcome {
  /** The store's history after the save, oldest first (the trend's data). */
  entries: HistoryEntry[];
  /** Markdown lines for the job summary: where it went. */
  lines: string[];
}

export interface HistoryStore {
  readonly kind: 'artifact' | 'branch';
  /** This key's main-branch history, or null when the store holds none (or could not be read: a warning). */
  readHistory(): Promise<HistoryEntry[] | null>;
  /** The stored main-branch report of `sha`, else of its newest ancestor that has one. */
  findBaseline(sha: string, dir: string): Promise<BaselineLookup>;
  /** Stores a trusted run's report and history line. */
  save(run: TrustedRunSave): Promise<SaveOutcome>;
  /** When what it keeps expires: the newest baseline and history artifacts ([] for the branch). */
  retention(): Promise<ArtifactExpiry[]>;
}

