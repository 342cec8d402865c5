/**
 * `script` assertions: a shell command run in the workspace (sh -c, as speakeasy's), passing
 * on exit 0, stopped after its timeout (default 30 s, as theirs); with `when_env` it runs
 * only when that variable is set, and is otherwise skipped (counted neither way).
 */
import type { TaskAssertion } from '../../model/task.ts';
import { runShell } from '../shell.ts';
import { excerpt } from '../excerpt.ts';

export const SCRIPT_TIMEOUT_MS = 30_000;

export async function runScriptAssertion(a: Extract<TaskAssertion, { type: 'script' }>, cwd: string, env: Record<string, string | undefined>) {
  // One line: it names the assertion in lists and tables.
  const label = (a.name ?? excerpt(a.command, 60)).replace(/\s+/g, ' ').trim();
  if (a.when_env !== undefined && !env[a.when_env]) return { label, passed: false, skipped: true, message: `${label}: skipped (${a.when_env} is not set)` };
  const timeoutMs = a.timeoutMs ?? SCRIPT_TIMEOUT_MS;
  const result = await runShell(a.command, { cwd, timeoutMs, what: 'script' });
  const output = result.output === '' ? '' : `: ${excerpt(result.output, 300)}`;
  if (result.timedOut) return { label, passed: false, message: `${label}: timed out after ${timeoutMs} ms${output}` };
  return { label, passed: result.exitCode === 0, message: `${label}: exit ${String(result.exitCode)}${output}` };
}
