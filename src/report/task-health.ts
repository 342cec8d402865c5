/**
 * Run health for task cases (report/health.ts): runs that could not be judged (the model
 * API failed for good, the task's setup failed, a judge did not answer) make the task
 * numbers untrustworthy, as an evaluator outage does the answer scores: they fail the run
 * unless evaluator errors are allowed. Runs a budget stopped are a warning: the user set
 * the cap, and a cut-off run counts as a fail.
 */
import type { CaseResult, HealthPolicy, HealthProblem } from '../model/report.ts';
import type { TaskRun } from '../model/task.ts';
import { firstFew } from '../shared/first-few.ts';

const runsOf = (r: CaseResult): TaskRun[] => [...(r.task?.runs ?? []), ...(r.task?.withoutDocs ?? [])];

/** Task case id -> why its first unjudged run was not judged. */
export function agentErrors(results: readonly CaseResult[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of results) {
    const run = runsOf(r).find((x) => !x.judged && x.stop !== 'budget');
    if (run) out[r.id] = run.stopDetail ?? run.stop;
  }
  return out;
}

export function agentProblems(results: readonly CaseResult[], errors: Record<string, string>, policy: HealthPolicy): HealthProblem[] {
  const tasks = results.filter((r) => r.kind === 'task');
  const problems: HealthProblem[] = [];
  const failed = Object.keys(errors);
  if (failed.length > 0) {
    const first = failed[0]!;
    const severity = policy.allowEvaluatorErrors ? 'warn' : 'fail';
    const tail = severity === 'fail' ? "; check the agent's base URL, key and model (and the task's setup), or pass --allow-evaluator-errors" : ' (--allow-evaluator-errors)';
    problems.push({ code: 'agent_errors', severity, message: `${failed.length} of ${tasks.length} task cases have runs that could not be judged (${firstFew(failed, 3)}; ${first}: ${errors[first]}): they are left out of the task means${tail}` });
  }
  const stopped = tasks.filter((r) => runsOf(r).some((x) => x.stop === 'budget')).map((r) => r.id);
  if (stopped.length > 0) {
    const why = runsOf(results.find((r) => r.id === stopped[0])!).find((x) => x.stop === 'budget')?.stopDetail ?? 'the budget is spent';
    problems.push({ code: 'agent_budget', severity: 'warn', message: `${stopped.length} of ${tasks.length} task cases had runs stopped by a budget (${firstFew(stopped, 3)}): ${why}; a run cut off counts as failed, one never started is not judged; raise agent.budget, or keep the call cache so a re-run pays only for what changed` });
  }
  return problems;
}
