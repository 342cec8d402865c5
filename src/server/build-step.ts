/**
 * The timed build step: runs the target's build command once, before the server starts,
 * and reports its wall time, exit code and the tail of its output. A failed build is a
 * result, not an exception: the caller decides whether to go on.
 */
import { scrubbedEnv } from './child-env.ts';
import { spawn } from 'node:child_process';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { BuildOutput, BuildResult } from '../model/report.ts';
import { killPids, listDescendants } from './process-tree.ts';
import { createOutputTail } from './stderr-tail.ts';
import { watchChild } from './start-failure.ts';

export interface BuildOptions {
  /** A shell command line: build commands commonly chain steps with `&&`. */
  command: string;
  cwd: string;
  /** Extra variables, merged over the scrubbed process environment (child-env.ts); undefined removes one. */
  env?: Record<string, string | undefined>;
  /** Kill the build after this long; none by default. */
  timeoutMs?: number;
  /** SIGTERM to SIGKILL, when the build is killed. */
  graceMs?: number;
  /** Aborting kills the build (wire Ctrl-C here: see below). */
  signal?: AbortSignal;
  /** What the step is, as its errors name it (default "the build command"). */
  what?: string;
  /** Live output, e.g. for --verbose. */
  onOutput?: (chunk: Buffer, stream: 'stdout' | 'stderr') => void;
  /** What the notes in the output tail call the command (default "build"; a task's setup, an agent's command). */
  label?: string;
}

const PREFIX = '[docs-mcp-eval]';

/**
 * The build runs in its own process group (detached) so that a timeout can kill the
 * whole group at once. The flip side: a terminal's Ctrl-C no longer reaches it, so the
 * CLI must turn SIGINT into `signal` aborting. As a last resort the group is SIGKILLed
 * if the eval exits while the build runs.
 *
 * The tail (BuildResult.stderrTail) holds stdout and stderr interleaved, as a terminal
 * shows them: many tools (tsc, npm scripts) print their errors on stdout.
 *
 * Rejects only when the shell itself cannot be started (a missing cwd, no /bin/sh), with
 * a StartFailedError (start-failure.ts).
 */
export async function runBuild(options: BuildOptions): Promise<BuildResult> {
  const { command, cwd, timeoutMs, signal, onOutput } = options;
  const graceMs = options.graceMs ?? 3000;
  const label = options.label ?? 'build';
  const tail = createOutputTail({ maxLines: 40, maxBytes: 8 * 1024, label: 'build output' });
  const started = performance.now();
  const child = spawn(command, {
    shell: true,
    cwd,
    env: { ...scrubbedEnv(), ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  const watch = watchChild(child, { what: options.what ?? 'the build command', commandLine: command, program: '/bin/sh', cwd });

  for (const [stream, name] of [[child.stdout, 'stdout'], [child.stderr, 'stderr']] as const) {
    tail.attach(stream);
    if (onOutput) stream.on('data', (chunk: Buffer) => onOutput(chunk, name));
  }

  let stopping: Promise<void> | undefined;
  const stop = (why: string): void => {
    if (pid === undefined || stopping) return;
    tail.note(`${PREFIX} ${why}`);
    stopping = stopGroup(pid, graceMs);
  };
  const lastResort = (): void => signalGroup(pid, 'SIGKILL');
  process.once('exit', lastResort);
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => stop(`${label} timed out after ${formatSeconds(timeoutMs)}`), timeoutMs);
  const onAbort = (): void => stop(`${label} aborted`);
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) onAbort();

  try {
    const status = await watch.exited;
    if (status === null) throw watch.failure()!;
    const exit = { code: status.code, sig: status.signal };
    const ms = performance.now() - started;
    // Decided at exit: a timer firing while the output drains must not turn success into a kill.
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    const killed = stopping !== undefined;
    if (stopping) await stopping;
    else if (exit.sig) tail.note(`${PREFIX} ${label} killed by ${exit.sig}`);
    // The output ends when the last writer closes it. A background process the build
    // left behind may hold it open forever: wait a moment, then stop listening.
    await closedWithin(child, 1000);
    return { command, ms, exitCode: killed ? null : exit.code, stderrTail: tail.text() };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    process.removeListener('exit', lastResort);
  }
}

/** TERM the group and every descendant (a member may have left the group), KILL stragglers. */
async function stopGroup(pid: number, graceMs: number): Promise<void> {
  const tree = await listDescendants(pid);
  signalGroup(pid, 'SIGTERM');
  await killPids(tree, graceMs);
  signalGroup(pid, 'SIGKILL');
}

function signalGroup(pid: number | undefined, sig: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, sig);
  } catch {
    // ESRCH: the group is empty already.
  }
}

function closedWithin(child: ReturnType<typeof spawn>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (child.stdout?.closed !== false && child.stderr?.closed !== false) return resolve();
    const timer = setTimeout(() => {
      child.stdout?.destroy();
      child.stderr?.destroy();
      resolve();
    }, ms);
    child.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))}s`;
}

/**
 * The size of what a build wrote (build.output): the bytes of its files, a folder walked
 * (symlinks counted as links, never followed), as `du -sb` counts them. Apparent size, not
 * allocated blocks: the same index measures the same on any filesystem, so two runs
 * compare. A path the build did not write is said, not an exception.
 */
export async function measureOutput(target: string): Promise<BuildOutput> {
  let bytes = 0;
  let files = 0;
  const walk = async (at: string): Promise<void> => {
    const stat = await lstat(at);
    if (!stat.isDirectory()) {
      bytes += stat.size;
      files++;
      return;
    }
    for (const entry of await readdir(at)) await walk(path.join(at, entry));
  };
  try {
    await walk(target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { path: target, bytes: null, files, error: code === 'ENOENT' ? 'the build wrote nothing there (no such file or folder)' : String(error) };
  }
  return { path: target, bytes, files };
}
