/**
 * The task cases in the markdown report: who the agent was and what it cost, the task
 * metrics with docs and without side by side, the uplift with its exact test and the
 * tasks gained and lost, calls per tool, the numbers per category, and the trajectories
 * of the tasks that failed. When the tasks were skipped (no agent configured here), one
 * line says so and why.
 */
import { markdownTable } from 'markdown-table';
import type { Breakdown, CaseResult, MetricValues, Report } from '../../model/report.ts';
import { runOutcome } from '../../model/task.ts';
import { formatCount, formatMs, formatValue } from '../../report/format.ts';
import { armView, taskMetrics } from '../../report/task-metrics.ts';
import { details } from './details.ts';
import { codeSpan, escapeCell } from './escape.ts';
import { renderTrajectories, trajectoryCases } from './render-trajectory.ts';

/** The one line a run with skipped tasks carries (the comment shows it too). */
export function taskSkipNote(report: Report): string | undefined {
  const skipped = report.tasks?.skipped;
  return skipped ? `> Agent tasks skipped (${skipped.cases.length}): ${escapeCell(skipped.reason, 300)}. The rest of the run is not affected.` : undefined;
}

/** A task that did not pass every run, for the list of misses: how its first such run ended and its first failed hard assertion. */
export function taskFailureLine(r: CaseResult): string | undefined {
  const run = r.task?.runs.find((x) => !x.passed);
  if (!run) return r.task ? undefined : `- ${codeSpan(r.id)}: no run`;
  const failed = run.assertions.find((a) => !a.passed && !a.soft && a.skipped !== true);
  const why = failed ? failed.message : (run.stopDetail ?? '');
  return `- ${codeSpan(r.id)}: ${runOutcome(run)} (run ${run.repetition + 1})${why ? `: ${escapeCell(why, 200)}` : ''}`;
}

/** Who ran the tasks, how often, and what the model API was paid for. */
export function agentLine(report: Report): string | undefined {
  const t = report.tasks;
  if (!t || t.skipped) return undefined;
  const who = t.agent.provider === 'command' ? `agent CLI ${codeSpan(t.agent.command ?? '', 80)}` : `${escapeCell(t.agent.provider, 20)} ${codeSpan(t.agent.model, 60)}`;
  const u = t.usage;
  const paid = u
    ? ` · ${u.calls} model call(s) paid, ${u.cacheHits} from the cache · ${formatValue(u.promptTokens, 'tokens')} prompt + ${formatValue(u.completionTokens, 'tokens')} completion tokens · ${u.costUsd === null ? 'cost unknown (no price)' : formatValue(u.costUsd, 'usd')}`
    : '';
  const budget = t.budget?.stopped ? ' · **a budget stopped runs**' : '';
  return `Agent: ${who} · ${t.tasks} task(s) × ${t.repetitions} run(s)${t.withoutDocs ? ', with and without docs' : ''}${paid}${budget}`;
}

const ROWS: { id: string; label: string; unit: Parameters<typeof formatValue>[1] }[] = [
  { id: 'task.pass_rate', label: 'Pass rate', unit: 'ratio' },
  { id: 'task.pass_hat_k', label: 'pass^k (every run passed)', unit: 'ratio' },
  { id: 'task.pass_at_k', label: 'pass@k (a run passed)', unit: 'ratio' },
  { id: 'task.activation', label: 'Docs activation', unit: 'ratio' },
  { id: 'task.turns', label: 'Turns (mean)', unit: 'number' },
  { id: 'task.tool_calls', label: 'Tool calls (mean)', unit: 'number' },
  { id: 'task.tokens', label: 'Tokens (mean)', unit: 'tokens' },
  { id: 'task.cost', label: 'Cost (mean)', unit: 'usd' },
  { id: 'task.duration', label: 'Duration p50', unit: 'ms' },
];

function metricsTable(report: Report): string {
  const docs = taskMetrics(report.cases);
  const without = report.tasks?.withoutDocs ? taskMetrics(armView(report.cases, 'without_docs')) : undefined;
  const cell = (m: { metrics: MetricValues; counts: Record<string, { n: number; of: number }> } | undefined, id: string, unit: Parameters<typeof formatValue>[1]) => {
    if (!m) return '—';
    const count = m.counts[id];
    const value = m.metrics[id];
    return `${formatValue(value, unit)}${value != null && count && count.n < count.of ? ` (${count.n} of ${count.of})` : ''}`;
  };
  const header = without ? ['Task metric', 'With docs', 'Without docs'] : ['Task metric', 'Value'];
  // Without docs there is nothing to activate.
  const rows = ROWS.map((r) => [r.label, cell(docs, r.id, r.unit), ...(without ? [r.id === 'task.activation' ? '—' : cell(without, r.id, r.unit)] : [])]);
  return markdownTable([header, ...rows], { align: ['l', 'r', 'r'] });
}

function upliftLine(report: Report): string | undefined {
  const u = report.tasks?.uplift;
  if (!u) return undefined;
  const sign = u.value > 0 ? '+' : u.value < 0 ? '−' : '';
  const p = u.p < 0.001 ? '< 0.001' : `= ${u.p.toFixed(3)}`;
  const o = u.outcomes;
  return (
    `**Uplift** ${sign}${formatValue(Math.abs(u.value), 'ratio')} (pass rate with docs − without, over ${u.tasks} task(s)) · exact sign test over ${u.pairs} (task, run) pair(s): ` +
    `${u.wins} passed with docs only, ${u.losses} without docs only, p ${p} · tasks gained ${o.gained}, lost ${o.lost}, both pass ${o.both_pass}, both fail ${o.both_fail}${o.tied > 0 ? `, tied ${o.tied}` : ''}`
  );
}

function toolsLine(report: Report): string | undefined {
  const tools = Object.entries(report.tasks?.tools ?? {}).sort(([, a], [, b]) => b - a);
  return tools.length === 0 ? undefined : `Tool calls with docs: ${tools.map(([tool, n]) => `${codeSpan(tool, 40)} ${n}`).join(' · ')}`;
}

function categoryTable(groups: readonly Breakdown[]): string | undefined {
  const tasks = groups.filter((g) => (g.taskCases ?? 0) > 0);
  if (tasks.length === 0) return undefined;
  const v = (g: Breakdown, id: string, unit: Parameters<typeof formatValue>[1]) => formatValue(g.metrics[id], unit);
  return markdownTable(
    [
      ['Category', 'Tasks', 'Pass rate', 'Without docs', 'Uplift', 'Activation', 'Turns', 'Tokens', 'Duration p50'],
      ...tasks.map((g) => [escapeCell(g.key), formatCount(g.taskCases ?? 0), v(g, 'task.pass_rate', 'ratio'), v(g, 'task.pass_rate.without_docs', 'ratio'), v(g, 'task.uplift', 'ratio'), v(g, 'task.activation', 'ratio'), v(g, 'task.turns', 'number'), v(g, 'task.tokens', 'tokens'), g.metrics['task.duration'] == null ? '—' : formatMs(g.metrics['task.duration'])]),
    ],
    { align: ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'] },
  );
}

export function renderTasks(report: Report): string | undefined {
  if (!report.tasks) return undefined;
  const skip = taskSkipNote(report);
  if (skip) return `### Agent tasks\n\n${skip}`;
  const parts = ['### Agent tasks', agentLine(report), metricsTable(report), upliftLine(report), toolsLine(report)];
  const categories = categoryTable(report.breakdowns.category);
  if (categories) parts.push(details('Tasks by category', categories));
  const failed = renderTrajectories(trajectoryCases(report));
  if (failed) parts.push(`#### Tasks that did not pass\n\n${failed}`);
  return parts.filter((p) => p !== undefined).join('\n\n');
}
