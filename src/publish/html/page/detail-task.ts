/**
 * A task case in the detail: for every run of each report (with docs, then without),
 * how it ended, its assertions, what it cost, and the trajectory step by step: the
 * model's text, each tool call with its arguments and the start of what came back. The
 * same runs the comment shows collapsed for a failed or flipped task; here all of them,
 * since the page is where a reader goes to see why. Text nodes only (dom.ts), so a
 * model's or a server's words can never become markup.
 */
import { formatValue } from '../../../report/format.ts';
import { runOutcome, type AgentStep, type TaskRun } from '../../../model/task.ts';
import { h, pre, text } from './dom.ts';
import type { CaseView } from './case-view.ts';

const argsText = (args: unknown): string => (typeof args === 'string' ? args : JSON.stringify(args, null, 1) ?? '');

function step(s: AgentStep): HTMLElement {
  const head = `Turn ${s.turn} · ${s.finishReason} · ${s.usage.promptTokens + s.usage.completionTokens} tokens · ${s.cached ? 'from the call cache' : `${Math.round(s.ms)} ms`}`;
  const calls = s.toolCalls.map((c) =>
    h(
      'li',
      { class: c.ok ? 'pass' : 'fail' },
      h('code', {}, text(c.tool, 200)),
      ` (${c.source}, ${c.ms.toFixed(1)} ms${c.ok ? '' : ', error'}, ${c.chars} characters back)`,
      pre(argsText(c.args), 4000),
      h('blockquote', { class: 'excerpt' }, pre(c.result, 4000)),
    ),
  );
  return h('li', { class: 'step' }, h('p', {}, text(head, 300)), s.text ? h('blockquote', { class: 'reasoning' }, pre(s.text, 8000)) : null, calls.length > 0 ? h('ul', { 'aria-label': `Tool calls of turn ${s.turn}` }, ...calls) : null);
}

function oneRun(label: string, run: TaskRun): HTMLElement {
  const cost = run.costUsd === null ? 'cost unknown' : `$${run.costUsd.toFixed(4)}`;
  const head = `${label}, repetition ${run.repetition + 1}: ${runOutcome(run)} · ${run.turns} turn(s) · ${run.toolCalls} tool call(s), ${run.docsCalls} to the docs · ${run.usage.promptTokens + run.usage.completionTokens} tokens · ${cost} · ${formatValue(run.ms, 'ms')}`;
  const assertions = run.assertions.map((a) =>
    h('li', { class: a.skipped ? '' : a.passed ? 'pass' : 'fail' }, a.skipped ? '– ' : a.passed ? '✓ ' : '✗ ', text(`${a.type}${a.soft ? ' (soft)' : ''} · ${a.label}: ${a.message}`, 2000)),
  );
  return h(
    'details',
    { class: 'task-run', open: !run.passed },
    h('summary', {}, text(head, 500)),
    run.stopDetail ? h('p', {}, 'Stopped: ', text(run.stopDetail, 1000)) : null,
    assertions.length > 0 ? h('ul', { class: 'validations', 'aria-label': 'Assertions' }, ...assertions) : null,
    h('p', {}, 'Final message:'),
    h('blockquote', { class: 'excerpt' }, pre(run.final, 8000)),
    run.trajectory.steps.length > 0 ? h('ol', { class: 'trajectory', 'aria-label': 'Trajectory' }, ...run.trajectory.steps.map(step)) : null,
    run.files.length > 0 ? h('p', {}, 'Workspace after the run: ', text(run.files.map((f) => `${f.path} (${f.bytes} B)`).join(', '), 2000)) : null,
  );
}

export function taskSection(view: CaseView): HTMLElement | null {
  if (view.current.kind !== 'task') return null;
  const parts = view.cases.flatMap((c, i) => {
    const task = c?.task;
    if (!task) return [];
    const name = view.meta.runs[i]!.name;
    return [...task.runs.map((r) => oneRun(`${name}, with docs`, r)), ...(task.withoutDocs ?? []).map((r) => oneRun(`${name}, without docs`, r))];
  });
  const prompt = view.current.task?.prompt;
  const body = parts.length > 0 ? parts : [h('p', {}, 'No run: the task was skipped or did not start (see the error).')];
  return h('section', { class: 'detail-part' }, h('h4', {}, 'Agent task: runs, assertions and trajectory'), prompt ? h('blockquote', { class: 'excerpt' }, pre(prompt, 8000)) : null, h('div', { class: 'answers' }, ...body));
}
