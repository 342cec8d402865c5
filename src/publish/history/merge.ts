/**
 * Two copies of one history (the artifact's and the data branch's) joined into one, so
 * moving between the stores loses no run: every line of either, each run once, oldest
 * first. A run is known by its workflow run id (a re-run of it replaces its line, as
 * appendHistory does); a line without one by its date, commit, dataset and k. Pure.
 */
import type { HistoryEntry } from '../../report/history-entry.ts';

export function entryIdentity(e: HistoryEntry): string {
  return e.runId !== undefined ? `run:${e.runId}` : `at:${e.date}|${e.sha ?? ''}|${e.datasetHash}|${e.k}`;
}

/** A date's place on the time line; an unreadable one sorts first rather than nowhere. */
function time(e: HistoryEntry): number {
  const t = Date.parse(e.date);
  return Number.isFinite(t) ? t : Number.NEGATIVE_INFINITY;
}

/**
 * Every run of `preferred` and `other`, oldest first (ties keep their order); where both
 * hold a run, `preferred`'s line is kept.
 */
export function mergeHistories(preferred: readonly HistoryEntry[], other: readonly HistoryEntry[]): HistoryEntry[] {
  const byIdentity = new Map<string, HistoryEntry>();
  for (const e of other) byIdentity.set(entryIdentity(e), e);
  for (const e of preferred) byIdentity.set(entryIdentity(e), e);
  return [...byIdentity.values()]
    .map((entry, order) => ({ entry, order }))
    .sort((a, b) => time(a.entry) - time(b.entry) || a.order - b.order)
    .map(({ entry }) => entry);
}
