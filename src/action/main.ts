/**
 * The Action's entry point (dist/action.js): inputs and event in, the library's
 * pipeline, GitHub out. Failures become a failed step with a message, never a stack
 * trace alone.
 */
import * as core from './safe-core.ts';
import { readFileSync } from 'node:fs';
import { DatasetError, formatDatasetError } from '../suite/dataset-error.ts';
import { interruptExitCode } from '../server/cleanup.ts';
import { exitWhenDrained } from '../shared/exit.ts';
import { lazyGitHub } from './github-context.ts';
import { readEvent } from './event.ts';
import { readInputs } from './inputs.ts';
import { runMode } from './run-mode.ts';
import { AGENT_KEY_ENV } from '../model/task.ts';
import type { RunContext } from './run-context.ts';
import { loadCommentMode, loadMergeMode } from './lazy.ts';

function payload(): Record<string, unknown> {
  const file = process.env['GITHUB_EVENT_PATH'];
  if (!file) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export async function main(): Promise<void> {
  try {
    const inputs = readInputs((name) => core.getInput(name));
    if (inputs.agentApiKey !== null) {
      // Masked before anything can print it; the agent reads it from the environment, as every key.
      core.setSecret(inputs.agentApiKey);
      process.env[AGENT_KEY_ENV] = inputs.agentApiKey;
    }
    const event = readEvent(process.env, payload());
    const ctx: RunContext = {
      inputs,
      event,
      github: lazyGitHub(inputs.token),
      workspace: process.env['GITHUB_WORKSPACE'] ?? process.cwd(),
    };
    // The other modes load only when asked for: a run must get to its server's spawn without their modules.
    if (inputs.mode === 'comment') await (await loadCommentMode()).commentMode(ctx);
    else if (inputs.mode === 'merge') await (await loadMergeMode()).mergeMode(ctx);
    else await runMode(ctx);
  } catch (err) {
    if (err instanceof DatasetError) core.setFailed(formatDatasetError(err));
    else if (err instanceof Error) {
      const tail = 'stderrTail' in err && typeof err.stderrTail === 'string' && err.stderrTail ? `\n--- stderr tail ---\n${err.stderrTail}` : '';
      core.setFailed(`docs-mcp-eval: ${err.message}${tail}`);
      if (!('exitCode' in err)) core.debug(err.stack ?? '');
    } else core.setFailed(`docs-mcp-eval: ${String(err)}`);
  }
}

await main();
// Servers that ignore every signal must not keep the step alive (their trees are ended by
// now); the log drains first. A cancelled step exits with its signal's code.
await exitWhenDrained(interruptExitCode() ?? (typeof process.exitCode === 'number' ? process.exitCode : 0));
