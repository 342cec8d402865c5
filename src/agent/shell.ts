/**
 * A shell command of a task (its setup, an agent's run_command, a script assertion): run
 * with `sh -c` in the workspace, in its own process group, under a timeout, its output's
 * tail kept. Everything it starts is owned (server/owned-processes.ts) and ended when it
 * ends, background processes included, and Ctrl-C ends it too: no process is left behind.
 */
import { runBuild } from '../server/build-step.ts';
import { registerProcessTree } from '../server/cleanup.ts';
import { createOwnership } from '../server/owned-processes.ts';

export interface ShellResult {
  /** null when it was killed (timeout). */
  exitCode: number | null;
  timedOut: boolean;
  ms: number;
  /** The tail of stdout and stderr, interleaved as a terminal shows them. */
  output: string;
}

const GRACE_MS = 1_000;

export interface ShellOptions {
  cwd: string;
  timeoutMs: number;
  /** What the notes in the output call it: setup, command, script, agent. */
  what: string;
  /** Over the scrubbed environment (server/child-env.ts); undefined removes a variable. */
  env?: Record<string, string | undefined>;
  /** Every chunk of stdout as it comes (the agent CLI's answer). */
  onStdout?: (chunk: Buffer) => void;
}

export async function runShell(command: string, options: ShellOptions): Promise<ShellResult> {
  const controller = new AbortController();
  const owned = createOwnership();
  const { onStdout } = options;
  const running = runBuild({
    command,
    cwd: options.cwd,
    timeoutMs: options.timeoutMs,
    what: `the ${options.what} command`,
    label: options.what,
    graceMs: GRACE_MS,
    env: { ...options.env, ...owned.env },
    signal: controller.signal,
    ...(onStdout ? { onOutput: (chunk: Buffer, stream: 'stdout' | 'stderr') => void (stream === 'stdout' && onStdout(chunk)) } : {}),
  });
  const unregister = registerProcessTree(async () => {
    controller.abort();
    await running.catch(() => undefined);
    await owned.sweep(GRACE_MS);
  }, () => owned.pids());
  try {
    const result = await running;
    return { exitCode: result.exitCode, timedOut: result.exitCode === null && result.ms >= options.timeoutMs, ms: Math.round(result.ms), output: result.stderrTail.trim() };
  } finally {
    await owned.sweep(GRACE_MS);
    unregister();
  }
}
