/** How the stores are asked, in order, whatever their kind: plain objects stand in for them. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ArtifactExpiry } from '../publish/history/retention.ts';
import type { HistoryEntry } from '../report/history-entry.ts';
import type { BaselineLookup, HistoryStore } from './history-store.ts';
import { findStoredBaseline, loadHistory, storeRetention, type HistoryStores } from './history-stores.ts';

const entry = (runId: number): HistoryEntry => ({ date: `2026-02-${String(runId).padStart(2, '0')}T00:00:00.000Z`, runId, dataset: 'd', datasetHash: 'h', k: 5, metrics: {} });

function store(kind: HistoryStore['kind'], o: { history?: HistoryEntry[] | null; lookup?: BaselineLookup; retention?: ArtifactExpiry[] } = {}): HistoryStore & { asked: string[] } {
  const asked: string[] = [];
  return {
    kind,
    asked,
    readHistory: () => (asked.push('history'), Promise.resolve(o.history ?? null)),
    findBaseline: (sha) => (asked.push(`baseline ${sha}`), Promise.resolve(o.lookup ?? { found: null })),
    save: () => Promise.reject(new Error('not in this test')),
    retention: () => Promise.resolve(o.retention ?? []),
  };
}

const stores = (mode: HistoryStores['mode'], readers: HistoryStore[], writers: HistoryStore[] = readers.slice(0, 1)): HistoryStores => ({ mode, readers, writers });
const expiry: ArtifactExpiry = { kind: 'baseline', name: 'docs-mcp-eval-report-default', expiresAt: '2026-03-01T00:00:00Z', expired: false };

describe('history stores', () => {
  it('branch: its history, else (an empty branch) the artifact\'s; the artifact is not asked when the branch has one', async () => {
    const artifact = store('artifact', { history: [entry(1)] });
    assert.deepEqual(await loadHistory(stores('branch', [store('branch', { history: [entry(2)] }), artifact])), [entry(2)]);
    assert.deepEqual(artifact.asked, []);
    assert.deepEqual(await loadHistory(stores('branch', [store('branch'), artifact])), [entry(1)]);
    assert.deepEqual(await loadHistory(stores('both', [store('branch'), store('artifact')])), []);
  });

  it('artifact: the artifact\'s history joined with what the branch kept', async () => {
    const merged = await loadHistory(stores('artifact', [store('artifact', { history: [entry(1), entry(3)] }), store('branch', { history: [entry(2), entry(3)] })]));
    assert.deepEqual(merged.map((e) => e.runId), [1, 2, 3]);
  });

  it('the baseline comes from the first store that has one; an expiry or a failure is reported when none has', async () => {
    const found = { found: { path: '/tmp/r.json', info: { source: 'branch' as const } } };
    const second = store('artifact', { lookup: { found: null, expiredOn: '2026-01-01T00:00:00Z' } });
    assert.deepEqual(await findStoredBaseline(stores('branch', [store('branch', { lookup: found }), second]), 'abc', String), found);
    assert.deepEqual(second.asked, []);
    assert.deepEqual(await findStoredBaseline(stores('branch', [store('branch'), second]), 'abc', String), { found: null, expiredOn: '2026-01-01T00:00:00Z', failed: false });
    const broken = store('branch', { lookup: { found: null, failed: true } });
    assert.equal((await findStoredBaseline(stores('branch', [broken, store('artifact')]), 'abc', String)).found, null);
    assert.equal((await findStoredBaseline(stores('branch', [broken, store('artifact')]), 'abc', String) as { failed?: boolean }).failed, true);
    // An artifact user who never had a branch: the branch's failing is not news.
    assert.equal((await findStoredBaseline(stores('artifact', [store('artifact'), broken]), 'abc', String) as { failed?: boolean }).failed, false);
  });

  it('retention is reported only when artifacts are the store', async () => {
    const artifact = store('artifact', { retention: [expiry] });
    assert.deepEqual(await storeRetention(stores('artifact', [artifact, store('branch')])), [expiry]);
    assert.deepEqual(await storeRetention(stores('both', [store('branch'), artifact], [artifact, store('branch')])), []);
    assert.deepEqual(await storeRetention(stores('branch', [store('branch'), artifact])), []);
  });
});
