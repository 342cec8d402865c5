import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { report } from '../../test/support/reports.ts';
import { compareReports } from './compare-reports.ts';

const rel = (id: string, grade = 1) => ({ id, grade });

describe('compareReports', () => {
  it('calls a mean change real when the paired test says so (8 of 8 cases lose their top hit: exact p = 2/256)', () => {
    const ids = Array.from({ length: 8 }, (_, i) => `c${i}`);
    const before = report(ids.map((id) => ({ id, ranked: ['x', 'y'], relevant: [rel('x')] })));
    const after = report(ids.map((id) => ({ id, ranked: ['y', 'x'], relevant: [rel('x')] })));
    const cmp = compareReports(before, after);
    const mrr = cmp.rows.find((r) => r.id === 'mrr@5')!;
    assert.equal(mrr.baseline, 1);
    assert.equal(mrr.current, 0.5);
    assert.equal(mrr.absolute, -0.5);
    assert.equal(mrr.relative, -0.5);
    assert.equal(mrr.verdict, 'worse');
    assert.equal(mrr.indicative, false);
    assert.ok(mrr.evidence?.kind === 'paired');
    assert.equal(mrr.evidence.p, 2 / 256);
    assert.equal(mrr.evidence.exact, true);
    assert.deepEqual([mrr.evidence.wins, mrr.evidence.ties, mrr.evidence.losses], [0, 0, 8]);
    assert.deepEqual(mrr.evidence.meanDifferenceCi && [mrr.evidence.meanDifferenceCi.lower, mrr.evidence.meanDifferenceCi.upper], [-0.5, -0.5]);
    assert.deepEqual(mrr.cases, ids);
    assert.equal(cmp.counts.worse >= 1, true);
  });

  it('lists a single changed case but does not call the mean change real (exact p = 1)', () => {
    const ids = Array.from({ length: 10 }, (_, i) => `c${i}`);
    const before = report(ids.map((id) => ({ id, ranked: ['x', 'y'], relevant: [rel('x')] })));
    const after = report(ids.map((id) => ({ id, ranked: id === 'c3' ? ['y', 'x'] : ['x', 'y'], relevant: [rel('x')] })));
    const cmp = compareReports(before, after);
    const mrr = cmp.rows.find((r) => r.id === 'mrr@5')!;
    assert.equal(mrr.verdict, 'noise');
    assert.match(mrr.basis, /not significant/);
    assert.ok(mrr.evidence?.kind === 'paired');
    assert.equal(mrr.evidence.p, 1);
    assert.deepEqual(mrr.cases, ['c3']);
    assert.deepEqual(cmp.caseChanges.map((c) => [c.id, c.direction]), [['c3', 'regressed']]);
  });

  it('knows that fewer rounds and fewer errors are better; any change of the error count is real', () => {
    const ids = Array.from({ length: 6 }, (_, i) => `c${i}`);
    const before = report(ids.map((id) => ({ id, ranked: ['q'], relevant: [rel('x')], status: 'error' as const })));
    const after = report(ids.map((id) => ({ id, ranked: ['x'], relevant: [rel('x')] })));
    const cmp = compareReports(before, after);
    assert.equal(cmp.rows.find((r) => r.id === 'errors')!.verdict, 'better');
    const rounds = cmp.rows.find((r) => r.id === 'rounds.mean')!;
    assert.equal(rounds.verdict, 'better');
    assert.ok(rounds.evidence?.kind === 'paired');
    assert.equal(rounds.evidence.wins, 6, 'fewer rounds is a win');
    assert.deepEqual(cmp.caseChanges.map((c) => [c.id, c.direction, c.rankBefore, c.rankAfter])[0], ['c0', 'improved', null, 1]);
  });

  it('across runs, treats a small latency change as noise and a large one as an indicative verdict', () => {
    const base = report([{ id: 'a', ranked: ['x'], relevant: [rel('x')], searchMs: [10] }], { rssBytes: 100e6 });
    const small = report([{ id: 'a', ranked: ['x'], relevant: [rel('x')], searchMs: [10.5] }], { rssBytes: 104e6 });
    const large = report([{ id: 'a', ranked: ['x'], relevant: [rel('x')], searchMs: [13] }], { rssBytes: 120e6 });
    const p50 = (r: ReturnType<typeof compareReports>) => r.rows.find((row) => row.id === 'search.p50')!;
    const rss = (r: ReturnType<typeof compareReports>) => r.rows.find((row) => row.id === 'rss.peak')!;
    assert.equal(p50(compareReports(base, small)).verdict, 'noise');
    assert.equal(rss(compareReports(base, small)).verdict, 'noise');
    const slow = compareReports(base, large);
    assert.equal(p50(slow).verdict, 'worse');
    assert.equal(p50(slow).indicative, true);
    assert.match(p50(slow).basis, /another run/);
    assert.equal(rss(slow).verdict, 'worse');
    assert.equal(slow.counts.worse, 0, 'indicative rows are not counted as measured regressions');
    assert.equal(slow.counts.indicativeWorse, 4, 'search p50, p95, p99 and peak RSS');
  });

  it('names a dataset mismatch and lists added and removed cases', () => {
    const before = report([{ id: 'a', ranked: [], relevant: [rel('x')] }, { id: 'gone', ranked: [], relevant: [rel('x')] }], { hash: 'h1' });
    const after = report([{ id: 'a', ranked: [], relevant: [rel('x')] }, { id: 'new', ranked: [], relevant: [rel('x')] }], { hash: 'h2' });
    const cmp = compareReports(before, after);
    assert.equal(cmp.sameDataset, false);
    assert.deepEqual(cmp.addedCases, ['new']);
    assert.deepEqual(cmp.removedCases, ['gone']);
  });

  it('gives n/a rows when one side lacks the metric, e.g. a baseline at another k', () => {
    const before = report([{ id: 'a', ranked: ['x'], relevant: [rel('x')] }], { k: 10 });
    const after = report([{ id: 'a', ranked: ['x'], relevant: [rel('x')] }], { k: 5 });
    const row = compareReports(before, after).rows.find((r) => r.id === 'mrr@5')!;
    assert.equal(row.verdict, 'n/a');
    assert.equal(row.baseline, null);
  });

  it('reports a graded NDCG drop as a case regression even when the first relevant rank holds', () => {
    const judged = [rel('a', 3), rel('b', 2)];
    const before = report([{ id: 'c', ranked: ['a', 'b', 'z'], relevant: judged }]);
    const after = report([{ id: 'c', ranked: ['a', 'z', 'b'], relevant: judged }]);
    const [change] = compareReports(before, after).caseChanges;
    assert.equal(change?.direction, 'regressed');
    assert.equal(change?.rankBefore, 1);
    assert.equal(change?.rankAfter, 1);
    assert.ok((change?.ndcgAfter ?? 1) < (change?.ndcgBefore ?? 0));
  });

  it('judges the index size as one measurement: within ±1% not called, beyond it real (never indicative)', () => {
    const sized = (bytes: number) => {
      const r = report([{ id: 'a', ranked: ['x'], relevant: [rel('x')] }], { buildMs: 100, environment: { cpuModel: `cpu ${bytes}` } });
      r.build!.output = { path: '/tmp/index', bytes, files: 1 };
      return r;
    };
    const row = (a: number, b: number) => compareReports(sized(a), sized(b)).rows.find((r) => r.id === 'index.bytes')!;
    assert.deepEqual([row(100_000, 100_500).verdict, row(100_000, 100_500).indicative], ['noise', false]);
    assert.deepEqual([row(100_000, 102_000).verdict, row(100_000, 102_000).indicative], ['worse', false]);
    assert.equal(row(100_000, 90_000).verdict, 'better');
    assert.equal(row(100_000, 100_000).verdict, 'same');
  });
});
