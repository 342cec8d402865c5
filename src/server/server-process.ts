/**
 * What the stdio and HTTP sessions share about a server process they started: how its
 * exit is described, the start failure they both throw, and watching its whole tree
 * (RSS sampling, registration for Ctrl-C, ending every process at teardown). One copy,
 * so both transports measure and clean up the same way.
 */
import type { MemoryResult } from '../model/report.ts';
import { registerProcessTree } from './cleanup.ts';
import { killPids, listDescendants } from './process-tree.ts';
import { startRssSampler } from './rss-sampler.ts';
import type { Ownership } from './owned-processes.ts';

export interface ServerExit {
  code: number | null;
  signal: string | null;
}

/** The next step after an initialize that timed out: the limit is its own, apart from the per-call --timeout. */
export const INIT_TIMEOUT_HINT = 'a server that loads its index before answering needs a longer --init-timeout (defaults.initTimeout)';

export class ServerStartError extends Error {
  readonly stderrTail: string;
  constructor(message: string, stderrTail: string) {
    super(message);
    this.name = 'ServerStartError';
    this.stderrTail = stderrTail;
  }
}

export function describeExit(exit: ServerExit | null): string {
  if (!exit) return 'the server closed the connection';
  return exit.signal ? `the server was killed by ${exit.signal}` : `the server exited with code ${exit.code}`;
}

/**
 * Holds the event loop (no unref): it is awaited, and an awaited wait that lets the loop
 * empty ends the CLI with exit 13 ("unsettled top-level await") instead of a message.
 */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface ServerTreeOptions {
  /** The token in the server's environment: whatever carries it is ended at teardown, in the tree or not. */
  ownership: Ownership;
  rssIntervalMs: number;
  /** Grace between SIGTERM and SIGKILL. */
  killGraceMs: number;
  /** performance.now() at the spawn, so sample times are "ms since spawn". */
  startedAt: number;
}

export interface ServerTree {
  /**
   * Stops sampling; returns the memory series and every pid to end: those the sampler
   * saw, plus the tree under the root now when `rootAlive` (a dead root's pid may
   * already belong to another process). Call it before closing the connection: a root
   * that exits re-parents its children, and they can no longer be found from it.
   */
  stop(rootAlive: boolean): Promise<{ memory: MemoryResult; pids: number[] }>;
  /** SIGTERM, SIGKILL after the grace (the pids, then anything still carrying the token), then drops the Ctrl-C registration. */
  end(pids: readonly number[]): Promise<void>;
}

/** Starts sampling the tree under `pid` and registers it so that Ctrl-C ends it too. */
export function watchServerTree(pid: number, options: ServerTreeOptions): ServerTree {
  const sampler = startRssSampler(pid, { intervalMs: options.rssIntervalMs, startedAt: options.startedAt });
  const { ownership } = options;
  const unregister = registerProcessTree(
    async () => {
      await killPids([...sampler.seenPids(), ...(await listDescendants(pid))], options.killGraceMs);
      await ownership.sweep(options.killGraceMs);
    },
    () => [...sampler.seenPids(), ...ownership.pids()],
  );
  return {
    async stop(rootAlive) {
      const treeNow = rootAlive ? await listDescendants(pid) : [];
      const memory = await sampler.stop();
      return { memory, pids: [...new Set([...sampler.seenPids(), ...treeNow])] };
    },
    async end(pids) {
      await killPids(pids, options.killGraceMs);
      // What escaped the tree (a double fork re-parented to init, a setsid daemon) still carries the token.
      await ownership.sweep(options.killGraceMs);
      unregister();
    },
  };
}
