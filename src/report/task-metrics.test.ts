import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { docsRun as docs, taskCase, withoutRun as without } from '../../test/support/task-reports.ts';
import { calledTools, taskMetrics, taskResult, taskValue, upliftOf } from './task-metrics.ts';

describe('taskResult', () => {
  it('computes the pass rate, pass^k and pass@k over the judged runs, and the uplift outcome', () => {
    const t = taskResult('p', [docs(1, false), docs(0, true), docs(2, true), without(0, false), without(1, false), without(2, true)]);
    assert.deepEqual(t.runs.map((r) => r.repetition), [0, 1, 2]);
    assert.equal(t.passRate, 2 / 3);
    assert.equal(t.passAll, false);
    assert.equal(t.passAny, true);
    assert.equal(t.passRateWithoutDocs, 1 / 3);
    assert.equal(t.outcome, 'gained');
  });

  it('leaves not-judged runs out, and has no pass rate when none is judged', () => {
    const t = taskResult('p', [docs(0, false, { judged: false, stop: 'error' }), docs(1, true)]);
    assert.equal(t.passRate, 1);
    assert.equal(t.passAll, true);
    const none = taskResult('p', [docs(0, false, { judged: false, stop: 'error' })]);
    assert.equal(none.passRate, null);
    assert.equal(none.passAll, null);
    assert.equal(none.withoutDocs, undefined);
  });

  it('names each outcome', () => {
    const outcome = (a: boolean, b: boolean) => taskResult('p', [docs(0, a), without(0, b)]).outcome;
    assert.equal(outcome(true, false), 'gained');
    assert.equal(outcome(false, true), 'lost');
    assert.equal(outcome(true, true), 'both_pass');
    assert.equal(outcome(false, false), 'both_fail');
    assert.equal(taskResult('p', [docs(0, true), docs(1, false), without(0, false), without(1, true)]).outcome, 'tied');
  });
});

describe('taskMetrics', () => {
  // Hand-computed: task a passes 1 of 2 with docs, b 2 of 2, c's only run is not judged.
  const a = taskCase('a', [docs(0, true, { turns: 3, ms: 100 }), docs(1, false, { turns: 5, stop: 'turns', ms: 300 }), without(0, false), without(1, false)]);
  const b = taskCase('b', [docs(0, true, { turns: 2, docsCalls: 0, tools: { write_file: 1 }, ms: 200 }), docs(1, true, { turns: 2, ms: 400 }), without(0, true), without(1, false)]);
  const c = taskCase('c', [docs(0, false, { judged: false, stop: 'error' }), without(0, false, { judged: false, stop: 'error' })]);
  const { metrics, counts } = taskMetrics([a, b, c]);

  it('means per task, then over tasks, with n of m', () => {
    assert.equal(metrics['task.pass_rate'], (0.5 + 1) / 2);
    assert.deepEqual(counts['task.pass_rate'], { n: 2, of: 3 });
    assert.equal(metrics['task.pass_rate.without_docs'], (0 + 0.5) / 2);
    assert.equal(metrics['task.uplift'], (0.5 - 0 + (1 - 0.5)) / 2);
    assert.equal(metrics['task.pass_hat_k'], (0 + 1) / 2);
    assert.equal(metrics['task.pass_at_k'], 1);
    assert.equal(metrics['task.activation'], (1 + 0.5) / 2);
    assert.equal(metrics['task.turns'], (4 + 2) / 2);
    assert.equal(metrics['task.tokens'], 120);
    assert.equal(metrics['task.tool_calls.search_docs'], (1 + 0.5) / 2);
    assert.equal(metrics['task.tool_calls.write_file'], 1);
    // The median of the four judged runs with docs: 100, 200, 300, 400.
    assert.equal(metrics['task.duration'], 250);
    // No price: the cost is unknown, never 0.
    assert.equal(metrics['task.cost'], null);
  });

  it('lists the tools called and reads one task value at a time', () => {
    assert.deepEqual(calledTools([a, b, c]), ['search_docs', 'write_file']);
    assert.equal(taskValue(a, 'task.uplift'), 0.5);
    assert.equal(taskValue(c, 'task.pass_rate'), undefined);
    assert.equal(taskValue(a, 'task.duration'), 200);
  });

  it('has no without-docs rows when no task ran without docs', () => {
    const only = taskMetrics([taskCase('x', [docs(0, true)])]).metrics;
    assert.equal('task.uplift' in only, false);
    assert.equal('task.pass_rate.without_docs' in only, false);
  });

  it('tests the uplift with the exact sign test over (task, repetition) pairs', () => {
    const uplift = upliftOf([a, b, c])!;
    // Pairs judged on both arms: a0 (win), a1 (tie), b0 (tie), b1 (win); c has none.
    assert.equal(uplift.pairs, 4);
    assert.equal(uplift.wins, 2);
    assert.equal(uplift.losses, 0);
    // Two decisive pairs, both one way: p = 2 · (1/2)^2.
    assert.equal(uplift.p, 0.5);
    assert.equal(uplift.tasks, 2);
    assert.deepEqual(uplift.outcomes, { gained: 2, lost: 0, both_pass: 0, both_fail: 0, tied: 0 });
  });

  it('prices a task when every judged run has a cost', () => {
    const priced = taskCase('p', [docs(0, true, { costUsd: 0.01 }), docs(1, true, { costUsd: 0.03 })]);
    assert.equal(taskMetrics([priced]).metrics['task.cost'], 0.02);
  });
});
