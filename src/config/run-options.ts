/**
 * The run options both entry points collect (CLI flags, Action inputs), and the one
 * place they become a validated Config: defaults, the embedded default, paths made
 * absolute. Entry points only translate their own syntax into RunOptions.
 */
import path from 'node:path';
import { UsageError } from '../pipeline/errors.ts';
import type { CaseFilter, Difficulty } from '../suite/index.ts';
import { DEFAULTS, type Config } from './config.ts';
import { embeddedDefault } from './embedded-default.ts';
import { packageRoot } from './package-root.ts';

export interface RunOptions {
  cases?: string;
  serverCommand?: string;
  serverCwd?: string;
  serverEnv?: Record<string, string>;
  buildCommand?: string;
  /** Directory relative paths resolve against. */
  cwd?: string;
  warmup?: number;
  repetitions?: number;
  k?: number;
  timeoutMs?: number;
  /** A report path, null for no comparison, undefined for the default. */
  baseline?: string | null;
  out?: string;
  markdown?: string;
  filter?: CaseFilter;
  profile?: string;
  store?: string;
  failFast?: boolean;
}

/** A whole number ≥ min from text, or the fallback when absent; `name` is how the user wrote it. */
export function parseCount(value: string | undefined, name: string, min: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`${name} must be a whole number ≥ ${min}, got "${value}"`);
  return n;
}

/** KEY=VALUE pairs (repeatable flag, or one per line in an Action input). */
export function parseEnvPairs(pairs: readonly string[], name: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`${name} takes KEY=VALUE, got "${pair}"`);
    env[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return env;
}

const DIFFICULTIES: readonly string[] = ['basic', 'intermediate', 'advanced'];

export function parseDifficulties(values: readonly string[], name: string): Difficulty[] {
  for (const v of values) if (!DIFFICULTIES.includes(v)) throw new UsageError(`${name} must be basic, intermediate or advanced, got "${v}"`);
  return values as Difficulty[];
}

export function resolveConfig(options: RunOptions, baseDir: string): Config {
  const workDir = path.resolve(baseDir, options.cwd ?? '.');
  const stateDir = path.join(workDir, '.docs-mcp-eval');
  const usingEmbeddedDefault = options.cases === undefined && options.serverCommand === undefined;
  if (!usingEmbeddedDefault && (options.cases === undefined || options.serverCommand === undefined)) {
    throw new UsageError('cases and server command go together (or give neither to run the embedded default)');
  }
  const fallback = usingEmbeddedDefault ? embeddedDefault(packageRoot(), stateDir) : undefined;
  const buildCommand = options.buildCommand;
  const server = fallback?.server ?? { command: options.serverCommand ?? '', cwd: path.resolve(workDir, options.serverCwd ?? '.'), env: {} };
  return {
    cases: fallback?.cases ?? path.resolve(workDir, options.cases ?? ''),
    server: { ...server, env: { ...server.env, ...options.serverEnv } },
    build: fallback?.build ?? (buildCommand ? { command: buildCommand, cwd: workDir, timeoutMs: DEFAULTS.buildTimeoutMs } : null),
    warmup: options.warmup ?? DEFAULTS.warmup,
    repetitions: options.repetitions ?? DEFAULTS.repetitions,
    k: options.k ?? DEFAULTS.k,
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    maxConsecutiveTimeouts: DEFAULTS.maxConsecutiveTimeouts,
    baseline: options.baseline === null ? null : options.baseline !== undefined ? path.resolve(workDir, options.baseline) : (fallback?.baseline ?? null),
    baselineRequired: typeof options.baseline === 'string',
    output: {
      json: path.resolve(workDir, options.out ?? path.join(stateDir, 'report.json')),
      markdown: path.resolve(workDir, options.markdown ?? path.join(stateDir, 'report.md')),
    },
    filter: options.filter ?? {},
    profile: options.profile !== undefined ? path.resolve(workDir, options.profile) : null,
    store: options.store !== undefined ? path.resolve(workDir, options.store) : null,
    failFast: options.failFast ?? false,
    rssIntervalMs: DEFAULTS.rssIntervalMs,
  };
}
