import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { docsRun, taskCase, taskReport, withoutRun } from '../../test/support/task-reports.ts';
import { compareReports } from './compare-reports.ts';
import { meanInterval, MIN_PAIRS } from './judge-means.ts';

const ids = Array.from({ length: 6 }, (_, i) => `t${i}`);

describe('task rows in the comparison', () => {
  it('judges pass rates with the exact paired test and names the flipped tasks', () => {
    const before = taskReport(ids.map((id) => taskCase(id, [docsRun(0, true), withoutRun(0, false)])));
    const after = taskReport(ids.map((id) => taskCase(id, [docsRun(0, false), withoutRun(0, false)])));
    const cmp = compareReports(before, after);
    const pass = cmp.rows.find((r) => r.id === 'task.pass_rate')!;
    assert.equal(pass.baseline, 1);
    assert.equal(pass.current, 0);
    assert.equal(pass.verdict, 'worse');
    assert.ok(pass.evidence?.kind === 'paired');
    // Six of six tasks lost their pass: exact p = 2 / 2^6.
    assert.equal(pass.evidence.p, 2 / 64);
    const uplift = cmp.rows.find((r) => r.id === 'task.uplift')!;
    assert.equal(uplift.baseline, 1);
    assert.equal(uplift.current, 0);
    assert.deepEqual(cmp.caseChanges.map((c) => [c.id, c.kind, c.direction, c.scoreBefore, c.scoreAfter]), ids.map((id) => [id, 'task', 'regressed', 1, 0]));
  });

  it('judges what runs cost on the t-interval of the paired mean difference', () => {
    const turns = [2, 3, 2, 4, 3, 2];
    const before = taskReport(ids.map((id, i) => taskCase(id, [docsRun(0, true, { turns: turns[i]! })])));
    const after = taskReport(ids.map((id, i) => taskCase(id, [docsRun(0, true, { turns: turns[i]! + 3 + (i % 2) })])));
    const row = compareReports(before, after).rows.find((r) => r.id === 'task.turns')!;
    assert.equal(row.group, 'agent');
    assert.equal(row.verdict, 'worse');
    // Differences 3,4,3,4,3,4: mean 3.5, sd 0.5477, t(0.975, 5) = 2.5706 -> half-width 0.5748.
    assert.ok(row.evidence?.kind === 'paired' && row.evidence.meanDifferenceCi);
    assert.ok(Math.abs(row.evidence.meanDifferenceCi.lower - (3.5 - 0.5748)) < 1e-3);
    assert.ok(Math.abs(row.evidence.meanDifferenceCi.upper - (3.5 + 0.5748)) < 1e-3);
    assert.match(row.basis, /t-interval over 6 tasks/);
  });

  it('calls an interval that includes 0 noise, and too few tasks noise with the reason', () => {
    const before = taskReport(ids.map((id) => taskCase(id, [docsRun(0, true, { turns: 3 })])));
    const after = taskReport(ids.map((id, i) => taskCase(id, [docsRun(0, true, { turns: 3 + (i % 2 === 0 ? 2 : -2) })])));
    assert.equal(compareReports(before, after).rows.find((r) => r.id === 'task.turns')!.verdict, 'noise');
    const two = ['a', 'b'];
    const few = compareReports(taskReport(two.map((id) => taskCase(id, [docsRun(0, true, { turns: 2 })]))), taskReport(two.map((id) => taskCase(id, [docsRun(0, true, { turns: 9 })]))));
    const row = few.rows.find((r) => r.id === 'task.turns')!;
    assert.equal(row.verdict, 'noise');
    assert.match(row.basis, new RegExp(`at least ${MIN_PAIRS}`));
  });

  it('has per-tool rows for the tools either report saw', () => {
    const before = taskReport([taskCase('a', [docsRun(0, true)])]);
    const after = taskReport([taskCase('a', [docsRun(0, true, { tools: { get_doc: 2 } })])]);
    const rows = compareReports(before, after).rows.map((r) => r.id);
    assert.ok(rows.includes('task.tool_calls.get_doc') && rows.includes('task.tool_calls.search_docs'));
  });
});

describe('meanInterval', () => {
  it('is the textbook t-interval, and null below the minimum', () => {
    const ci = meanInterval([1, 2, 3, 4], 0.95)!;
    // mean 2.5, sd 1.2910, t(0.975, 3) = 3.1824 -> half-width 2.0543.
    assert.ok(Math.abs(ci.lower - 0.4457) < 1e-3 && Math.abs(ci.upper - 4.5543) < 1e-3);
    assert.equal(meanInterval([1, 2], 0.95), null);
  });
});
