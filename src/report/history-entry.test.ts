import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { report } from '../../test/support/reports.ts';
import { historyEntry } from './history-entry.ts';

const rel = (id: string) => ({ id, grade: 1 });

describe('historyEntry', () => {
  it('keeps the headline metrics at the run k, with run-level build and memory', () => {
    const r = report([{ id: 'a', ranked: ['y', 'x'], relevant: [rel('x')], searchMs: [10, 30] }], { rssBytes: 5e6, buildMs: 1200, k: 3 });
    r.git.ref = 'refs/heads/main';
    const entry = historyEntry(r, { runId: 42, event: 'schedule' });
    assert.deepEqual(Object.keys(entry.metrics), [
      'mrr@3', 'ndcg@3', 'recall@3', 'hit@3', 'search.p50', 'search.p95', 'search.p99', 'fetch.p50', 'fetch.p95', 'answer.p50', 'rss.peak', 'build.ms', 'errors',
    ]);
    assert.equal(entry.environment, 'Test CPU | 2 | Linux test | x64 | v24.0.0 | ', 'the fingerprint, so only comparable runs make up a reference');
    assert.equal(entry.metrics['mrr@3'], 0.5);
    assert.equal(entry.metrics['rss.peak'], 5e6);
    assert.equal(entry.metrics['build.ms'], 1200);
    assert.equal(entry.metrics['fetch.p50'], null);
    assert.equal(entry.metrics['errors'], 0);
    assert.deepEqual(
      { date: entry.date, sha: entry.sha, ref: entry.ref, runId: entry.runId, event: entry.event, dataset: entry.dataset, datasetHash: entry.datasetHash, k: entry.k },
      { date: '2026-01-01T00:00:00.000Z', sha: 'abcdef1234567890', ref: 'refs/heads/main', runId: 42, event: 'schedule', dataset: 'test suite', datasetHash: 'hash-a', k: 3 },
    );
  });

  it('leaves out what it does not know', () => {
    const entry = historyEntry(report([]));
    assert.equal('runId' in entry, false);
    assert.equal('event' in entry, false);
    assert.equal(entry.metrics['rss.peak'], null);
  });
});
