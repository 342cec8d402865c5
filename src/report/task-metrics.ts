/**
 * Task cases' numbers, pure over their runs (model/task.ts), as the metric catalog names
 * them (`task.*`). Per task first, then the mean over tasks, so a task run three times
 * weighs what a task run once does:
 * - pass rate: the share of its judged runs that passed (a run cut off by turns, budget or
 *   time is judged and failed; a run the model API or the setup broke is not judged, and
 *   the means say over how many tasks they are: n of m);
 * - pass^k: all its k judged runs passed; pass@k: at least one did (τ-bench, SWE-bench);
 * - activation: the share of its judged runs with docs that called a server tool;
 * - turns, tool calls (also per tool), tokens, cost: the mean over its judged runs with
 *   docs; duration: the median run, and the run-level row the median of all of them.
 * The uplift is the pass rate with docs minus without, over the tasks both arms judged, and
 * its test the exact sign test over the (task, repetition) pairs judged on both arms.
 */
import type { CaseResult, MetricCount, MetricValues } from '../model/report.ts';
import type { TaskResult, TaskRun, TaskSummary, UpliftOutcome } from '../model/task.ts';
import { meanOf, signTest } from '../stats/index.ts';
import { percentile } from '../retrieval/metrics/latency.ts';

const judged = (runs: readonly TaskRun[] | undefined) => (runs ?? []).filter((r) => r.judged);

function passRate(runs: readonly TaskRun[] | undefined): number | null {
  const j = judged(runs);
  return j.length === 0 ? null : j.filter((r) => r.passed).length / j.length;
}

function outcomeOf(withDocs: number | null, without: number | null): UpliftOutcome | undefined {
  if (withDocs === null || without === null) return undefined;
  if (withDocs > without) return 'gained';
  if (withDocs < without) return 'lost';
  return withDocs === 1 ? 'both_pass' : withDocs === 0 ? 'both_fail' : 'tied';
}

/** A task's result from its runs (both arms, any order). */
export function taskResult(prompt: string, runs: readonly TaskRun[]): TaskResult {
  const byRepetition = (a: TaskRun, b: TaskRun) => a.repetition - b.repetition;
  const docs = runs.filter((r) => r.arm === 'docs').sort(byRepetition);
  const without = runs.filter((r) => r.arm === 'without_docs').sort(byRepetition);
  const j = judged(docs);
  const rate = passRate(docs);
  const result: TaskResult = {
    prompt,
    runs: docs,
    passRate: rate,
    passAll: j.length === 0 ? null : j.every((r) => r.passed),
    passAny: j.length === 0 ? null : j.some((r) => r.passed),
  };
  if (without.length > 0) {
    const rateWithout = passRate(without);
    result.withoutDocs = without;
    result.passRateWithoutDocs = rateWithout;
    const outcome = outcomeOf(rate, rateWithout);
    if (outcome) result.outcome = outcome;
  }
  return result;
}

const tasksOf = (results: readonly CaseResult[]) => results.filter((r): r is CaseResult & { task: TaskResult } => r.kind === 'task' && r.task !== undefined);

const tokensOf = (r: TaskRun) => r.usage.promptTokens + r.usage.completionTokens;

/** The mean of `pick` over a task's judged runs with docs; undefined when it has none (or a value is unknown). */
function perRun(t: TaskResult, pick: (r: TaskRun) => number | null): number | undefined {
  const values = judged(t.runs).map(pick);
  if (values.length === 0 || values.some((v) => v === null)) return undefined;
  return meanOf(values as number[]) ?? undefined;
}

function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  return percentile([...values].sort((a, b) => a - b), 0.5);
}

/**
 * A task case's value for a `task.*` metric (the per-task number the mean is over, and
 * the pairs the comparison tests), or undefined when it does not count toward it.
 */
export function taskValue(r: CaseResult, id: string): number | undefined {
  const t = r.kind === 'task' ? r.task : undefined;
  if (!t) return undefined;
  const bool = (b: boolean | null) => (b === null ? undefined : b ? 1 : 0);
  switch (id) {
    case 'task.pass_rate':
      return t.passRate ?? undefined;
    case 'task.pass_rate.without_docs':
      return t.passRateWithoutDocs ?? undefined;
    case 'task.uplift':
      return t.passRate === null || t.passRateWithoutDocs === null || t.passRateWithoutDocs === undefined ? undefined : t.passRate - t.passRateWithoutDocs;
    case 'task.pass_hat_k':
      return bool(t.passAll);
    case 'task.pass_at_k':
      return bool(t.passAny);
    case 'task.activation':
      return perRun(t, (run) => (run.docsCalls > 0 ? 1 : 0));
    case 'task.turns':
      return perRun(t, (run) => run.turns);
    case 'task.tool_calls':
      return perRun(t, (run) => run.toolCalls);
    case 'task.tokens':
      return perRun(t, tokensOf);
    case 'task.cost':
      return perRun(t, (run) => run.costUsd);
    case 'task.duration':
      return median(judged(t.runs).map((run) => run.ms));
    default:
      return id.startsWith('task.tool_calls.') ? perRun(t, (run) => run.tools[id.slice('task.tool_calls.'.length)] ?? 0) : undefined;
  }
}

/** Every tool the tasks' runs with docs called, sorted. */
export function calledTools(results: readonly CaseResult[]): string[] {
  return [...new Set(tasksOf(results).flatMap((r) => judged(r.task.runs).flatMap((run) => Object.keys(run.tools))))].sort();
}

const MEAN_IDS = ['task.pass_rate', 'task.pass_rate.without_docs', 'task.uplift', 'task.pass_hat_k', 'task.pass_at_k', 'task.activation', 'task.turns', 'task.tool_calls', 'task.tokens', 'task.cost'];

/** The `task.*` means of the summary (and of each breakdown group), with the n of m each is over. */
export function taskMetrics(results: readonly CaseResult[]): { metrics: MetricValues; counts: Record<string, MetricCount> } {
  const tasks = tasksOf(results);
  if (tasks.length === 0) return { metrics: {}, counts: {} };
  const withoutDocs = tasks.some((t) => t.task.withoutDocs !== undefined);
  const ids = [...MEAN_IDS.filter((id) => withoutDocs || (id !== 'task.pass_rate.without_docs' && id !== 'task.uplift')), ...calledTools(results).map((tool) => `task.tool_calls.${tool}`)];
  const metrics: MetricValues = {};
  const counts: Record<string, MetricCount> = {};
  for (const id of ids) {
    const values = tasks.map((r) => taskValue(r, id)).filter((v): v is number => v !== undefined);
    metrics[id] = meanOf(values);
    counts[id] = { n: values.length, of: tasks.length };
  }
  const runs = tasks.flatMap((r) => judged(r.task.runs));
  metrics['task.duration'] = median(runs.map((run) => run.ms)) ?? null;
  counts['task.duration'] = { n: tasks.filter((r) => judged(r.task.runs).length > 0).length, of: tasks.length };
  return { metrics, counts };
}

/** The uplift's test and outcome counts over the task cases (undefined when no task ran without docs). */
export function upliftOf(results: readonly CaseResult[]): TaskSummary['uplift'] {
  const tasks = tasksOf(results).filter((r) => r.task.withoutDocs !== undefined);
  if (tasks.length === 0) return undefined;
  const outcomes: Record<UpliftOutcome, number> = { gained: 0, lost: 0, both_pass: 0, both_fail: 0, tied: 0 };
  let wins = 0;
  let losses = 0;
  let pairs = 0;
  const differences: number[] = [];
  for (const { task } of tasks) {
    if (task.outcome) outcomes[task.outcome]++;
    if (task.passRate !== null && task.passRateWithoutDocs !== null && task.passRateWithoutDocs !== undefined) differences.push(task.passRate - task.passRateWithoutDocs);
    const without = new Map(judged(task.withoutDocs).map((run) => [run.repetition, run]));
    for (const run of judged(task.runs)) {
      const other = without.get(run.repetition);
      if (!other) continue;
      pairs++;
      if (run.passed && !other.passed) wins++;
      if (!run.passed && other.passed) losses++;
    }
  }
  const value = meanOf(differences);
  if (value === null) return undefined;
  return { value, tasks: differences.length, p: signTest(wins, losses).p, pairs, wins, losses, outcomes };
}

/** Calls per tool over every judged run with docs. */
export function toolTotals(results: readonly CaseResult[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const r of tasksOf(results)) for (const run of judged(r.task.runs)) for (const [tool, n] of Object.entries(run.tools)) totals[tool] = (totals[tool] ?? 0) + n;
  return totals;
}

/** The task cases as one arm saw them: each task's runs are that arm's, so taskMetrics gives that arm's numbers (the table beside the uplift). */
export function armView(results: readonly CaseResult[], arm: 'docs' | 'without_docs'): CaseResult[] {
  if (arm === 'docs') return [...results];
  return tasksOf(results)
    .filter((r) => r.task.withoutDocs !== undefined)
    .map((r) => ({ ...r, task: taskResult(r.task.prompt, r.task.withoutDocs!.map((run) => ({ ...run, arm: 'docs' as const }))) }));
}
