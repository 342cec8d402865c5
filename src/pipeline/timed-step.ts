/**
 * A shell step the run cannot go on without (the build, the base checkout's setup):
 * timed, killable by Ctrl-C through the cleanup registry, and a failure becomes a
 * BuildFailedError carrying the step's output tail. Whatever the step leaves running in
 * the background (`sleep 999 & echo built`, a watcher) is owned (server/owned-processes.ts)
 * and ended when the run ends (endStepLeftovers), not before: a server may rely on it.
 */
import type { BuildResult } from '../model/report.ts';
import { measureOutput, runBuild } from '../server/build-step.ts';
import { registerProcessTree } from '../server/cleanup.ts';
import { createOwnership } from '../server/owned-processes.ts';
import { BuildFailedError } from '../shared/run-errors.ts';

/** Grace between SIGTERM and SIGKILL for what a step left behind. */
const LEFTOVER_GRACE_MS = 2_000;

/** Ends what finished steps left running; each entry unregisters itself once done. */
const leftovers = new Set<() => Promise<void>>();

export async function runTimedStep(step: { command: string; cwd: string; timeoutMs: number; output?: string }, what: string): Promise<BuildResult> {
  // The step runs in its own process group, out of reach of a terminal's Ctrl-C:
  // the cleanup registry aborts it instead, and sweeps whatever it started.
  const controller = new AbortController();
  const owned = createOwnership();
  const running = runBuild({ ...step, what, env: owned.env, signal: controller.signal });
  const unregister = registerProcessTree(async () => {
    controller.abort();
    await running.catch(() => undefined);
    await owned.sweep(LEFTOVER_GRACE_MS);
  }, () => owned.pids());
  const end = async () => {
    leftovers.delete(end);
    await owned.sweep(LEFTOVER_GRACE_MS);
    unregister();
  };
  leftovers.add(end);
  let result: BuildResult;
  try {
    result = await running;
  } catch (err) {
    await end();
    throw err;
  }
  if (result.exitCode !== 0) {
    await end();
    throw new BuildFailedError(`${what} failed (exit ${String(result.exitCode)}) after ${Math.round(result.ms)} ms${shellHint(result.exitCode, step)}`, result.stderrTail);
  }
  // What it wrote, measured before anything (the server) can add to it.
  if (step.output !== undefined) result.output = await measureOutput(step.output);
  return result;
}

/**
 * The shell's own codes for a command it could not run (POSIX: 127 not found, 126 found
 * but not executable): the cause in words, with the command line and where it ran.
 */
function shellHint(code: number | null, step: { command: string; cwd: string }): string {
  const where = `\n  command: ${step.command}\n  working directory: ${step.cwd}`;
  if (code === 127) return `: the shell did not find a command in it (the output below names it)${where}\n  next: check the spelling, install it, or give its path`;
  if (code === 126) return `: the shell found a command in it but could not run it (not executable, or a directory)${where}\n  next: chmod +x it, or run it through its interpreter`;
  return '';
}

/** Ends every process the run's steps left in the background (call when the run is over). */
export async function endStepLeftovers(): Promise<void> {
  await Promise.all([...leftovers].map((end) => end()));
}
