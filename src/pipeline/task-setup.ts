/**
 * What task cases need before the server starts (loaded only for suites that have them):
 * the agent resolved from the dataset's settings, docs-mcp-eval.yml's and the flags
 * (agent/resolve-agent.ts), checked, or the reason the tasks are skipped (said once, and
 * kept for the report); and, once the servers run, the task runner the run stage calls
 * (loaded then, with the loop, the providers and the workspace).
 * The relay an agent CLI starts is this installation's own: the CLI's `relay` command, or
 * its source file when the library runs from its sources.
 */
import path from 'node:path';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Config } from '../config/config.ts';
import { packageRoot } from '../config/package-root.ts';
import type { JudgeSession } from '../answers/evaluators/llm/judge-session.ts';
import type { Suite } from '../suite/index.ts';
import type { TaskRunInfo } from '../report/task-summary.ts';
import type { RunOptions } from '../run/run-suite.ts';
import { planTasks, type TaskPlan } from '../agent/resolve-agent.ts';
import type { EvaluateHooks } from './hooks.ts';
import { loadTaskRunner } from './lazy.ts';

export interface TaskSetupResult {
  plan: TaskPlan;
  /** What the report says of the tasks' agent (and of the skip). */
  info: TaskRunInfo;
  /** The run stage's task runner, given each arm's listed tools (its modules load then); absent when the tasks are skipped. */
  runner?: (tools: readonly (readonly Tool[])[], note: (message: string) => void) => Promise<NonNullable<RunOptions['runTask']>>;
}

/** How an agent CLI starts our relay: the bundled CLI's `relay` command, or the relay's source when running from sources. */
export function relayCommand(root: string = packageRoot(), fromSources: boolean = import.meta.url.endsWith('.ts')): string[] {
  return fromSources ? [process.execPath, path.join(root, 'src/agent/relay/relay-main.ts')] : [process.execPath, path.join(root, 'dist/cli.js'), 'relay'];
}

export function taskSetup(config: Config, suite: Suite, judgeSession: JudgeSession | undefined, hooks: EvaluateHooks): TaskSetupResult {
  const plan = planTasks({ suite, configured: config.agent, judging: config.judging, ...(judgeSession ? { judgeSession } : {}), relay: relayCommand(), env: process.env });
  const tasks = suite.cases.filter((c) => c.kind === 'task').map((c) => c.id);
  const price = plan.run && plan.setup.runner.kind === 'model' ? plan.setup.runner.price : undefined;
  const budget = { ...suite.agent?.budget, ...config.agent.budget };
  const info: TaskRunInfo = {
    agent: { ...plan.agent, ...(price ? { price } : {}) },
    withoutDocs: plan.withoutDocs,
    ...(budget.usd !== undefined || budget.tokens !== undefined ? { budget: { ...(budget.usd !== undefined ? { usd: budget.usd } : {}), ...(budget.tokens !== undefined ? { tokens: budget.tokens } : {}), stopped: false } } : {}),
    ...(plan.run ? {} : { skipped: { reason: plan.reason, cases: tasks } }),
  };
  if (!plan.run) {
    hooks.onPhase?.('suite', `${tasks.length} task case(s) skipped: ${plan.reason}`);
    return { plan, info };
  }
  for (const note of plan.notes) hooks.onPhase?.('suite', note);
  const agent = plan.agent.provider === 'command' ? `agent command ${plan.agent.command ?? ''}` : `agent ${plan.agent.provider} ${plan.agent.model}`;
  hooks.onPhase?.('suite', `${tasks.length} task case(s), ${agent}${plan.withoutDocs ? ', each also without docs (uplift)' : ''}`);
  return {
    plan,
    info,
    // The loop, the providers, the workspace and the assertions load once the servers run, and only for tasks that run.
    runner: async (tools, note) => (await loadTaskRunner()).createTaskRunner({ setup: plan.setup, withoutDocs: plan.withoutDocs, tools, callTimeoutMs: config.timeoutMs, note }),
  };
}
