/**
 * Listing and killing a process tree. A server is often started through a wrapper
 * (`sh -c`, `npx`, `uv run`), so the pid we spawned is not the process doing the work:
 * its descendants must be measured and killed too.
 *
 * Linux: one readdir of /proc plus one read of /proc/<pid>/stat per process gives every
 * parent link without spawning anything (~1 ms for ~100 processes). Not
 * /proc/<pid>/task/<tid>/children, which would be cheaper: it needs CONFIG_PROC_CHILDREN
 * (absent on some kernels, e.g. Firecracker guests), lists one thread's children only (so
 * every task must be read), and the kernel documents it as unreliable while the tree changes.
 * Elsewhere (macOS): `pidtree`, which spawns `ps` (~10 ms), hence the tracker's throttle.
 */
import { readdirSync, openSync, readSync, closeSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { loadPidtree } from './lazy.ts';

const hasProc = process.platform === 'linux';
const statBuf = Buffer.alloc(4096);

export interface ProcStat {
  pid: number;
  ppid: number;
  /** One-letter state: R, S, D, Z (zombie), X (dead)... */
  state: string;
  /** Start time in clock ticks since boot: with the pid, identifies a process across pid reuse. */
  startTime: number;
}

/** /proc/<pid>/stat, parsed; null when the process is gone. Sync: a /proc read is ~10 µs. */
export function readProcStat(pid: number): ProcStat | null {
  let fd: number;
  try {
    fd = openSync(`/proc/${pid}/stat`, 'r');
  } catch {
    return null;
  }
  try {
    const text = statBuf.toString('latin1', 0, readSync(fd, statBuf, 0, statBuf.length, 0));
    // The command name is in parentheses and may contain spaces or ')': parse after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { pid, state: fields[0] ?? '?', ppid: Number(fields[1]), startTime: Number(fields[19]) };
  } catch {
    return null; // ESRCH: exited between open and read
  } finally {
    closeSync(fd);
  }
}

/** Pids currently in /proc (Linux). */
export function procPids(): number[] {
  return numeric(readdirSync('/proc'));
}

function numeric(names: string[]): number[] {
  const pids: number[] = [];
  for (const name of names) {
    const c = name.charCodeAt(0);
    if (c >= 48 && c <= 57) pids.push(Number(name));
  }
  return pids;
}

/** Root and its descendants, parents before children; [] when the root is gone. */
export async function listDescendants(rootPid: number): Promise<number[]> {
  if (!hasProc) {
    // pidtree loads on first use (server/lazy.ts): after the spawn, and only where /proc is missing.
    const pidtree = (await loadPidtree()).default;
    // pidtree rejects when the root does not exist: that is an empty tree, not an error.
    return pidtree(rootPid, { root: true }).catch(() => []);
  }
  const children = new Map<number, number[]>();
  for (const pid of procPids()) {
    const stat = readProcStat(pid);
    if (stat === null) continue;
    const siblings = children.get(stat.ppid);
    if (siblings) siblings.push(pid);
    else children.set(stat.ppid, [pid]);
  }
  if (readProcStat(rootPid) === null) return [];
  const tree = [rootPid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i] ?? -1) ?? []));
  return tree;
}

/**
 * Whether the pid still runs. A zombie counts as dead: it has exited and only waits to
 * be reaped, which may never happen when init does not reap orphans (some containers).
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but is not ours; ESRCH: gone.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (!hasProc) return true;
  const stat = readProcStat(pid);
  return stat !== null && stat.state !== 'Z' && stat.state !== 'X';
}

function signal(pid: number, sig: NodeJS.Signals): boolean {
  try {
    process.kill(pid, sig);
    return true;
  } catch {
    return false; // ESRCH (already gone) or EPERM: nothing we can do either way
  }
}

export interface KillResult {
  /** Pids that were alive and got signalled. */
  killed: number[];
  /** The subset still alive after the grace period, sent SIGKILL. */
  forced: number[];
}

/**
 * SIGTERM every pid, wait up to graceMs for all to exit, SIGKILL the survivors, then
 * wait (briefly) until they are gone. Dead pids are skipped silently. Callers pass pids
 * they saw in the tree recently; a pid reused by an unrelated process in between is the
 * caller's risk (the RSS sampler filters its set by start time for that reason).
 */
export async function killPids(pids: Iterable<number>, graceMs: number): Promise<KillResult> {
  const self = process.pid;
  const targets = [...new Set(pids)].filter((pid) => pid > 1 && pid !== self && isAlive(pid));
  const killed = targets.filter((pid) => signal(pid, 'SIGTERM'));
  const alive = await waitForExit(killed, graceMs);
  const forced = alive.filter((pid) => signal(pid, 'SIGKILL'));
  // SIGKILL cannot be caught, but delivery and exit still take a moment.
  await waitForExit(forced, 2000);
  return { killed, forced };
}

/**
 * Snapshot the tree first, then kill it: once a parent dies its children are
 * re-parented to init and could no longer be found from the root.
 */
export async function killTree(rootPid: number, options: { graceMs: number }): Promise<KillResult> {
  return killPids(await listDescendants(rootPid), options.graceMs);
}

/** Polls until every pid is dead or the time is up; returns the survivors. */
export async function waitForExit(pids: number[], timeoutMs: number): Promise<number[]> {
  const deadline = performance.now() + timeoutMs;
  let alive = pids.filter(isAlive);
  while (alive.length > 0 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(20, Math.max(1, deadline - performance.now()))));
    alive = alive.filter(isAlive);
  }
  return alive;
}

export interface TreeTracker {
  /** Live members now: the root, its descendants, and escaped descendants while alive. */
  refresh(): Promise<number[]>;
  /** Every member ever seen that still runs as the same process (checked by start time on Linux). */
  seenAlive(): number[];
}

/**
 * Follows a tree across time for the RSS sampler. On Linux each refresh lists /proc
 * and reads the stat of NEW pids only (~10-50 µs each), adopting those whose parent is a
 * member: a whole-/proc scan per 100 ms tick would cost ~1 ms. Membership sticks while
 * the process lives, so a child orphaned by its wrapper (or a daemon that double-forks)
 * is still measured and killed. A child whose parent exits before the next tick is seen
 * as init's and missed: a window of one interval. Elsewhere, pidtree (a `ps` spawn) at
 * most once a second, the last listing reused in between.
 */
export function trackTree(rootPid: number): TreeTracker {
  const live = new Map<number, number>(); // pid -> start time
  const seen = new Map<number, number>();
  let present = new Set<number>(); // every pid in /proc at the last refresh
  let lastList = -Infinity;
  let cached: number[] = [];

  async function refreshProc(): Promise<number[]> {
    // Async: listing /proc costs ~70-250 µs, and the sampler shares its event loop with
    // the latency measurements; off the main thread it delays none of them.
    const now = numeric(await readdir('/proc'));
    const fresh: ProcStat[] = [];
    for (const pid of now) {
      if (present.has(pid)) continue;
      const stat = readProcStat(pid);
      if (stat !== null) fresh.push(stat);
    }
    present = new Set(now);
    for (const pid of live.keys()) if (!present.has(pid)) live.delete(pid);
    // Parents may be as new as their children: adopt until nothing changes.
    let adopted = true;
    while (adopted) {
      adopted = false;
      for (const stat of fresh) {
        if (live.has(stat.pid) || !(stat.pid === rootPid || live.has(stat.ppid))) continue;
        if (stat.pid === rootPid && seen.has(rootPid)) continue; // root gone, pid reused
        live.set(stat.pid, stat.startTime);
        seen.set(stat.pid, stat.startTime);
        adopted = true;
      }
    }
    return [...live.keys()];
  }

  async function refreshPs(): Promise<number[]> {
    if (performance.now() - lastList < 1000) return cached;
    lastList = performance.now();
    cached = await listDescendants(rootPid);
    for (const pid of cached) seen.set(pid, Number.NaN);
    return cached;
  }

  return {
    refresh: () => (hasProc ? refreshProc() : refreshPs()),
    seenAlive() {
      return [...seen].filter(([pid, start]) => {
        if (!isAlive(pid)) return false;
        return Number.isNaN(start) || readProcStat(pid)?.startTime === start;
      }).map(([pid]) => pid);
    },
  };
}
