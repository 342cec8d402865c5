/**
 * The one validated Config every entry point (CLI, Action) produces and the pipeline
 * consumes. Paths are absolute by the time a Config exists.
 */
import type { CaseFilter } from '../suite/index.ts';

export interface ServerConfig {
  /** A command line (parsed with shell quoting rules; no shell operators). */
  command: string;
  cwd: string;
  /** Added to the inherited environment. */
  env: Record<string, string>;
}

export interface BuildConfig {
  /** Run through the shell, so `a && b` works. */
  command: string;
  cwd: string;
  timeoutMs: number;
}

export interface Config {
  cases: string;
  server: ServerConfig;
  build: BuildConfig | null;
  warmup: number;
  repetitions: number;
  k: number;
  /** Per tool call. */
  timeoutMs: number;
  /** Consecutive timed-out calls after which the server is declared hung. */
  maxConsecutiveTimeouts: number;
  /** Baseline report to compare with, or null for none. */
  baseline: string | null;
  /** A missing baseline file is an error when the user named it, a note when it is the default. */
  baselineRequired: boolean;
  output: { json: string; markdown: string };
  filter: CaseFilter;
  /** Profile file (tool map and input defaults for answer cases), or null. */
  profile: string | null;
  /** JSONL file each answer case's aggregated evaluation is appended to, or null. */
  store: string | null;
  failFast: boolean;
  rssIntervalMs: number;
}

export const DEFAULTS = {
  warmup: 5,
  repetitions: 1,
  k: 5,
  timeoutMs: 30_000,
  buildTimeoutMs: 10 * 60_000,
  maxConsecutiveTimeouts: 2,
  rssIntervalMs: 100,
} as const;
