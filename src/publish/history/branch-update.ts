/**
 * One run's change to its key's folder on the data branch, computed from what the branch
 * holds now: the writer calls it again on the newer tip whenever its push was beaten by
 * another writer's, so the change is always re-applied on top, never over it. Pure.
 *
 * - history.jsonl is edited line by line: the run's line is appended and an earlier line
 *   of the same workflow run (an earlier attempt) dropped; every other line is kept as
 *   written, lines this version cannot read included. Only past HISTORY_LINE_CAP lines do
 *   the oldest go.
 * - When the key has no history on the branch yet, it starts from `seed` (the newest
 *   history artifact), so moving to the branch loses no run.
 * - The run's report is written as reports/<sha>.json, and reports beyond the newest
 *   `keepReports` runs' are removed (their lines stay in the history). Files in reports/
 *   that are not named like a report are left alone.
 */
import type { HistoryEntry } from '../../report/history-entry.ts';
import { reportShaOf, type BranchLayout } from './branch-layout.ts';
import { parseHistoryLines, serializeHistory } from './jsonl.ts';

/** Lines a branch history keeps at most (the oldest go first): decades of nightly runs, a few MB. */
export const HISTORY_LINE_CAP = 20_000;

export interface BranchKeyState {
  /** history.jsonl as the branch holds it, or null when the key has none. */
  history: string | null;
  /** File names in reports/ (not paths). */
  reportNames: readonly string[];
}

export interface BranchRun {
  entry: HistoryEntry;
  /** This run's report (save-baseline), named after its commit. */
  report?: { sha: string; json: string } | undefined;
  /** The history to start from when the branch has none for this key. */
  seed: readonly HistoryEntry[];
  /** Reports kept: the newest runs' (history-size). */
  keepReports: number;
}

export interface BranchUpdate {
  /** The key's history.jsonl after the update. */
  history: string;
  /** Path -> new content. */
  writes: Map<string, string>;
  /** Paths to remove. */
  deletes: string[];
  /** Lines in the history after the update. */
  lines: number;
  /** Runs taken over from `seed`. */
  seeded: number;
  /** Whether an earlier attempt's line of this run was replaced. */
  replaced: boolean;
}

/** The workflow run id a raw line records, if it is a readable history line. */
function runIdOf(line: string): number | undefined {
  return parseHistoryLines(line).entries[0]?.runId;
}

function editHistory(text: string, entry: HistoryEntry): { text: string; lines: number; replaced: boolean } {
  const kept = text.split('\n').filter((line) => line.trim() !== '');
  const id = entry.runId;
  // Only a line that mentions the id is parsed: a long history is mostly other runs.
  const without = id === undefined ? kept : kept.filter((line) => !line.includes(`"runId":${id}`) || runIdOf(line) !== id);
  const lines = [...without, serializeHistory([entry]).trimEnd()].slice(-HISTORY_LINE_CAP);
  return { text: `${lines.join('\n')}\n`, lines: lines.length, replaced: without.length < kept.length };
}

/** Shas whose reports stay: the newest `keep` distinct commits in the history that have one. */
function reportsToKeep(history: string, available: ReadonlySet<string>, keep: number): Set<string> {
  const kept = new Set<string>();
  const entries = parseHistoryLines(history).entries;
  for (let i = entries.length - 1; i >= 0 && kept.size < keep; i--) {
    const sha = entries[i]?.sha;
    if (sha !== undefined && available.has(sha)) kept.add(sha);
  }
  return kept;
}

export function planBranchUpdate(layout: BranchLayout, state: BranchKeyState, run: BranchRun): BranchUpdate {
  const start = state.history ?? serializeHistory(run.seed);
  const seeded = state.history === null ? run.seed.length : 0;
  const edited = editHistory(start, run.entry);
  const writes = new Map<string, string>();
  if (edited.text !== state.history) writes.set(layout.historyFile, edited.text);
  const existing = new Map<string, string>();
  for (const name of state.reportNames) {
    const sha = reportShaOf(name);
    if (sha !== undefined) existing.set(sha, name);
  }
  const available = new Set(existing.keys());
  if (run.report) {
    writes.set(layout.reportFile(run.report.sha), run.report.json);
    available.add(run.report.sha);
  }
  const keep = reportsToKeep(edited.text, available, Math.max(1, Math.floor(run.keepReports)));
  if (run.report) keep.add(run.report.sha);
  const deletes = [...existing.keys()].filter((sha) => !keep.has(sha)).map((sha) => layout.reportFile(sha));
  return { history: edited.text, writes, deletes, lines: edited.lines, seeded, replaced: edited.replaced };
}
