/**
 * One line of the nightly history: the headline numbers of one main-branch run, small
 * enough that a few hundred lines stay a tiny artifact. Metric ids follow
 * model/metric-catalog.ts, with k in the name, so runs at another k never share a series. It
 * is the trend's data and the reference a pull request's timing and memory rows are
 * judged against (compare/judge-history.ts), so it carries the environment fingerprint:
 * only runs on a comparable machine make up that reference.
 */
import { environmentKey } from './fingerprint.ts';
import { cutoffsOf, type Report } from '../model/report.ts';

export interface HistoryEntry {
  /** When the run's report was made, ISO 8601. */
  date: string;
  sha?: string;
  ref?: string;
  runId?: number;
  event?: string;
  dataset: string;
  datasetHash: string;
  k: number;
  /** environmentKey() of the run's machine; absent in lines written before it existed. */
  environment?: string;
  metrics: Record<string, number | null>;
}

/** Every timing and memory id a history verdict can be made on. */
export const HISTORY_TIMING_IDS = ['search.p50', 'search.p95', 'search.p99', 'fetch.p50', 'fetch.p95', 'answer.p50', 'rss.peak', 'build.ms'] as const;

/** The ids a history line keeps: the quality headline at each cutoff, the timings and memory, errors. */
export function historyMetricIds(cutoffs: number | readonly number[]): string[] {
  const ks = typeof cutoffs === 'number' ? [cutoffs] : cutoffs;
  return [...ks.flatMap((k) => [`mrr@${k}`, `ndcg@${k}`, `recall@${k}`, `hit@${k}`]), ...HISTORY_TIMING_IDS, 'errors'];
}

/** Build time and memory live outside summary.metrics (they are per run, not per case). */
function value(report: Report, id: string): number | null {
  if (id === 'rss.peak') return report.memory?.peakBytes ?? null;
  if (id === 'build.ms') return report.build?.ms ?? null;
  const v = report.summary.metrics[id];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

export function historyEntry(report: Report, extra: { runId?: number | undefined; event?: string | undefined } = {}): HistoryEntry {
  const k = report.settings.k;
  const entry: HistoryEntry = {
    date: report.createdAt,
    dataset: report.dataset.name,
    datasetHash: report.dataset.hash,
    k,
    environment: environmentKey(report.environment),
    metrics: Object.fromEntries(historyMetricIds(cutoffsOf(report.settings)).map((id) => [id, value(report, id)])),
  };
  if (report.git.sha !== undefined) entry.sha = report.git.sha;
  if (report.git.ref !== undefined) entry.ref = report.git.ref;
  if (extra.runId !== undefined) entry.runId = extra.runId;
  if (extra.event !== undefined) entry.event = extra.event;
  return entry;
}
