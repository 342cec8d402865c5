/**
 * History verdicts: the prediction interval against hand-computed values (Student's t
 * from scipy.stats.t.ppf), which runs make up the reference, and the verdicts a
 * comparison gets with enough history, too little, or none.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { report } from '../../test/support/reports.ts';
import { historyEntry, type HistoryEntry } from '../report/history-entry.ts';
import { compareReports } from './compare-reports.ts';
import { applyGates } from './judge-gates.ts';
import { parseGates } from './gates.ts';
import { DEFAULT_HISTORY_OPTIONS, matchingHistory, predictionInterval } from './judge-history.ts';
import { historyReach } from './history-reach.ts';

const close = (a: number, b: number, eps = 1e-9) => assert.ok(Math.abs(a - b) <= eps * Math.max(1, Math.abs(b)), `${a} vs ${b}`);

describe('predictionInterval', () => {
  it('is exp(m ± t(1−α/2, n−1)·s·√(1+1/n)) over the logs', () => {
    // ln of [10, 10.5, 9.5, 10.2, 9.8]: m = 2.3020044509461544, s = 0.03811197276991139;
    // t(0.995, 4) = 4.604094305 (scipy.stats.t.ppf), half-width 0.19221897770453875.
    const e = predictionInterval([10, 10.5, 9.5, 10.2, 9.8], 13, 0.01)!;
    close(e.center, 9.994195264920805);
    close(e.lower, 8.246472005947094, 1e-7); // to the 10 digits of the t quantile above
    close(e.upper, 12.112323781773869, 1e-7);
    close(e.ratio, 13 / 9.994195264920805);
    assert.equal(e.runs, 5);
  });

  it('has a floor under its spread (identical runs) and needs two runs and a positive value', () => {
    const e = predictionInterval([100, 100, 100, 100, 100], 100, 0.01)!;
    assert.ok(e.upper > 100 && e.lower < 100, 'a floor keeps identical history from calling any change real');
    assert.equal(predictionInterval([100], 100, 0.01), null);
    assert.equal(predictionInterval([100, 101], 0, 0.01), null);
  });
});

/** History lines of the test report's dataset and machine, with search p50 = each value. */
function history(values: number[], over: Partial<HistoryEntry> = {}): HistoryEntry[] {
  return values.map((ms, i) => {
    const e = historyEntry(report([{ id: 'q', ranked: ['a'], relevant: [{ id: 'a', grade: 1 }], searchMs: [ms] }]));
    return { ...e, date: `2026-01-${String(i + 1).padStart(2, '0')}T00:00:00Z`, ...over };
  });
}

describe('matchingHistory', () => {
  it('keeps runs of the same dataset hash and machine, the newest maxRuns, and counts the others', () => {
    const base = history([10, 11, 12]);
    const all = [...history([1], { datasetHash: 'other' }), ...history([2], { environment: 'another machine' }), ...base];
    const ref = matchingHistory(all, base[0]!.datasetHash, base[0]!.environment!, { ...DEFAULT_HISTORY_OPTIONS, maxRuns: 2 });
    assert.deepEqual(ref.entries.map((e) => e.metrics['search.p50']), [11, 12]);
    assert.deepEqual([ref.otherDataset, ref.otherMachine], [1, 1]);
  });
});

describe('a comparison with a history', () => {
  const spec = (ms: number) => [{ id: 'q', ranked: ['a'], relevant: [{ id: 'a', grade: 1 }], searchMs: Array.from({ length: 30 }, () => ms) }];
  const baseline = report(spec(10));
  const steady = history([10, 10.4, 9.7, 10.1, 9.9, 10.3]);

  it('makes a 3× slowdown a real verdict that gates trip on (a stored baseline alone is only a hint)', () => {
    const slow = report(spec(30));
    const alone = compareReports(baseline, slow);
    const row = (c: typeof alone) => c.rows.find((r) => r.id === 'search.p50')!;
    assert.equal(row(alone).indicative, true, 'without history: indicative');
    assert.deepEqual(applyGates(parseGates('search.p50 > +20%'), alone.rows, { metrics: [] }).failures, []);
    const judged = compareReports(baseline, slow, { history: steady });
    assert.deepEqual([row(judged).verdict, row(judged).indicative, row(judged).evidence?.kind], ['worse', false, 'history']);
    assert.equal(applyGates(parseGates('search.p50 > +20%'), judged.rows, { metrics: [] }).failures.length, 1);
    assert.deepEqual(judged.history, { runs: 6, minRuns: 5, otherDataset: 0, otherMachine: 0 });
  });

  it('calls a run inside the spread of the history within noise, not better or worse, and says what it could call', () => {
    const same = compareReports(baseline, report(spec(10.2)), { history: steady });
    const row = same.rows.find((r) => r.id === 'search.p50')!;
    assert.deepEqual([row.verdict, row.indicative], ['noise', false]);
    // The history's own spread (sd of ln [10, 10.4, 9.7, 10.1, 9.9, 10.3], by hand) and what it can detect with it.
    assert.ok(row.evidence?.kind === 'history');
    close(row.evidence.reach.spread, 0.025676072622474736);
    assert.deepEqual(row.evidence.reach, historyReach(row.evidence.reach.spread, 6, DEFAULT_HISTORY_OPTIONS.alpha, 0.05));
  });

  it('with fewer matching runs than needed stays indicative and says how many more', () => {
    const c = compareReports(baseline, report(spec(30)), { history: steady.slice(0, 3) });
    const row = c.rows.find((r) => r.id === 'search.p50')!;
    assert.equal(row.indicative, true);
    assert.match(row.basis, /3 main-branch run\(s\) of this dataset on this machine in the history, 2 more needed/);
    assert.deepEqual(c.history, { runs: 3, minRuns: 5, otherDataset: 0, otherMachine: 0 });
  });
});

describe('indicative bands without history', () => {
  it('are at least the noise the two runs measured themselves (their p50 CIs)', () => {
    // Noisy calls: each run's p50 CI is wide, so a 15% move between the runs is not a word.
    const noisy = (shift: number) => [{ id: 'q', ranked: ['a'], relevant: [{ id: 'a', grade: 1 }], searchMs: Array.from({ length: 40 }, (_, i) => (5 + (i % 10) * 2) * shift) }];
    const c = compareReports(report(noisy(1)), report(noisy(1.15)));
    const row = c.rows.find((r) => r.id === 'search.p50')!;
    assert.equal(row.indicative, true);
    assert.equal(row.verdict, 'noise', row.basis);
    assert.ok(row.evidence?.kind === 'threshold' && row.evidence.band > 0.15, JSON.stringify(row.evidence));
  });
});
