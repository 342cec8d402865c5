/**
 * No orphan processes, ever: every spawned process tree registers here. On Ctrl-C or
 * SIGTERM the registered async cleanups run (bounded in time) before we exit; on any
 * exit at all, a synchronous last resort SIGKILLs every pid still registered.
 */

import { exitWhenDrained } from '../shared/exit.ts';

type Cleanup = () => Promise<void>;

const cleanups = new Set<Cleanup>();
const pidSets = new Set<() => readonly number[]>();
let installed = false;
let interruptedWith: number | undefined;

/** The exit code of the signal that interrupted the run (130, 143), if one did: it wins over the run's own code. */
export function interruptExitCode(): number | undefined {
  return interruptedWith;
}

function killRemainingSync(): void {
  for (const pidsOf of pidSets) {
    for (const pid of pidsOf()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone: that is the goal.
      }
    }
  }
}

async function runCleanups(timeoutMs: number): Promise<void> {
  const all = Promise.allSettled([...cleanups].map((c) => c()));
  await Promise.race([all, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
}

function install(): void {
  if (installed) return;
  installed = true;
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    process.once(signal, () => {
      interruptedWith = code;
      process.stderr.write(`\ndocs-mcp-eval: ${signal}, stopping the server and its children…\n`);
      void runCleanups(5_000).finally(() => exitWhenDrained(code, 2_000));
    });
  }
  process.once('exit', killRemainingSync);
}

/**
 * Registers a process tree: `cleanup` ends it gracefully, `pids` lists every pid ever
 * seen in it (for the synchronous last resort). Returns the function that unregisters.
 */
export function registerProcessTree(cleanup: Cleanup, pids: () => readonly number[]): () => void {
  install();
  cleanups.add(cleanup);
  pidSets.add(pids);
  return () => {
    cleanups.delete(cleanup);
    pidSets.delete(pids);
  };
}
