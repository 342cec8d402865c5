/**
 * A shell step the run cannot go on without (the build, the base checkout's setup):
 * timed, killable by Ctrl-C through the cleanup registry, and a failure becomes a
 * BuildFailedError carrying the step's output tail.
 */
import type { BuildResult } from '../report/types.ts';
import { runBuild } from '../target/build-step.ts';
import { registerProcessTree } from '../target/cleanup.ts';
import { BuildFailedError } from './errors.ts';

export async function runTimedStep(step: { command: string; cwd: string; timeoutMs: number }, what: string): Promise<BuildResult> {
  // The step runs in its own process group, out of reach of a terminal's Ctrl-C:
  // the cleanup registry aborts it instead.
  const controller = new AbortController();
  const running = runBuild({ ...step, signal: controller.signal });
  const unregister = registerProcessTree(async () => {
    controller.abort();
    await running.catch(() => undefined);
  }, () => []);
  const result = await running.finally(unregister);
  if (result.exitCode !== 0) {
    throw new BuildFailedError(`${what} failed (exit ${String(result.exitCode)}) after ${Math.round(result.ms)} ms`, result.stderrTail);
  }
  return result;
}
