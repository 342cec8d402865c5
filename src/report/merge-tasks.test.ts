/** Merging shard reports that hold task cases: the task block is rebuilt over every shard's tasks; shards run on different agents are refused. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { docsRun, taskCase, taskReport, withoutRun } from '../../test/support/task-reports.ts';
import type { Report } from '../model/report.ts';
import { taskSummary } from './task-summary.ts';
import { MergeError, mergeReports } from './merge.ts';

const AGENT = { provider: 'openai' as const, model: 'gpt-test' };

function shard(index: number, cases: Parameters<typeof taskReport>[0], agent: typeof AGENT | undefined = AGENT): Report {
  const r = taskReport(cases);
  r.shard = { index, count: 3 };
  if (agent) r.tasks = taskSummary({ agent, withoutDocs: true }, r.cases);
  return r;
}

describe('merging shards with task cases', () => {
  const a = taskCase('a', [docsRun(0, true), withoutRun(0, false)]);
  const b = taskCase('b', [docsRun(0, true), withoutRun(0, false)]);

  it('rebuilds the uplift over all the shards, and a shard that drew no task is no conflict', () => {
    const merged = mergeReports([shard(1, [a]), shard(2, [b]), shard(3, [], undefined)]);
    assert.equal(merged.tasks?.tasks, 2);
    // Two decisive pairs over the shards: exact p = 2 · (1/2)^2, where each shard alone had p = 1.
    assert.equal(merged.tasks?.uplift?.p, 0.5);
    assert.equal(merged.tasks?.uplift?.pairs, 2);
    assert.equal(merged.summary.metrics['task.uplift'], 1);
  });

  it('refuses shards run on different agents', () => {
    try {
      mergeReports([shard(1, [a]), shard(2, [b], { provider: 'openai', model: 'other-model' }), shard(3, [], undefined)]);
      assert.fail('expected a MergeError');
    } catch (error) {
      assert.ok(error instanceof MergeError);
      assert.match(error.problems.join('\n'), /the shards differ in the agent: .*gpt-test.* vs .*other-model/);
    }
  });
});
