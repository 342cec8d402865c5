/**
 * The report's run-level task block (model/task.ts TaskSummary), pure over the task cases'
 * results and what the run says of its agent: the uplift and its test, calls per tool, and
 * what the model API was actually paid for (replies served from the call cache cost
 * nothing; the task.tokens and task.cost metrics count every reply, so a replayed run
 * measures the same as the first). Rebuilt the same way when shard reports are merged.
 */
import { costOf } from '../answers/evaluators/llm/judge-session.ts';
import type { CaseResult } from '../model/report.ts';
import type { TaskSummary } from '../model/task.ts';
import { toolTotals, upliftOf } from './task-metrics.ts';

/** What only the run knows: the agent, whether the uplift was measured, the budget, or why the tasks were skipped. */
export type TaskRunInfo = Pick<TaskSummary, 'agent' | 'withoutDocs' | 'skipped' | 'budget'>;

export function taskSummary(info: TaskRunInfo, results: readonly CaseResult[]): TaskSummary {
  const tasks = results.filter((r) => r.kind === 'task' && r.task !== undefined);
  const runs = tasks.flatMap((r) => [...r.task!.runs, ...(r.task!.withoutDocs ?? [])]);
  const steps = runs.flatMap((run) => run.trajectory.steps);
  const paid = steps.filter((s) => !s.cached);
  const sum = (pick: (u: (typeof steps)[number]['usage']) => number) => paid.reduce((total, s) => total + pick(s.usage), 0);
  const spent = { promptTokens: sum((u) => u.promptTokens), completionTokens: sum((u) => u.completionTokens), cachedTokens: sum((u) => u.cachedTokens) };
  const uplift = upliftOf(results);
  const { budget, ...rest } = info;
  return {
    ...rest,
    repetitions: Math.max(0, ...tasks.map((r) => r.task!.runs.length)),
    tasks: info.skipped ? info.skipped.cases.length : tasks.length,
    ...(uplift ? { uplift } : {}),
    tools: toolTotals(results),
    ...(runs.length > 0 ? { usage: { calls: paid.length, cacheHits: steps.length - paid.length, ...spent, costUsd: costOf(spent, info.agent.price) } } : {}),
    ...(budget ? { budget: { ...(budget.usd !== undefined ? { usd: budget.usd } : {}), ...(budget.tokens !== undefined ? { tokens: budget.tokens } : {}), stopped: runs.some((run) => run.stop === 'budget') } } : {}),
  };
}
