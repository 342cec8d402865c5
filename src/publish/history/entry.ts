/**
 * One line of the nightly history: the headline numbers of one main-branch run, small
 * enough that a few hundred lines stay a tiny artifact. Metric ids follow
 * score/catalog.ts, with k in the name, so runs at another k never share a series.
 */
import type { Report } from '../../report/types.ts';

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
  metrics: Record<string, number | null>;
}

/** The ids a history line keeps, at cutoff k. */
export function historyMetricIds(k: number): string[] {
  return [`mrr@${k}`, `ndcg@${k}`, `recall@${k}`, `hit@${k}`, 'search.p50', 'search.p95', 'fetch.p50', 'rss.peak', 'build.ms', 'errors'];
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
    metrics: Object.fromEntries(historyMetricIds(k).map((id) => [id, value(report, id)])),
  };
  if (report.git.sha !== undefined) entry.sha = report.git.sha;
  if (report.git.ref !== undefined) entry.ref = report.git.ref;
  if (extra.runId !== undefined) entry.runId = extra.runId;
  if (extra.event !== undefined) entry.event = extra.event;
  return entry;
}
