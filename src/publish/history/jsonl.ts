/**
 * The history file: JSON Lines, one entry a line, oldest first, in the record format of
 * the evaluation store (src/answers/evaluators/storage: `{ kind, timestamp, ... }`), so a
 * history and a store of evaluations can share one file and one reader. Reading is
 * tolerant: a blank, truncated or foreign line is skipped and counted, never fatal, so
 * one bad upload cannot end the history; records of other kinds are passed over.
 */
import type { JsonlRecord } from '../../answers/evaluators/storage/jsonl-storage.ts';
import type { HistoryEntry } from '../../report/history-entry.ts';

export const HISTORY_KIND = 'history';

export interface ParsedHistory {
  entries: HistoryEntry[];
  /** Non-blank lines that were not a valid entry. */
  skipped: number;
}

const isString = (v: unknown): v is string => typeof v === 'string';

/** A valid entry from one parsed line, or undefined. Unknown fields are dropped. */
function toEntry(value: unknown): HistoryEntry | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  if (!isString(v['date']) || !isString(v['dataset']) || !isString(v['datasetHash'])) return undefined;
  const k = v['k'];
  if (typeof k !== 'number' || !Number.isInteger(k) || k < 1) return undefined;
  const rawMetrics = v['metrics'];
  if (typeof rawMetrics !== 'object' || rawMetrics === null || Array.isArray(rawMetrics)) return undefined;
  const metrics: Record<string, number | null> = {};
  for (const [id, m] of Object.entries(rawMetrics as Record<string, unknown>)) {
    metrics[id] = typeof m === 'number' && Number.isFinite(m) ? m : null;
  }
  const entry: HistoryEntry = { date: v['date'], dataset: v['dataset'], datasetHash: v['datasetHash'], k, metrics };
  if (isString(v['environment'])) entry.environment = v['environment'];
  if (isString(v['sha'])) entry.sha = v['sha'];
  if (isString(v['ref'])) entry.ref = v['ref'];
  if (typeof v['runId'] === 'number' && Number.isFinite(v['runId'])) entry.runId = v['runId'];
  if (isString(v['event'])) entry.event = v['event'];
  return entry;
}

export function parseHistoryLines(jsonl: string): ParsedHistory {
  const entries: HistoryEntry[] = [];
  let skipped = 0;
  for (const line of jsonl.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    let entry: HistoryEntry | undefined;
    try {
      const value: unknown = JSON.parse(line);
      const kind = typeof value === 'object' && value !== null ? (value as { kind?: unknown }).kind : undefined;
      // Another kind of record in a shared store is not a corrupt line.
      if (kind !== undefined && kind !== HISTORY_KIND) continue;
      entry = toEntry(value);
    } catch {
      entry = undefined;
    }
    if (entry) entries.push(entry);
    else skipped++;
  }
  return { entries, skipped };
}

export function parseHistory(jsonl: string): HistoryEntry[] {
  return parseHistoryLines(jsonl).entries;
}

/**
 * The history with `entry` last, at most `max` entries (the newest). A re-run of the
 * same workflow run has the same runId: it replaces the earlier attempt's line.
 */
export function appendHistory(entries: readonly HistoryEntry[], entry: HistoryEntry, max: number): HistoryEntry[] {
  const kept = entry.runId === undefined ? [...entries] : entries.filter((e) => e.runId !== entry.runId);
  kept.push(entry);
  return kept.slice(-Math.max(1, Math.floor(max)));
}

export function historyRecord(entry: HistoryEntry): JsonlRecord {
  return { kind: HISTORY_KIND, timestamp: Date.parse(entry.date) || 0, ...entry };
}

export function serializeHistory(entries: readonly HistoryEntry[]): string {
  return entries.map((e) => `${JSON.stringify(historyRecord(e))}\n`).join('');
}
