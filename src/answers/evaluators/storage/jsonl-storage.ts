/**
 * JSON Lines storage (seed 004 FR5): one JSON object per line, appended. Each line is a
 * record `{ kind, timestamp, ... }` — `kind: 'evaluation'` for an AggregatedEvaluationResult
 * (its fields spread beside kind), other kinds later (the Action's nightly history), so
 * one reader serves every kind and old files stay readable.
 *
 * Appends are one `appendFile` per line (O_APPEND: the kernel places each write at the end,
 * so writers never overwrite each other) and, within this process, serialised per file so
 * a line longer than Node's write chunk (512 KiB) is not interleaved either. Across
 * processes, lines under that size do not interleave on a local file system.
 *
 * A crash mid-append leaves a torn last line; `readAll` skips it (and any other unreadable
 * line) and reports what it skipped instead of refusing the whole history.
 */
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AggregatedEvaluationResult, EvaluationStorageProvider } from '../../../model/evaluation.ts';

export interface JsonlRecord {
  kind: string;
  /** ms since the epoch. */
  timestamp: number;
  [field: string]: unknown;
}

export interface SkippedLine {
  /** 1-based. */
  line: number;
  reason: string;
}

export interface JsonlContents {
  records: JsonlRecord[];
  skipped: SkippedLine[];
}

export const EVALUATION_KIND = 'evaluation';

// Per-file chains: the next append to a file starts when the previous one ended.
const chains = new Map<string, Promise<void>>();

/** Appends one record as one line (creating the directory); `kind` and `timestamp` are required. */
export async function appendRecord(file: string, record: JsonlRecord): Promise<void> {
  if (typeof record.kind !== 'string' || record.kind === '') throw new TypeError('a JSONL record needs a kind');
  if (typeof record.timestamp !== 'number' || !Number.isFinite(record.timestamp)) throw new TypeError('a JSONL record needs a numeric timestamp');
  // Serialise before queueing: a value JSON cannot hold fails this call, not the file.
  const line = `${JSON.stringify(record)}\n`;
  const key = path.resolve(file);
  const previous = chains.get(key) ?? Promise.resolve();
  const write = previous.then(async () => {
    await mkdir(path.dirname(key), { recursive: true });
    await appendFile(key, line, 'utf8');
  });
  const settled = write.catch(() => undefined);
  chains.set(key, settled);
  void settled.then(() => {
    if (chains.get(key) === settled) chains.delete(key);
  });
  return write;
}

/** Every record of a file (none when it does not exist yet), and the lines that could not be read. */
export async function readAll(file: string): Promise<JsonlContents> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], skipped: [] };
    throw error;
  }
  const lines = text.split('\n');
  const records: JsonlRecord[] = [];
  const skipped: SkippedLine[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    const last = i === lines.length - 1;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      skipped.push({ line: i + 1, reason: last ? 'torn last line (an append did not finish)' : 'not JSON' });
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return void skipped.push({ line: i + 1, reason: 'not an object' });
    const record = value as Partial<JsonlRecord>;
    if (typeof record.kind !== 'string' || typeof record.timestamp !== 'number') return void skipped.push({ line: i + 1, reason: 'no kind or timestamp' });
    records.push(record as JsonlRecord);
  });
  return { records, skipped };
}

/** The line an aggregated result becomes: kind first, then the result's own fields. */
export function evaluationRecord(result: AggregatedEvaluationResult): JsonlRecord {
  const record: JsonlRecord = { kind: EVALUATION_KIND, ...result };
  record.kind = EVALUATION_KIND; // a stray `kind` on the result must not relabel the line
  return record;
}

export class JsonlFileStorage implements EvaluationStorageProvider {
  readonly type = 'jsonl-file';
  readonly file: string;
  constructor(file: string) {
    this.file = file;
  }

  saveResult(result: AggregatedEvaluationResult): Promise<void> {
    return appendRecord(this.file, evaluationRecord(result));
  }

  /** The evaluation records of this file (other kinds are left to their readers). */
  async readResults(): Promise<{ results: AggregatedEvaluationResult[]; skipped: SkippedLine[] }> {
    const { records, skipped } = await readAll(this.file);
    const results = records.filter((r) => r.kind === EVALUATION_KIND).map(({ kind: _kind, ...rest }) => rest as unknown as AggregatedEvaluationResult);
    return { results, skipped };
  }
}
