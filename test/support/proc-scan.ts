/** Finding processes by an environment marker, to prove from outside that none survived. */
import { readdirSync, readFileSync } from 'node:fs';

export function pidsWithEnv(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(marker)) found.push(Number(entry));
    } catch {
      // Gone or not ours to read.
    }
  }
  return found;
}

/** Waits (bounded) until at least `count` processes carry the marker; returns how many do. */
export async function waitForPidsWithEnv(marker: string, count: number, timeoutMs = 10_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (pidsWithEnv(marker).length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return pidsWithEnv(marker).length;
}

/** Processes whose command line has an argument containing `fragment` (Linux /proc; never this process). */
export function pidsWithArgument(fragment: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').some((arg) => arg.includes(fragment))) found.push(Number(entry));
    } catch {
      // Gone or not ours to read.
    }
  }
  return found;
}
