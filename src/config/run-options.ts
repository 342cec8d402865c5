/**
 * The run options both entry points collect (CLI flags, Action inputs), and the one
 * place they become a validated Config: defaults, the embedded default, paths made
 * absolute. Entry points only translate their own syntax into RunOptions.
 */
import { isCpuList } from '../server/cpu-affinity.ts';
import path from 'node:path';
import { UsageError } from '../shared/run-errors.ts';
import type { CaseFilter, Difficulty } from '../suite/index.ts';
import type { HealthPolicy } from '../model/report.ts';
import { GateSyntaxError, parseGates } from '../compare/gates.ts';
import { parseShard } from '../suite/shard.ts';
import { DEFAULT_STATS } from '../compare/judge-context.ts';
import { DEFAULT_HEALTH_POLICY } from '../report/health.ts';
import { DEFAULT_SHAPE, type ShapeOverlay } from './builtin-profiles.ts';
import { DEFAULTS, type Config } from './config.ts';
import { DEFAULT_JUDGE_CONCURRENCY, type JudgeBudget, type ModelPrice } from '../answers/evaluators/llm/judge-session.ts';
import { embeddedDefault } from './embedded-default.ts';
import type { AgentSettings } from '../model/task.ts';
import { packageRoot } from './package-root.ts';

export interface RunOptions {
  /** docs-mcp-eval.yml to read (default: the one in the working directory, if any). */
  config?: string;
  cases?: string;
  serverCommand?: string;
  serverCwd?: string;
  serverEnv?: Record<string, string>;
  buildCommand?: string;
  /** Directory relative paths resolve against. */
  cwd?: string;
  warmup?: number;
  repetitions?: number;
  maxRepetitions?: number;
  /** Times each answer case is asked unless it sets its own `repetitions`. */
  answerRepetitions?: number;
  /** Metric cutoffs, ascending (`--k 1,5,10`); the largest is the primary one. */
  k?: number[];
  timeoutMs?: number;
  /** The MCP initialize's own limit (--init-timeout). */
  initTimeoutMs?: number;
  /** A report path, null for no comparison, undefined for the default. */
  baseline?: string | null;
  out?: string;
  markdown?: string;
  /** The HTML page; null for none; default: beside the markdown (report.md -> report.html). */
  html?: string | null;
  filter?: CaseFilter;
  profile?: string;
  store?: string;
  failFast?: boolean;
  /** Seed of the case shuffle; random (and recorded) when absent. */
  seed?: number;
  /** Same-job A/B against this git ref. */
  compareRef?: string;
  setupCommand?: string;
  blockSize?: number;
  serverCpus?: string;
  /** Significance level of the paired test. */
  alpha?: number;
  /** Minimum effect for timing/memory verdicts: a default and per-metric overrides. */
  minEffect?: number;
  minEffectFor?: Record<string, number>;
  /** Errored or not-run cases allowed before the run fails: `3` or `10%` (default 0). */
  maxErrors?: HealthPolicy['maxErrors'];
  /** Evaluator errors warn instead of failing the run. */
  allowEvaluatorErrors?: boolean;
  /** Gates: `mrr@5 < -0.02`, `search.p95 > +15%` (one per entry, or comma/newline separated). */
  failOn?: string[];
  /** Streamable HTTP: the server's URL (with serverCommand, we start it and wait for the URL). */
  serverUrl?: string;
  serverHeaders?: Record<string, string>;
  readyTimeoutMs?: number;
  buildCwd?: string;
  /** What the build writes (a file or a folder), relative to the work dir: its size is the report's index.bytes. */
  buildOutput?: string;
  /** ms the build command may run. */
  buildTimeoutMs?: number;
  /** search/fetch sections over the profile's (docs-mcp-eval.yml). */
  shape?: ShapeOverlay;
  toolMap?: Record<string, string>;
  inputDefaults?: Record<string, unknown>;
  /** Directory to write TREC qrels and run files into. */
  trecOut?: string;
  /** Run one shard of the cases, "i/n" (1-based), for a matrix of jobs merged afterwards. */
  shard?: string;
  /** The main-branch history (JSONL, as the Action keeps it) timing and memory rows are judged against. */
  history?: string;
  /** Matching main-branch runs the history needs before it judges (default 5). */
  historyMinRuns?: number;
  /** TREC qrels file whose judgments replace the dataset's, case by case (query id = case id). */
  qrels?: string;
  /** Judge and embedding calls: cache, concurrency, budget, prices (config file `judging:`, --no-cache, --cache-dir). */
  judging?: JudgingOptions;
  /** The task cases' agent (config file `agent:`, --agent-model, --agent-base-url, --without-docs), over the dataset's. */
  agent?: AgentSettings;
}

export interface JudgingOptions {
  cache?: boolean;
  cacheDir?: string;
  concurrency?: number;
  budget?: JudgeBudget;
  prices?: Record<string, ModelPrice>;
}

/** A whole number ≥ min from text, or the fallback when absent; `name` is how the user wrote it. */
export function parseCount(value: string | undefined, name: string, min: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`${name} must be a whole number ≥ ${min}, got "${value}"`);
  return n;
}

/** Metric cutoffs from `5` or `1,5,10` (also a list from a config file): whole numbers ≥ 1, ascending, each once. */
export function parseCutoffs(value: string | number | readonly (string | number)[] | undefined, name: string): number[] | undefined {
  if (value === undefined) return undefined;
  const parts = (Array.isArray(value) ? value : String(value).split(',')).map((p) => String(p).trim()).filter((p) => p !== '');
  if (parts.length === 0) return undefined;
  const cutoffs = parts.map((p) => {
    const n = Number(p);
    if (!Number.isInteger(n) || n < 1) throw new UsageError(`${name} takes whole numbers ≥ 1, one cutoff or several (1,5,10); got "${String(value)}"`);
    return n;
  });
  return [...new Set(cutoffs)].sort((a, b) => a - b);
}

/** `auto`, `none` or a CPU list such as `3` or `2,3` or `0-1` (server/cpu-affinity.ts). */
export function parseCpus(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const v = value.trim();
  if (v === 'auto' || v === 'none' || isCpuList(v)) return v;
  throw new UsageError(`${name} must be auto, none or a CPU list such as 3, 2,3 or 0-1; got "${value}"`);
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

/** Errored cases allowed: a whole number (`3`) or a share of the cases (`10%`). */
export function parseMaxErrors(value: string | undefined, name: string): HealthPolicy['maxErrors'] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const t = value.trim();
  if (t.endsWith('%')) {
    const share = Number(t.slice(0, -1)) / 100;
    if (Number.isFinite(share) && share >= 0 && share <= 1 && t.length > 1) return { share };
  } else if (/^\d+$/.test(t)) return { count: Number(t) };
  throw new UsageError(`${name} must be a whole number of cases (3) or a share (10%), got "${value}"`);
}

/** A fraction from "5%" or "0.05"; `name` is how the user wrote the option. */
export function parseFraction(text: string, name: string): number {
  const t = text.trim();
  const n = t.endsWith('%') ? Number(t.slice(0, -1)) / 100 : Number(t);
  if (t === '' || !Number.isFinite(n) || n < 0 || n >= 1) throw new UsageError(`${name} must be a fraction like 5% or 0.05, got "${text}"`);
  return n;
}

/** Minimum effects: "5%" sets the default, "search.p95=10%" one metric's. */
export function parseMinEffects(values: readonly string[], name: string): { minEffect?: number; minEffectFor: Record<string, number> } {
  const out: { minEffect?: number; minEffectFor: Record<string, number> } = { minEffectFor: {} };
  for (const value of values) {
    const eq = value.indexOf('=');
    if (eq === -1) out.minEffect = parseFraction(value, name);
    else out.minEffectFor[value.slice(0, eq).trim()] = parseFraction(value.slice(eq + 1), name);
  }
  return out;
}

/** The HTML page's default path: the markdown's, with .html for its extension (report.md -> report.html). */
export function besideMarkdown(markdown: string): string {
  const ext = path.extname(markdown);
  return `${ext ? markdown.slice(0, -ext.length) : markdown}.html`;
}

function parseShardOption(text: string): { index: number; count: number } {
  try {
    return parseShard(text);
  } catch (err) {
    throw new UsageError(`shard: ${(err as Error).message}`);
  }
}

function parseGateSpecs(specs: readonly string[]): Config['gates'] {
  try {
    return parseGates(specs);
  } catch (err) {
    if (err instanceof GateSyntaxError) throw new UsageError(`fail-on: ${err.message}`);
    throw err as Error;
  }
}

const DIFFICULTIES: readonly string[] = ['basic', 'intermediate', 'advanced'];

export function parseDifficulties(values: readonly string[], name: string): Difficulty[] {
  for (const v of values) if (!DIFFICULTIES.includes(v)) throw new UsageError(`${name} must be basic, intermediate or advanced, got "${v}"`);
  return values as Difficulty[];
}

export function resolveConfig(options: RunOptions, baseDir: string): Config {
  const workDir = path.resolve(baseDir, options.cwd ?? '.');
  const stateDir = path.join(workDir, '.docs-mcp-eval');
  const hasServer = options.serverCommand !== undefined || options.serverUrl !== undefined;
  const usingEmbeddedDefault = options.cases === undefined && !hasServer;
  if (!usingEmbeddedDefault && (options.cases === undefined || !hasServer)) {
    throw new UsageError('cases and a server (command or url) go together (or give neither to run the embedded default)');
  }
  if (options.compareRef !== undefined && options.serverCommand === undefined && options.serverUrl !== undefined) {
    throw new UsageError('compare-ref starts the base and head servers itself: it needs a server command, not only a url');
  }
  if (options.setupCommand !== undefined && options.compareRef === undefined) {
    throw new UsageError('a setup command runs in the base checkout: it needs compare-ref');
  }
  if (options.buildOutput !== undefined && options.buildCommand === undefined) {
    throw new UsageError('a build output is what the build command writes: give the build command too (--build-command, build.command)');
  }
  const fallback = usingEmbeddedDefault ? embeddedDefault(packageRoot(), stateDir) : undefined;
  const buildCommand = options.buildCommand;
  const buildOutput = options.buildOutput === undefined ? {} : { output: path.resolve(workDir, options.buildOutput) };
  const server = fallback?.server ?? {
    command: options.serverCommand ?? '',
    cwd: path.resolve(workDir, options.serverCwd ?? '.'),
    env: {},
    ...(options.serverUrl !== undefined ? { url: options.serverUrl, headers: options.serverHeaders ?? {} } : {}),
  };
  return {
    workDir,
    cases: fallback?.cases ?? path.resolve(workDir, options.cases ?? ''),
    server: { ...server, env: { ...server.env, ...options.serverEnv } },
    build: fallback?.build ?? (buildCommand ? { command: buildCommand, cwd: path.resolve(workDir, options.buildCwd ?? '.'), timeoutMs: options.buildTimeoutMs ?? DEFAULTS.buildTimeoutMs, ...buildOutput } : null),
    warmup: options.warmup ?? DEFAULTS.warmup,
    repetitions: options.repetitions ?? DEFAULTS.repetitions,
    // Never below repetitions: a cap under the minimum only means no extra repetitions.
    maxRepetitions: Math.max(options.maxRepetitions ?? DEFAULTS.maxRepetitions, options.repetitions ?? DEFAULTS.repetitions),
    answerRepetitions: options.answerRepetitions ?? DEFAULTS.answerRepetitions,
    k: Math.max(...(options.k ?? [DEFAULTS.k])),
    cutoffs: options.k ?? [DEFAULTS.k],
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    initTimeoutMs: options.initTimeoutMs ?? DEFAULTS.initTimeoutMs,
    maxConsecutiveTimeouts: DEFAULTS.maxConsecutiveTimeouts,
    baseline: options.baseline === null ? null : options.baseline !== undefined ? path.resolve(workDir, options.baseline) : (fallback?.baseline ?? null),
    baselineRequired: typeof options.baseline === 'string',
    output: {
      json: path.resolve(workDir, options.out ?? path.join(stateDir, 'report.json')),
      markdown: path.resolve(workDir, options.markdown ?? path.join(stateDir, 'report.md')),
      html: options.html === null ? null : path.resolve(workDir, options.html ?? besideMarkdown(options.markdown ?? path.join(stateDir, 'report.md'))),
    },
    filter: options.filter ?? {},
    profile: options.profile !== undefined ? path.resolve(workDir, options.profile) : null,
    store: options.store !== undefined ? path.resolve(workDir, options.store) : null,
    failFast: options.failFast ?? false,
    rssIntervalMs: DEFAULTS.rssIntervalMs,
    // A seed varies the shuffle and is recorded for replay; it guards nothing, so Math.random will do.
    seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
    compareRef: options.compareRef ? { ref: options.compareRef, setupCommand: options.setupCommand ?? null } : null,
    blockSize: options.blockSize ?? DEFAULTS.blockSize,
    serverCpus: options.serverCpus ?? DEFAULTS.serverCpus,
    ...judgingOptions(options),
    health: { maxErrors: options.maxErrors ?? DEFAULT_HEALTH_POLICY.maxErrors, allowEvaluatorErrors: options.allowEvaluatorErrors ?? DEFAULT_HEALTH_POLICY.allowEvaluatorErrors },
    shape: DEFAULT_SHAPE,
    answerOverrides: { toolMap: options.toolMap ?? {}, inputDefaults: options.inputDefaults ?? {} },
    readyTimeoutMs: options.readyTimeoutMs ?? options.initTimeoutMs ?? DEFAULTS.initTimeoutMs,
    trecOut: options.trecOut !== undefined ? path.resolve(workDir, options.trecOut) : null,
    shard: options.shard !== undefined ? parseShardOption(options.shard) : null,
    qrels: options.qrels !== undefined ? path.resolve(workDir, options.qrels) : null,
    history: options.history !== undefined ? path.resolve(workDir, options.history) : null,
    historyMinRuns: options.historyMinRuns ?? DEFAULTS.historyMinRuns,
    judging: resolveJudging(options.judging, workDir),
    agent: options.agent ?? {},
  };
}

/** Judge and embedding calls: the given settings over the defaults (the cache in <workDir>/.docs-mcp-eval/cache, relative paths against workDir). */
export function resolveJudging(judging: JudgingOptions | undefined, workDir: string): Config['judging'] {
  return {
    cacheDir: judging?.cache === false ? null : path.resolve(workDir, judging?.cacheDir ?? path.join('.docs-mcp-eval', 'cache')),
    concurrency: judging?.concurrency ?? DEFAULT_JUDGE_CONCURRENCY,
    ...(judging?.budget ? { budget: judging.budget } : {}),
    prices: judging?.prices ?? {},
  };
}

/** How rows are judged and gated: what the run needs and what the comment mode, judging a PR run's report itself, needs too. */
export function judgingOptions(options: RunOptions): Pick<Config, 'gates' | 'stats'> {
  return {
    gates: parseGateSpecs(options.failOn ?? []),
    stats: {
      ...DEFAULT_STATS,
      ...(options.alpha !== undefined ? { alpha: options.alpha } : {}),
      ...(options.minEffect !== undefined ? { minEffect: options.minEffect } : {}),
      minEffectFor: options.minEffectFor ?? {},
    },
  };
}
