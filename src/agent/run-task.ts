/**
 * One run of a task on one arm: a fresh workspace, seeded with the task's files, its setup
 * command run; then the agent (our loop over a model API, or an agent CLI behind the
 * relay), with the server's tools on the docs arm and the workspace tools only on the
 * other; then the assertions on its final message and workspace, and the workspace is
 * removed. The run comes back as plain data (model/task.ts TaskRun), its trajectory with
 * every secret the run knows of taken out.
 */
import type { TaskCase } from '../model/case.ts';
import type { AgentPrice, AgentStep, TaskArm, TaskRun, TaskStop } from '../model/task.ts';
import { redact } from '../answers/evaluators/llm/secrets.ts';
import { checkAssertions, taskPassed } from './assertions/check-assertions.ts';
import type { JudgeAssertion } from './assertions/judge.ts';
import { excerpt, FINAL_CHARS } from './excerpt.ts';
import { runLoop, type LoopOutcome } from './loop.ts';
import type { ModelAccess } from './model-call.ts';
import { runCommandAgent } from './providers/command-agent.ts';
import { runShell } from './shell.ts';
import { createToolbox, type DocsAccess } from './toolbox.ts';
import { workspaceTools } from './workspace-tools.ts';
import { createWorkspace, seedWorkspace, WorkspaceError, type Workspace } from './workspace.ts';

export const DEFAULT_SYSTEM_PROMPT =
  'You are a coding agent with a workspace folder of your own. Use the tools you are given: ' +
  'documentation tools (when there are any) to look things up, and write_file, read_file and list_files ' +
  'for the workspace (paths relative to it). When the task is done, reply with a short final message and call no more tools.';

/** ms a task's setup command may take, unless the run's time left is shorter. */
export const SETUP_TIMEOUT_MS = 300_000;

export type AgentRunner =
  | { kind: 'model'; access: ModelAccess; price: AgentPrice | undefined; commands: { timeoutMs: number; hide: string[] } | null }
  | { kind: 'command'; template: string; relay: readonly string[]; model: string };

export interface TaskSetup {
  runner: AgentRunner;
  systemPrompt?: string;
  /** ms a run may take unless the task sets its own. */
  timeoutMs: number;
  /** What one run may spend (the agent's budget.perTask; a task's maxBudgetUsd wins). */
  perTask: { tokens?: number; usd?: number };
  judge?: JudgeAssertion;
  /** Values taken out of every trajectory (the agent's and the judge's keys). */
  secrets: string[];
  /** Where `when_env` looks. */
  env: Record<string, string | undefined>;
}

const NO_USAGE = { promptTokens: 0, completionTokens: 0, cachedTokens: 0 };

function notRun(stop: TaskStop, detail: string): LoopOutcome {
  return { steps: [], final: '', stop, stopDetail: detail, started: true, usage: NO_USAGE, costUsd: null };
}

async function prepare(c: TaskCase, workspace: Workspace, timeoutMs: number): Promise<string | undefined> {
  try {
    await seedWorkspace(workspace, c.files, c.source.file);
  } catch (error) {
    if (error instanceof WorkspaceError) return error.message;
    throw error;
  }
  if (c.setup === undefined) return undefined;
  const setupTimeout = Math.min(SETUP_TIMEOUT_MS, timeoutMs);
  const result = await runShell(c.setup, { cwd: workspace.dir, timeoutMs: setupTimeout, what: 'setup' });
  if (result.exitCode === 0) return undefined;
  return `the setup command ${result.timedOut ? `timed out after ${setupTimeout} ms` : `exited with ${String(result.exitCode)}`}: ${excerpt(result.output, 400)}`;
}

async function runAgent(c: TaskCase, setup: TaskSetup, workspace: Workspace, docs: DocsAccess | undefined, timeoutMs: number, run: { repetition: number; arm: TaskArm }): Promise<LoopOutcome> {
  const system = c.systemPrompt ?? setup.systemPrompt ?? DEFAULT_SYSTEM_PROMPT;
  const { runner } = setup;
  if (runner.kind === 'command') {
    return runCommandAgent({ template: runner.template, relay: runner.relay, model: runner.model, prompt: c.prompt, system, workspace, docs, maxTurns: c.maxTurns, timeoutMs });
  }
  return runLoop({
    system,
    prompt: c.prompt,
    toolbox: createToolbox(docs, workspaceTools(workspace, runner.commands)),
    model: runner.access,
    maxTurns: c.maxTurns,
    timeoutMs,
    budget: { ...setup.perTask, ...(c.maxBudgetUsd === undefined ? {} : { usd: c.maxBudgetUsd }) },
    price: runner.price,
    ...run,
  });
}

function counts(steps: readonly AgentStep[]): Pick<TaskRun, 'turns' | 'toolCalls' | 'docsCalls' | 'tools'> {
  const calls = steps.flatMap((s) => s.toolCalls);
  const tools: Record<string, number> = {};
  for (const call of calls) tools[call.tool] = (tools[call.tool] ?? 0) + 1;
  return { turns: Math.max(0, ...steps.map((s) => s.turn)), toolCalls: calls.length, docsCalls: calls.filter((call) => call.source === 'docs').length, tools };
}

/** The run with every secret taken out of what it says (a model or a tool may echo a key). */
function redacted(run: TaskRun, secrets: readonly string[]): TaskRun {
  if (secrets.length === 0) return run;
  return JSON.parse(redact(JSON.stringify(run), secrets)) as TaskRun;
}

export async function runTaskOnce(c: TaskCase, arm: TaskArm, repetition: number, setup: TaskSetup, docs: DocsAccess | undefined): Promise<TaskRun> {
  const started = performance.now();
  const timeoutMs = c.timeoutMs ?? setup.timeoutMs;
  const workspace = await createWorkspace();
  try {
    const problem = await prepare(c, workspace, timeoutMs);
    const left = timeoutMs - (performance.now() - started);
    const outcome = problem !== undefined ? notRun('setup', problem) : left <= 0 ? notRun('timeout', `the setup used the run's ${timeoutMs} ms`) : await runAgent(c, setup, workspace, docs, left, { repetition, arm });
    const checkable = outcome.stop !== 'error' && outcome.stop !== 'setup' && outcome.started;
    const assertions = checkable ? await checkAssertions(c.assertions, { prompt: c.prompt, final: outcome.final, workspace, env: setup.env, ...(setup.judge ? { judge: setup.judge } : {}) }) : [];
    const judgeError = assertions.find((a) => a.error === true && !a.soft);
    const { files } = await workspace.list();
    const run: TaskRun = {
      repetition,
      arm,
      stop: outcome.stop,
      ...(outcome.stopDetail !== undefined ? { stopDetail: outcome.stopDetail } : judgeError ? { stopDetail: `not judged: ${judgeError.message}` } : {}),
      passed: taskPassed(assertions, outcome.stop),
      judged: checkable && judgeError === undefined,
      assertions,
      ...counts(outcome.steps),
      usage: outcome.usage,
      costUsd: outcome.costUsd,
      ms: Math.round(performance.now() - started),
      final: excerpt(outcome.final, FINAL_CHARS),
      trajectory: { system: excerpt(c.systemPrompt ?? setup.systemPrompt ?? DEFAULT_SYSTEM_PROMPT), prompt: c.prompt, steps: outcome.steps },
      // A name the agent's commands gave a line break stays one line (the report's paths are).
      files: files.map((f) => ({ ...f, path: visibleControls(f.path) })),
    };
    return redacted(run, setup.secrets);
  } finally {
    await workspace.remove();
  }
}

/** Control characters and line separators in a file name, written as \u escapes (\u000a). */
function visibleControls(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is replaced
  return name.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
