/**
 * The environment fingerprint: the fields that must match for two runs' timings and
 * memory to be comparable at all (same CPU model and count, OS, architecture, Node,
 * runner image). Pure, over plain report data.
 */
import type { Environment } from '../model/report.ts';

export const FINGERPRINT = ['cpuModel', 'cores', 'os', 'arch', 'node', 'runnerImage'] as const;

/** What differs in the fingerprint, e.g. "node v24.1.0 → v20.19.0"; [] when the same. */
export function environmentDifferences(a: Environment, b: Environment): string[] {
  return FINGERPRINT.filter((key) => a[key] !== b[key]).map((key) => `${key} ${String(a[key] ?? 'unknown')} → ${String(b[key] ?? 'unknown')}`);
}

/** One string per fingerprint: runs with equal keys ran on comparable machines. */
export function environmentKey(env: Environment): string {
  return FINGERPRINT.map((key) => String(env[key] ?? '')).join(' | ');
}
