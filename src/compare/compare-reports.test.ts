import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { report } from '../../test/support/reports.ts';
import { compareReports } from './compare-reports.ts';

const rel = (id: string, grade = 1) => ({ id, grade });

describe('compareReports', () => {
  it('calls any change of a deterministic metric real, in the right direction', () => {
    const before = report([{ id: 'a', ranked: ['x', 'y'], relevant: [rel('x')] }]);
    const after = report([{ id: 'a', ranked: ['y', 'x'], relevant: [rel('x')] }]);
    const cmp = compareReports(before, after);
    const mrr = cmp.rows.find((r) => r.id === 'mrr@5')!;
    assert.equal(mrr.baseline, 1);
    assert.equal(mrr.current, 0.5);
    assert.equal(mrr.absolute, -0.5);
    assert.equal(mrr.relative, -0.5);
    assert.equal(mrr.verdict, 'worse');
    assert.equal(mrr.indicative, false);
    assert.equal(cmp.counts.worse >= 1, true);
  });

  it('knows that fewer rounds and fewer errors are better', () => {
    const before = report([{ id: 'a', ranked: ['q'], relevant: [rel('x')], status: 'error' }]);
    const after = report([{ id: 'a', ranked: ['x'], relevant: [rel('x')] }]);
    const cmp = compareReports(before, after);
    assert.equal(cmp.rows.find((r) => r.id === 'errors')!.verdict, 'better');
    assert.equal(cmp.rows.find((r) => r.id === 'rounds.mean')!.verdict, 'better');
    assert.deepEqual(cmp.caseChanges.map((c) => [c.id, c.direction, c.rankBefore, c.rankAfter]), [['a', 'improved', null, 1]]);
  });

  it('treats a small latency change as noise and a large one as an indicative verdict', () => {
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
    assert.equal(rss(slow).verdict, 'worse');
    assert.equal(slow.counts.worse, 0, 'indicative rows are not counted as measured regressions');
    assert.equal(slow.counts.indicativeWorse, 4, "search p50, p95, p99 and peak RSS");
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
});
