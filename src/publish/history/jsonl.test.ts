import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { readAll } from '../../answers/evaluators/storage/jsonl-storage.ts';
import type { HistoryEntry } from '../../report/history-entry.ts';
import { appendHistory, parseHistory, parseHistoryLines, serializeHistory } from './jsonl.ts';

const entry = (runId: number | undefined, extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
  date: `2026-11-${String(10 + (runId ?? 0)).padStart(2, '0')}T03:00:00.000Z`,
  ...(runId !== undefined ? { runId } : {}),
  dataset: 'docs',
  datasetHash: 'h1',
  k: 5,
  metrics: { 'mrr@5': 0.5, 'rss.peak': null },
  ...extra,
});

describe('history JSONL', () => {
  it('round-trips, one line per entry with a trailing newline', () => {
    const entries = [entry(1, { sha: 'abc', ref: 'refs/heads/main', event: 'push' }), entry(2)];
    const text = serializeHistory(entries);
    assert.equal(text.split('\n').length, 3);
    assert.ok(text.endsWith('}\n'));
    assert.deepEqual(parseHistory(text), entries);
    assert.equal(serializeHistory([]), '');
  });

  it('skips blank, corrupt and foreign lines, counts them, never throws', () => {
    const good = JSON.stringify(entry(1));
    const text = [
      good,
      '',
      '   ',
      '{"date": "2026-11-11", "truncat',
      'null',
      '[1,2]',
      '"text"',
      JSON.stringify({ ...entry(2), k: 'five' }),
      JSON.stringify({ ...entry(3), metrics: null }),
      JSON.stringify({ date: 1, dataset: 'd', datasetHash: 'h', k: 5, metrics: {} }),
      `${JSON.stringify(entry(4))}\r`,
    ].join('\n');
    const { entries, skipped } = parseHistoryLines(text);
    assert.deepEqual(entries.map((e) => e.runId), [1, 4]);
    assert.equal(skipped, 7);
  });

  it('drops wrong-typed optional fields and non-numeric metrics instead of the line', () => {
    const line = JSON.stringify({ ...entry(1), sha: 7, runId: 'x', extra: true, metrics: { a: 'high', b: 2, c: null } });
    const [parsed] = parseHistory(line);
    assert.deepEqual(parsed, { date: entry(1).date, dataset: 'docs', datasetHash: 'h1', k: 5, metrics: { a: null, b: 2, c: null } });
  });

  it('appends, keeps the newest `max`, and lets a re-run replace its earlier attempt', () => {
    const history = [entry(1), entry(2), entry(3)];
    assert.deepEqual(appendHistory(history, entry(4), 3).map((e) => e.runId), [2, 3, 4]);
    const rerun = entry(2, { sha: 'rerun' });
    const replaced = appendHistory(history, rerun, 10);
    assert.deepEqual(replaced.map((e) => e.runId), [1, 3, 2]);
    assert.equal(replaced.at(-1)?.sha, 'rerun');
    assert.equal(appendHistory([entry(undefined), entry(undefined)], entry(undefined), 10).length, 3);
    assert.deepEqual(appendHistory(history, entry(5), 0).map((e) => e.runId), [5]);
  });
});

void describe('history in the evaluation store format', () => {
  void it('writes store records and reads them back, passing over other kinds of records', async () => {
    const entry = { date: '2026-11-20T03:00:00.000Z', dataset: 'd', datasetHash: 'h', k: 5, metrics: { 'mrr@5': 0.5 } };
    const text = serializeHistory([entry]) + `${JSON.stringify({ kind: 'evaluation', timestamp: 1, results: [] })}\n`;
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'dme-hist-')), 'shared.jsonl');
    writeFileSync(file, text);
    const store = await readAll(file);
    assert.deepEqual(store.records.map((r) => r.kind), ['history', 'evaluation']);
    assert.deepEqual(parseHistoryLines(text), { entries: [entry], skipped: 0 });
  });
});
