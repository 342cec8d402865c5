/**
 * `docs-mcp-eval run` flags -> RunOptions -> Config. Built on node:util parseArgs (no
 * dependency); every bad value is a UsageError naming the flag.
 */
import type { Config } from '../config/config.ts';
import { expandEnv } from '../config/config-file.ts';
import { prepareConfig } from '../config/prepare-config.ts';
import { parseCount, parseCpus, parseDifficulties, parseEnvPairs, parseFraction, parseMaxErrors, parseMinEffects, parseCutoffs, type RunOptions } from '../config/run-options.ts';
import { UsageError } from '../shared/run-errors.ts';
import { parseFlags } from './parse-flags.ts';

export const RUN_OPTIONS = {
  config: { type: 'string' },
  cases: { type: 'string' },
  'server-url': { type: 'string' },
  'server-header': { type: 'string', multiple: true },
  'trec-out': { type: 'string' },
  shard: { type: 'string' },
  qrels: { type: 'string' },
  'server-command': { type: 'string' },
  'server-cwd': { type: 'string' },
  'server-env': { type: 'string', multiple: true },
  'build-command': { type: 'string' },
  'build-output': { type: 'string' },
  cwd: { type: 'string' },
  warmup: { type: 'string' },
  repetitions: { type: 'string' },
  'max-repetitions': { type: 'string' },
  'answer-repetitions': { type: 'string' },
  k: { type: 'string' },
  timeout: { type: 'string' },
  'init-timeout': { type: 'string' },
  baseline: { type: 'string' },
  'no-baseline': { type: 'boolean' },
  out: { type: 'string' },
  markdown: { type: 'string' },
  html: { type: 'string' },
  'no-html': { type: 'boolean' },
  category: { type: 'string', multiple: true },
  tag: { type: 'string', multiple: true },
  difficulty: { type: 'string', multiple: true },
  id: { type: 'string', multiple: true },
  project: { type: 'string', multiple: true },
  tool: { type: 'string', multiple: true },
  profile: { type: 'string' },
  store: { type: 'string' },
  'no-cache': { type: 'boolean' },
  'cache-dir': { type: 'string' },
  'fail-fast': { type: 'boolean' },
  history: { type: 'string' },
  'history-min-runs': { type: 'string' },
  'max-errors': { type: 'string' },
  'allow-evaluator-errors': { type: 'boolean' },
  seed: { type: 'string' },
  'compare-ref': { type: 'string' },
  'setup-command': { type: 'string' },
  'block-size': { type: 'string' },
  'server-cpus': { type: 'string' },
  alpha: { type: 'string' },
  'min-effect': { type: 'string', multiple: true },
  'fail-on': { type: 'string', multiple: true },
  'agent-model': { type: 'string' },
  'agent-base-url': { type: 'string' },
  'without-docs': { type: 'boolean' },
  verbose: { type: 'boolean' },
  json: { type: 'boolean' },
  format: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** What stdout gets: the markdown report, or it as plain text (escapes resolved, tables re-padded, a legend). */
export type StdoutFormat = 'markdown' | 'text';

export type RunFlags = { help: true } | { help: false; config: Config; verbose: boolean; json: boolean; format: StdoutFormat | undefined };

type Defined<T> = { [K in keyof T]?: Exclude<T[K], undefined> };

/** Drops absent values, so exactOptionalPropertyTypes holds and defaults apply. */
function defined<T extends Record<string, unknown>>(value: T): Defined<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Defined<T>;
}

/** Header values may name environment variables (`Authorization=Bearer ${DOCS_TOKEN}`), so secrets stay out of shell history. */
function expandHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, expandEnv(v, process.env, `--server-header ${k}`)]));
}

/** The agent flags as an agent block (undefined when none is given, so the config file's stays whole). */
function agentFlags(model: string | undefined, baseUrl: string | undefined, withoutDocs: boolean | undefined): RunOptions['agent'] {
  const agent = defined({ model, baseUrl, withoutDocs });
  return Object.keys(agent).length > 0 ? agent : undefined;
}

export async function parseRunArgs(argv: string[], cwd: string = process.cwd()): Promise<RunFlags> {
  const parsed = parseFlags(argv, RUN_OPTIONS, false);
  const v = parsed.values;
  if (v.help) return { help: true };
  if (v.baseline !== undefined && v['no-baseline']) throw new UsageError('--baseline and --no-baseline exclude each other');
  if (v.html !== undefined && v['no-html']) throw new UsageError('--html and --no-html exclude each other');
  const filter = defined({
    categories: v.category,
    tags: v.tag,
    difficulties: v.difficulty ? parseDifficulties(v.difficulty, '--difficulty') : undefined,
    ids: v.id,
    projects: v.project,
    tools: v.tool,
  });
  const options: RunOptions = defined({
    config: v.config,
    cases: v.cases,
    serverUrl: v['server-url'],
    serverHeaders: v['server-header'] ? expandHeaders(parseEnvPairs(v['server-header'], '--server-header')) : undefined,
    trecOut: v['trec-out'],
    shard: v.shard,
    qrels: v.qrels,
    serverCommand: v['server-command'],
    serverCwd: v['server-cwd'],
    serverEnv: parseEnvPairs(v['server-env'] ?? [], '--server-env'),
    buildCommand: v['build-command'],
    buildOutput: v['build-output'],
    cwd: v.cwd,
    warmup: parseCount(v.warmup, '--warmup', 0),
    repetitions: parseCount(v.repetitions, '--repetitions', 1),
    maxRepetitions: parseCount(v['max-repetitions'], '--max-repetitions', 1),
    answerRepetitions: parseCount(v['answer-repetitions'], '--answer-repetitions', 1),
    k: parseCutoffs(v.k, '--k'),
    timeoutMs: parseCount(v.timeout, '--timeout', 1),
    initTimeoutMs: parseCount(v['init-timeout'], '--init-timeout', 1),
    baseline: v['no-baseline'] ? null : v.baseline,
    out: v.out,
    markdown: v.markdown,
    html: v['no-html'] ? null : v.html,
    filter,
    profile: v.profile,
    store: v.store,
    ...(v['no-cache'] || v['cache-dir'] !== undefined ? { judging: { ...(v['no-cache'] ? { cache: false } : {}), ...(v['cache-dir'] !== undefined ? { cacheDir: v['cache-dir'] } : {}) } } : {}),
    failFast: v['fail-fast'],
    history: v.history,
    historyMinRuns: parseCount(v['history-min-runs'], '--history-min-runs', 2),
    maxErrors: parseMaxErrors(v['max-errors'], '--max-errors'),
    allowEvaluatorErrors: v['allow-evaluator-errors'],
    seed: parseCount(v.seed, '--seed', 0),
    compareRef: v['compare-ref'],
    setupCommand: v['setup-command'],
    blockSize: parseCount(v['block-size'], '--block-size', 1),
    serverCpus: parseCpus(v['server-cpus'], '--server-cpus'),
    alpha: v.alpha === undefined ? undefined : parseFraction(v.alpha, '--alpha'),
    ...parseMinEffects(v['min-effect'] ?? [], '--min-effect'),
    failOn: v['fail-on'],
    agent: agentFlags(v['agent-model'], v['agent-base-url'], v['without-docs']),
  });
  if (v.format !== undefined && v.format !== 'markdown' && v.format !== 'text') throw new UsageError(`--format must be markdown or text, got "${v.format}"`);
  return { help: false, config: await prepareConfig(options, cwd), verbose: v.verbose ?? false, json: v.json ?? false, format: v.format };
}
