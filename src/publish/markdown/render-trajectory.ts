/**
 * A task run where a reviewer looks: one collapsed block per failed or flipped task, with
 * how the run ended and why, each assertion's result and reason, and the trajectory step
 * by step (the assistant's words, each tool call with its arguments, how long it took and
 * the start of what came back), then the final message. Everything in it is model, server
 * or dataset text: escaped like every other such string (escape.ts) and cut short; the JSON
 * report keeps the longer excerpts.
 */
import type { CaseChange } from '../../model/comparison.ts';
import type { CaseResult, Report } from '../../model/report.ts';
import { runOutcome, type TaskRun } from '../../model/task.ts';
import { formatMs } from '../../report/format.ts';
import { changedFirst } from './changed-first.ts';
import { details } from './details.ts';
import { codeSpan, escapeCell, htmlCode, htmlText } from './escape.ts';

export type TrajectoryWhy = 'failed' | 'not judged' | 'regressed' | 'improved';

export interface TrajectoryCase {
  result: CaseResult;
  run: TaskRun;
  why: TrajectoryWhy;
}

/** Characters of a tool result, a step's text or the final message shown (the JSON report keeps more). */
export const SHOWN_CHARS = 200;

/** The run to show of a task: its first run with docs that did not pass, else its first. */
function shownRun(r: CaseResult): TaskRun | undefined {
  return r.task?.runs.find((run) => !run.passed) ?? r.task?.runs[0];
}

/** Flipped tasks first (regressions, then improvements), then the failed and not-judged ones not already listed. */
export function trajectoryCases(report: Report, changes: readonly CaseChange[] = []): TrajectoryCase[] {
  return changedFirst<TrajectoryCase>(
    report,
    changes,
    'task',
    (result, direction) => {
      const run = shownRun(result);
      return run && { result, run, why: direction };
    },
    (result) => {
      const run = shownRun(result);
      return run && (!run.passed || !run.judged) ? { result, run, why: run.judged ? 'failed' : 'not judged' } : undefined;
    },
  );
}

function stepLines(run: TaskRun): string[] {
  const lines: string[] = [];
  for (const step of run.trajectory.steps) {
    const cached = step.cached ? ', from the cache' : '';
    const said = step.text.trim() === '' ? '' : `: ${escapeCell(step.text, SHOWN_CHARS)}`;
    lines.push(`${step.turn}. ${escapeCell(step.finishReason, 30)}${cached}${said}`);
    for (const call of step.toolCalls) {
      const args = escapeCell(JSON.stringify(call.args) ?? '', 160);
      lines.push(`    - ${call.ok ? '✓' : '✗'} ${codeSpan(call.tool, 60)} ${args} · ${formatMs(call.ms)} → ${escapeCell(call.result, SHOWN_CHARS)}`);
    }
  }
  return lines;
}

export function renderTrajectory(c: TrajectoryCase): string {
  const { result, run } = c;
  const arm = run.arm === 'docs' ? 'with docs' : 'without docs';
  const name = result.name === result.id ? '' : ` ${htmlText(result.name, 80)}`;
  const outcome = runOutcome(run);
  const why = c.why === 'failed' || c.why === 'not judged' ? outcome : `${c.why}: ${outcome}`;
  const summary = `${htmlCode(result.id)}${name}: ${why} (${arm}, run ${run.repetition + 1}) · ${run.turns} turn(s) · ${run.docsCalls} docs call(s)`;
  const body = [
    `**Prompt**: ${escapeCell(run.trajectory.prompt, 400)}`,
    ...(run.stopDetail ? [`**Stopped**: ${escapeCell(run.stopDetail, 300)}`] : []),
    '**Assertions**',
    ...(run.assertions.length === 0 ? ['- none checked'] : run.assertions.map((a) => `- ${a.skipped ? '◌' : a.passed ? '✅' : '❌'} ${codeSpan(a.type, 30)}${a.soft ? ' (soft)' : ''}: ${escapeCell(a.message, 240)}`)),
    '**Trajectory**',
    ...(run.trajectory.steps.length === 0 ? ['- no model turn'] : stepLines(run)),
    `**Final message**: ${run.final.trim() === '' ? '(none)' : escapeCell(run.final, 400)}`,
  ];
  return details(summary, body.join('\n'));
}

/** The blocks of the first `limit` cases, with a count of the rest. */
export function renderTrajectories(cases: readonly TrajectoryCase[], limit = Number.POSITIVE_INFINITY): string | undefined {
  if (cases.length === 0) return undefined;
  const shown = cases.slice(0, limit);
  const more = cases.length > shown.length ? `\n\n${cases.length - shown.length} more task(s) in the full report.` : '';
  return `${shown.map(renderTrajectory).join('\n')}${more}`;
}
