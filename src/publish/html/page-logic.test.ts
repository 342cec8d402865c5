/** The page script's pure parts, checked in Node: case rows, filters and sort, ranked lists side by side, CDFs. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CaseResult } from '../../model/report.ts';
import type { PageMeta } from './page-types.ts';
import { applyFilter, buildRows, caseValue, median, NO_FILTER, sortRows } from './page/cases.ts';
import { rankedRows } from './page/ranked.ts';
import { cdfSeries, logTicks, shareAtOrBelow } from './page/cdf.ts';

function kase(id: string, over: Partial<CaseResult> = {}): CaseResult {
  return {
    id,
    name: `name ${id}`,
    kind: 'retrieval',
    category: 'lexical',
    tags: [],
    query: `query ${id}`,
    filters: {},
    relevant: [{ id: 'a', grade: 1 }],
    status: 'ok',
    rankedIds: ['a', 'b'],
    rounds: [],
    foundInRound: 1,
    latency: { search: [3, 1, 2], fetch: [] },
    metrics: { reciprocalRank: 1, ndcg: 1, recall: 1, precision: 0.5, hit: 1, rounds: 1, facetClean: null, at: { '5': { reciprocalRank: 1, ndcg: 1, recall: 1, precision: 0.5, hit: 1 } } },
    ...over,
  };
}

function meta(roles: ('current' | 'baseline' | 'configuration')[], comparison: Partial<NonNullable<PageMeta['comparison']>> | null = null): PageMeta {
  return {
    kind: 'run',
    title: 't',
    k: 5,
    cutoffs: [5],
    runs: roles.map((role, i) => ({ name: `run${i}`, role, report: {} as PageMeta['runs'][number]['report'] })),
    comparison: comparison as PageMeta['comparison'],
    gates: null,
    trends: [],
    notes: [],
  };
}

describe('case rows', () => {
  const rr = (v: number) => ({ reciprocalRank: v, ndcg: v, recall: 1, precision: 0.2, hit: 1, rounds: 1, facetClean: null, at: { '5': { reciprocalRank: v, ndcg: v, recall: 1, precision: 0.2, hit: 1 } } });
  const current = [kase('same'), kase('worse', { rankedIds: ['b', 'a'], metrics: rr(0.5) }), kase('new'), kase('broke', { status: 'error', tags: ['t1'], category: 'filtered' })];
  const baseline = [kase('same'), kase('worse'), kase('broke')];
  const m = meta(['current', 'baseline'], { caseChanges: [{ id: 'worse', direction: 'regressed' }, { id: 'broke', direction: 'regressed' }] as never, addedCases: ['new'] });
  const rows = buildRows(m, [current, baseline]);

  it('carries the verdict, change, value, delta and median latency of each case', () => {
    assert.deepEqual(
      rows.map((r) => [r.id, r.outcome, r.changed, r.values, r.delta, r.p50]),
      [
        ['same', 'unchanged', false, [1, 1], 0, 2],
        ['worse', 'regressed', true, [0.5, 1], -0.5, 2],
        ['new', 'added', true, [1, null], null, 2],
        ['broke', 'regressed', true, [null, 1], null, 2],
      ],
    );
  });

  it('without a baseline, says so and calls nothing changed', () => {
    const alone = buildRows(meta(['current']), [current]);
    assert.ok(alone.every((r) => r.outcome === 'no baseline' && !r.changed && r.delta === null));
  });

  it('filters on text, verdict, category, tag, change and status, each alone and together', () => {
    const ids = (f: Partial<typeof NO_FILTER>) => applyFilter(rows, { ...NO_FILTER, ...f }).map((r) => r.id);
    assert.deepEqual(ids({}), ['same', 'worse', 'new', 'broke']);
    assert.deepEqual(ids({ text: 'QUERY WOR' }), ['worse']);
    assert.deepEqual(ids({ outcome: 'regressed' }), ['worse', 'broke']);
    assert.deepEqual(ids({ category: 'filtered' }), ['broke']);
    assert.deepEqual(ids({ tag: 't1' }), ['broke']);
    assert.deepEqual(ids({ change: 'unchanged' }), ['same']);
    assert.deepEqual(ids({ status: 'errored' }), ['broke']);
    assert.deepEqual(ids({ outcome: 'regressed', status: 'ok' }), ['worse']);
  });

  it('sorts either way with missing values last and ties in dataset order', () => {
    assert.deepEqual(sortRows(rows, 'delta', 'ascending').map((r) => r.id), ['worse', 'same', 'new', 'broke']);
    assert.deepEqual(sortRows(rows, 'delta', 'descending').map((r) => r.id), ['same', 'worse', 'new', 'broke']);
    assert.deepEqual(sortRows(rows, 'outcome', 'ascending').map((r) => r.id), ['worse', 'broke', 'new', 'same']);
  });

  it('reads an answer case by its score, and the median of an even count as the mean of the middle two', () => {
    assert.equal(caseValue(kase('x', { kind: 'answer', answer: { score: 0.25 } as never }), 5), 0.25);
    assert.equal(median([4, 1, 3, 2]), 2.5);
    assert.equal(median([]), null);
  });
});

describe('ranked ids side by side', () => {
  it('marks grades and moves against the reference, and what the current run dropped', () => {
    const rows = rankedRows([['b', 'a', 'x'], ['a', 'b', 'c']], [{ id: 'a', grade: 2 }, { id: 'c', grade: 0 }], 1);
    assert.deepEqual(
      rows.map((r) => r.cells.map((c) => c && `${c.id}:${c.grade}:${c.move ? JSON.stringify(c.move) : '-'}`)),
      [
        ['b:null:{"kind":"up","by":1}', 'a:2:-'],
        ['a:2:{"kind":"down","by":1}', 'b:null:-'],
        ['x:null:{"kind":"new"}', 'c:0:{"kind":"dropped"}'],
      ],
    );
  });

  it('leaves empty cells where a run ranked fewer ids, and marks no move without a reference', () => {
    const rows = rankedRows([['a'], undefined], [], 1);
    assert.deepEqual(rows.map((r) => r.cells), [[{ id: 'a', grade: null, move: null }, null]]);
  });
});

describe('latency CDFs', () => {
  it('gives each run the share of its samples at or below each pooled value', () => {
    assert.equal(shareAtOrBelow([1, 2, 2, 4], 2), 0.75);
    assert.equal(shareAtOrBelow([1, 2], 0.5), 0);
    const { x, y } = cdfSeries([[1, 2, 3, 4], [2, 4], []]);
    assert.deepEqual(x, [1, 2, 3, 4]);
    assert.deepEqual(y, [
      [0.25, 0.5, 0.75, 1],
      [0, 0.5, 0.5, 1],
      [null, null, null, null],
    ]);
  });

  it('keeps at most `points` x values, the pool minimum and maximum among them', () => {
    const pool = Array.from({ length: 1000 }, (_, i) => i + 1);
    const { x, y } = cdfSeries([pool], 11);
    assert.equal(x.length, 11);
    assert.equal(x[0], 1);
    assert.equal(x.at(-1), 1000);
    assert.equal(y[0]!.at(-1), 1);
  });

  it("ticks a log axis over the data's own range, 1 to 9 times each power of ten inside it", () => {
    // A range that starts between two ticks (a run's fetch latencies): uPlot's own ticks stepped forever on it.
    assert.deepEqual(logTicks(0.09842599999979029, 0.35), [0.1, 0.2, 0.3]);
    assert.deepEqual(logTicks(3, 40), [3, 4, 5, 6, 7, 8, 9, 10, 20, 30, 40]);
    assert.deepEqual(logTicks(0, 10), []);
    assert.deepEqual(logTicks(5, Number.POSITIVE_INFINITY), []);
  });
});
