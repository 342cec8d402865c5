/**
 * Owning every process a build or a server starts, wherever it goes. A process tree is
 * not enough: a server that double-forks (`sh -c '(sleep 999 &); exec node …'`) leaves a
 * child re-parented to init, which no walk from the root finds, and a `setsid` daemon
 * leaves the process group too. But every descendant inherits its environment, unless it
 * clears it on purpose: each build and server gets a variable with a token of its own,
 * and at teardown (and on Ctrl-C, and synchronously at exit) every process still
 * carrying that token is ended. On Linux the sweep reads /proc/<pid>/environ (only our
 * own processes are readable; ~2 ms for a few hundred processes). Elsewhere it finds
 * nothing, and the process group and the tree walk remain.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { killPids } from './process-tree.ts';

export const OWNER_ENV = 'DOCS_MCP_EVAL_OWNER';

export interface Ownership {
  /** Add to the spawned process's environment. */
  env: Record<string, string>;
  /** Pids still carrying the token (never our own). */
  pids(): number[];
  /** SIGTERM every process carrying the token, SIGKILL after the grace. */
  sweep(graceMs: number): Promise<void>;
}

function pidsCarrying(entry: string): number[] {
  if (process.platform !== 'linux') return [];
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const name of names) {
    const c = name.charCodeAt(0);
    if (c < 48 || c > 57) continue;
    const pid = Number(name);
    if (pid === process.pid) continue;
    try {
      if (readFileSync(`/proc/${name}/environ`, 'latin1').split('\0').includes(entry)) found.push(pid);
    } catch {
      // Gone, or not ours to read (then not ours to kill either).
    }
  }
  return found;
}

/**
 * A token no other live process carries: our pid (unique among live processes), the clock
 * and a random part. It marks, it guards nothing, so it needs no cryptographic randomness,
 * and node:crypto stays off the path to the server's spawn (shared/lazy-crypto.ts).
 */
function ownerToken(): string {
  return `${process.pid}-${process.hrtime.bigint().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** A fresh token for one build, setup or server. */
export function createOwnership(): Ownership {
  const token = ownerToken();
  const entry = `${OWNER_ENV}=${token}`;
  return {
    env: { [OWNER_ENV]: token },
    pids: () => pidsCarrying(entry),
    async sweep(graceMs) {
      const left = pidsCarrying(entry);
      if (left.length > 0) await killPids(left, graceMs);
    },
  };
}
