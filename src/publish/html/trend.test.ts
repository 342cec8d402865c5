/** The history trend: each run's band is the prediction interval from the matching runs before it (compare/judge-history.ts). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { HistoryEntry } from '../../report/history-entry.ts';
import { predictionInterval } from '../../compare/judge-history.ts';
import { metricTrend, pageTrends } from './trend.ts';

function entry(i: number, p50: number, over: Partial<HistoryEntry> = {}): HistoryEntry {
  return { date: `2026-01-${String(i + 1).padStart(2, '0')}T00:00:00Z`, sha: `${String(i).padStart(2, '0')}abcdef12`, dataset: 'd', datasetHash: 'h', k: 5, environment: 'e', metrics: { 'search.p50': p50, 'mrr@5': 0.5 }, ...over };
}

describe('metricTrend', () => {
  const values = [10, 11, 9, 10.5, 9.5, 10, 30];
  const history = values.map((v, i) => entry(i, v));
  const trend = metricTrend(history, 'search.p50', { history: { minRuns: 5, alpha: 0.01 } });

  it('has no band until minRuns matching runs came before, then the interval from those runs', () => {
    assert.deepEqual(trend.points.map((p) => p.band === null), [true, true, true, true, true, false, false]);
    const expected = predictionInterval(values.slice(0, 6), 1, 0.01)!;
    assert.deepEqual(trend.points[6]!.band, { center: expected.center, lower: expected.lower, upper: expected.upper, runs: 6 });
    assert.equal(trend.level, 0.99);
    assert.equal(trend.label, 'Search p50');
  });

  it('flags a run outside its band, and labels runs by short sha', () => {
    assert.deepEqual(trend.points.map((p) => p.outside), [null, null, null, null, null, null, 'above']);
    assert.equal(trend.points[0]!.label, '00abcde');
  });

  it('leaves runs of another machine out of the band and runs of another dataset out of the trend', () => {
    const mixed = [...history.slice(0, 5).map((e) => ({ ...e, environment: 'other' })), entry(5, 10), { ...entry(6, 10), datasetHash: 'old' }, entry(7, 10)];
    const t = metricTrend(mixed, 'search.p50', { history: { minRuns: 2 } });
    assert.equal(t.points.length, 7, 'the other dataset is not drawn');
    assert.equal(t.points.at(-1)!.band, null, 'one matching run before it (the other machine\'s five do not count): no band');
    const same = metricTrend([...mixed, entry(8, 10)], 'search.p50', { history: { minRuns: 2 } });
    assert.equal(same.points.at(-1)!.band?.runs, 2);
  });

  it('draws quality without a band, and appends the current run last', () => {
    const t = metricTrend(history, 'mrr@5', { current: entry(9, 10) });
    assert.equal(t.level, null);
    assert.ok(t.points.every((p) => p.band === null));
    assert.equal(t.points.at(-1)!.current, true);
  });

  it('pageTrends keeps only metrics with a value', () => {
    assert.deepEqual(pageTrends(history).map((t) => t.metric), ['mrr@5', 'search.p50']);
    assert.deepEqual(pageTrends([]), []);
  });
});
