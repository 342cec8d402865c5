import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { HistoryEntry } from '../../report/history-entry.ts';
import { renderTrend } from './trend.ts';

const MB = 1024 * 1024;

function entry(i: number, over: Partial<HistoryEntry> = {}, metrics: Record<string, number | null> = {}): HistoryEntry {
  return {
    date: `2026-11-${String(1 + (i % 28)).padStart(2, '0')}T03:00:00.000Z`,
    sha: `${String(i).padStart(3, '0')}abcd0123456789`,
    runId: i,
    event: 'schedule',
    dataset: 'docs',
    datasetHash: 'h1',
    k: 5,
    metrics: { 'mrr@5': 0.5 + i / 100, 'ndcg@5': 0.6, 'recall@5': 0.7, 'hit@5': 0.8, 'search.p50': 10 + i, 'search.p95': 20, 'fetch.p50': null, 'rss.peak': 100 * MB, 'build.ms': 1500, errors: 0, ...metrics },
    ...over,
  };
}

/** The mermaid blocks of a trend, by their title line. */
function blocks(markdown: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const m of markdown.matchAll(/```mermaid\n([\s\S]*?)\n```/g)) {
    const lines = (m[1] ?? '').split('\n');
    found.set(lines[1]?.trim() ?? '', lines);
  }
  return found;
}

describe('renderTrend', () => {
  it('charts quality, latency and memory in the documented xychart-beta shape', () => {
    const text = renderTrend([entry(1), entry(2)]);
    const charts = blocks(text);
    assert.deepEqual([...charts.keys()], ['title "Retrieval quality (k=5)"', 'title "Search latency (ms)"', 'title "Peak RSS (MiB)"']);
    assert.deepEqual(charts.get('title "Retrieval quality (k=5)"'), [
      'xychart-beta',
      '    title "Retrieval quality (k=5)"',
      '    x-axis ["001abcd", "002abcd"]',
      '    y-axis "score" 0 --> 1',
      '    line [0.51, 0.52]',
      '    line [0.6, 0.6]',
    ]);
    assert.deepEqual(charts.get('title "Peak RSS (MiB)"')?.slice(3), ['    y-axis "MiB" 0 --> 150', '    line [100, 100]']);
    for (const lines of charts.values()) {
      for (const line of lines.slice(1)) assert.match(line, /^ {4}(title "[^"`]*"|x-axis \["[^"`]*"(, "[^"`]*")*\]|y-axis "[^"`]*" [\d.]+ --> [\d.]+|line \[-?[\d.]+(, -?[\d.]+)*\])$/);
    }
  });

  it('leaves runs on another dataset or k out of the charts and marks them in the table', () => {
    const text = renderTrend([entry(1, { datasetHash: 'old', dataset: 'docs v1' }), entry(2, { k: 10 }), entry(3), entry(4)]);
    assert.match(text, /_2 run\(s\) on another dataset or k are left out of the charts/);
    assert.match(blocks(text).get('title "Retrieval quality (k=5)"')?.[2] ?? '', /^ {4}x-axis \["003abcd", "004abcd"\]$/);
    assert.match(text, /\| `001abcd` \|.*\| ⚠ other: docs v1 \(old\) \|$/m);
    assert.match(text, /\| `002abcd` \|.*\| ⚠ k=10 \|$/m);
    assert.match(text, /\| `004abcd` \|.*\| same \|$/m);
  });

  it('fills single gaps, skips runs without the chart metrics, and drops empty charts', () => {
    const text = renderTrend([
      entry(1, {}, { 'search.p50': null, 'search.p95': null, 'rss.peak': null }),
      entry(2, {}, { 'search.p95': null, 'rss.peak': null }),
      entry(3, {}, { 'rss.peak': null }),
    ]);
    const latency = blocks(text).get('title "Search latency (ms)"') ?? [];
    assert.deepEqual(latency.slice(2), ['    x-axis ["002abcd", "003abcd"]', '    y-axis "ms" 0 --> 25', '    line [12, 13]', '    line [20, 20]']);
    assert.equal(blocks(text).has('title "Peak RSS (MiB)"'), false);
  });

  it('lists the last 30 runs newest first and charts the last 30 comparable ones', () => {
    const many = Array.from({ length: 45 }, (_, i) => entry(i + 1));
    const text = renderTrend(many);
    const rows = text.split('\n').filter((l) => /^\| 2026-/.test(l));
    assert.equal(rows.length, 30);
    assert.match(rows[0] ?? '', /`045abcd`/);
    assert.match(rows[29] ?? '', /`016abcd`/);
    const x = blocks(text).get('title "Search latency (ms)"')?.[2] ?? '';
    assert.equal(x.split(',').length, 30);
    assert.match(text, /^### Trend: docs \(last 30 comparable runs\)$/m);
  });

  it('keeps equal labels apart and escapes the dataset name', () => {
    const text = renderTrend([entry(1, { sha: 'aaaaaaa1' }), entry(2, { sha: 'aaaaaaa2', dataset: '<img src=x> @team' })]);
    assert.match(text, /x-axis \["aaaaaaa", "aaaaaaa \(2\)"\]/);
    assert.equal(text.includes('<img'), false);
    assert.equal(text.includes('@team'), false);
  });

  it('says when there is no history yet', () => {
    assert.match(renderTrend([]), /No history yet/);
  });
});
