/**
 * Which CPUs a server may run on. In a same-job A/B the two servers must share the same
 * CPUs: on a small runner the scheduler tends to keep one of them away from the harness's
 * CPU and the other beside it for the whole run, and that server is then 5–10% faster
 * than an identical one (measured: the A/A ratio of two identical reference servers
 * spread by ±4% between runs unpinned, ±1% with both on one CPU). No statistic over one
 * run can tell that from a code change, so it is removed at the source: both servers get
 * the same affinity through `taskset` (util-linux), inherited by everything they start.
 *
 * `auto` picks the last CPU this process may use (Cpus_allowed_list), on Linux with
 * taskset and at least two CPUs; elsewhere it resolves to none, with the reason.
 */
import { accessSync, constants, readFileSync } from 'node:fs';
import path from 'node:path';

export interface ResolvedCpus {
  /** A taskset CPU list ("3", "2,3", "0-1"), or null for no pinning. */
  cpus: string | null;
  /** Why there is no pinning, when `auto` found none. */
  note?: string;
}

const CPU_LIST = /^\d+(-\d+)?(,\d+(-\d+)?)*$/;

export function isCpuList(text: string): boolean {
  return CPU_LIST.test(text);
}

/** Expands "0-2,5" to [0, 1, 2, 5]. */
export function expandCpuList(list: string): number[] {
  return list.split(',').flatMap((part) => {
    const [from, to] = part.split('-').map(Number) as [number, number | undefined];
    return Array.from({ length: (to ?? from) - from + 1 }, (_, i) => from + i);
  });
}

function onPath(name: string): boolean {
  return (process.env['PATH'] ?? '').split(path.delimiter).some((dir) => {
    try {
      accessSync(path.join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** The CPUs this process may run on (Linux), from /proc/self/status. */
function allowedCpus(): number[] | null {
  try {
    const line = /^Cpus_allowed_list:\s*(\S+)/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return line?.[1] && isCpuList(line[1]) ? expandCpuList(line[1]) : null;
  } catch {
    return null;
  }
}

/** `setting`: `auto`, `none` or a taskset CPU list (checked by config/run-options.ts). */
export function resolveCpus(setting: string): ResolvedCpus {
  if (setting === 'none') return { cpus: null };
  if (setting !== 'auto') return { cpus: setting };
  if (process.platform !== 'linux') return { cpus: null, note: `servers not pinned: CPU affinity needs Linux (this is ${process.platform})` };
  if (!onPath('taskset')) return { cpus: null, note: 'servers not pinned: taskset (util-linux) is not on PATH' };
  const allowed = allowedCpus();
  if (!allowed || allowed.length < 2) return { cpus: null, note: 'servers not pinned: fewer than two CPUs available' };
  return { cpus: String(allowed.at(-1)) };
}

/** The argv that runs `command args` on `cpus` (unchanged when cpus is null). */
export function withAffinity(argv: { command: string; args: string[] }, cpus: string | null | undefined): { command: string; args: string[] } {
  if (!cpus) return argv;
  return { command: 'taskset', args: ['--cpu-list', cpus, argv.command, ...argv.args] };
}
