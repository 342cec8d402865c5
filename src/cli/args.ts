/**
 * `docs-mcp-eval run` flags -> Config. Built on node:util parseArgs (no dependency);
 * every bad value is a UsageError naming the flag.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULTS, type Config } from '../config/config.ts';
import { embeddedDefault } from '../config/embedded-default.ts';
import { packageRoot } from '../config/package-root.ts';
import { UsageError } from '../pipeline/errors.ts';
import type { Difficulty } from '../suite/index.ts';

export const RUN_OPTIONS = {
  cases: { type: 'string' },
  'server-command': { type: 'string' },
  'server-cwd': { type: 'string' },
  'server-env': { type: 'string', multiple: true },
  'build-command': { type: 'string' },
  cwd: { type: 'string' },
  warmup: { type: 'string' },
  repetitions: { type: 'string' },
  k: { type: 'string' },
  timeout: { type: 'string' },
  baseline: { type: 'string' },
  'no-baseline': { type: 'boolean' },
  out: { type: 'string' },
  markdown: { type: 'string' },
  category: { type: 'string', multiple: true },
  tag: { type: 'string', multiple: true },
  difficulty: { type: 'string', multiple: true },
  id: { type: 'string', multiple: true },
  'fail-fast': { type: 'boolean' },
  verbose: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface RunFlags {
  config: Config;
  verbose: boolean;
  json: boolean;
  help: boolean;
  usingEmbeddedDefault: boolean;
}

function integer(value: string | undefined, flag: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`--${flag} must be a whole number ≥ ${min}, got "${value}"`);
  return n;
}

function envPairs(pairs: readonly string[] | undefined): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of pairs ?? []) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--server-env takes KEY=VALUE, got "${pair}"`);
    env[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return env;
}

const DIFFICULTIES = new Set(['basic', 'intermediate', 'advanced']);

function difficulties(values: readonly string[] | undefined): Difficulty[] | undefined {
  if (!values) return undefined;
  for (const v of values) if (!DIFFICULTIES.has(v)) throw new UsageError(`--difficulty must be basic, intermediate or advanced, got "${v}"`);
  return values as Difficulty[];
}

export function parseRunArgs(argv: string[], cwd: string = process.cwd()): RunFlags {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: RUN_OPTIONS, allowPositionals: false, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const v = parsed.values;
  const workDir = path.resolve(cwd, v.cwd ?? '.');
  const stateDir = path.join(workDir, '.docs-mcp-eval');
  const usingEmbeddedDefault = v.cases === undefined && v['server-command'] === undefined;
  if (!usingEmbeddedDefault && (v.cases === undefined || v['server-command'] === undefined)) {
    throw new UsageError('--cases and --server-command go together (or give neither to run the embedded default)');
  }
  if (v.baseline !== undefined && v['no-baseline']) throw new UsageError('--baseline and --no-baseline exclude each other');
  const fallback = usingEmbeddedDefault ? embeddedDefault(packageRoot(), stateDir) : undefined;
  const serverCwd = path.resolve(workDir, v['server-cwd'] ?? '.');
  const buildCommand = v['build-command'];

  const filter: Config['filter'] = {};
  if (v.category) filter.categories = v.category;
  if (v.tag) filter.tags = v.tag;
  const diff = difficulties(v.difficulty);
  if (diff) filter.difficulties = diff;
  if (v.id) filter.ids = v.id;

  const config: Config = {
    cases: fallback?.cases ?? path.resolve(workDir, v.cases ?? ''),
    server: fallback?.server ?? { command: v['server-command'] ?? '', cwd: serverCwd, env: {} },
    build: fallback?.build ?? (buildCommand ? { command: buildCommand, cwd: workDir, timeoutMs: DEFAULTS.buildTimeoutMs } : null),
    warmup: integer(v.warmup, 'warmup', DEFAULTS.warmup, 0),
    repetitions: integer(v.repetitions, 'repetitions', DEFAULTS.repetitions, 1),
    k: integer(v.k, 'k', DEFAULTS.k, 1),
    timeoutMs: integer(v.timeout, 'timeout', DEFAULTS.timeoutMs, 1),
    maxConsecutiveTimeouts: DEFAULTS.maxConsecutiveTimeouts,
    baseline: v['no-baseline'] ? null : v.baseline !== undefined ? path.resolve(workDir, v.baseline) : (fallback?.baseline ?? null),
    baselineRequired: v.baseline !== undefined,
    output: {
      json: path.resolve(workDir, v.out ?? path.join(stateDir, 'report.json')),
      markdown: path.resolve(workDir, v.markdown ?? path.join(stateDir, 'report.md')),
    },
    filter,
    failFast: v['fail-fast'] ?? false,
    rssIntervalMs: DEFAULTS.rssIntervalMs,
  };
  config.server.env = { ...config.server.env, ...envPairs(v['server-env']) };
  return { config, verbose: v.verbose ?? false, json: v.json ?? false, help: v.help ?? false, usingEmbeddedDefault };
}
