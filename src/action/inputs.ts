/**
 * The Action's inputs: read through a getter (core.getInput in production, a map in
 * tests) and validated into plain data. Run options become the same RunOptions the
 * CLI builds, so both entry points share one resolveConfig.
 */
import { parseCount, parseCpus, parseDifficulties, parseEnvPairs, parseFraction, parseMaxErrors, parseMinEffects, parseCutoffs, type RunOptions } from '../config/run-options.ts';
import { UsageError } from '../shared/run-errors.ts';
import { checkBranchName, checkHistoryPath, DEFAULT_HISTORY_BRANCH, isKeyName } from '../publish/history/branch-layout.ts';
import { AGENT_KEY_ENV } from '../model/task.ts';

export type InputGetter = (name: string) => string;

export type CommentPolicy = 'auto' | 'always' | 'on-change' | 'never';
export type SavePolicy = 'auto' | 'always' | 'never';
/** Where the main-branch baseline and history are kept: artifacts (expire), a git branch (does not), or both. */
export type HistoryStoreMode = 'artifact' | 'branch' | 'both';

export interface ActionInputs {
  mode: 'run' | 'comment' | 'merge';
  /** mode: merge — shard report files or directories holding them. */
  reports: string[];
  run: RunOptions;
  /** 'artifact' (the main-branch report), 'none', or a report path. */
  baseline: 'artifact' | 'none' | { path: string };
  /** A report path used when no baseline artifact is found. */
  baselineFallback: string | null;
  baselineArtifact: string | null;
  saveBaseline: SavePolicy;
  comment: CommentPolicy;
  commentKey: string;
  historySize: number;
  historyStore: HistoryStoreMode;
  /** The data branch (history-store: branch or both). */
  historyBranch: string;
  /** The folder on the data branch that holds a folder per comment key, '' for its root. */
  historyPath: string;
  /** Mainline runs also put the key's newest HTML page and the dashboard of every key on the data branch. */
  historyPages: boolean;
  token: string;
  /** The account the token comments as, when it cannot be asked (rarely needed: see token-identity.ts). */
  botLogin: string | null;
  /** A PR label that acknowledges a known regression: failed gates pass, and the comment says who accepted. */
  acceptLabel: string;
  /** Write the HTML page and upload it as an artifact, linked from the comment and the job summary. */
  htmlPage: boolean;
  /** The agent's key (input agent-api-key), to be masked and handed to the run as AGENT_KEY_ENV; null when not given. */
  agentApiKey: string | null;
}

function oneOf<T extends string>(value: string, name: string, allowed: readonly T[], fallback: T): T {
  if (value === '') return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`input ${name} must be one of ${allowed.join(', ')}, got "${value}"`);
}

/** true/false (YAML 1.2 core schema words, as core.getBooleanInput), or undefined when empty. */
function booleanInput(value: string, name: string): boolean | undefined {
  if (value === '') return undefined;
  if (['true', 'True', 'TRUE'].includes(value)) return true;
  if (['false', 'False', 'FALSE'].includes(value)) return false;
  throw new UsageError(`input ${name} must be true or false, got "${value}"`);
}

/** Names, comma or newline separated (categories, tags, ...). */
function lines(value: string): string[] {
  return value.split(/\r?\n|,/).map((s) => s.trim()).filter((s) => s.length > 0);
}

/** One entry per line, commas kept: values (`KEY=a,b`) and paths may hold them. */
function perLine(value: string): string[] {
  return value.split(/\r?\n/).map((s) => s.trim()).filter((s) => s.length > 0);
}

function optional(value: string): string | undefined {
  return value.trim() === '' ? undefined : value.trim();
}

export function readInputs(get: InputGetter): ActionInputs {
  const text = (name: string) => get(name).trim();
  const baselineText = text('baseline');
  const key = text('comment-key') || 'default';
  if (!isKeyName(key)) throw new UsageError(`input comment-key must be 1-64 letters, digits, '.', '_' or '-' (not dots alone), got "${key}"`);
  const branch = checkBranchName(text('history-branch') || DEFAULT_HISTORY_BRANCH);
  if ('error' in branch) throw new UsageError(`input ${branch.error}`);
  const historyPath = checkHistoryPath(text('history-path'));
  if ('error' in historyPath) throw new UsageError(`input ${historyPath.error}`);
  const difficulty = lines(text('difficulty'));
  const run: RunOptions = {};
  const set = <K extends keyof RunOptions>(k: K, v: RunOptions[K] | undefined) => {
    if (v !== undefined) run[k] = v;
  };
  set('config', optional(text('config')));
  set('cases', optional(text('cases')));
  set('serverUrl', optional(text('server-url')));
  set('shard', optional(text('shard')));
  set('serverCommand', optional(text('server-command')));
  set('serverCwd', optional(text('server-cwd')));
  set('buildCommand', optional(text('build-command')));
  set('buildOutput', optional(text('build-output')));
  set('cwd', optional(text('working-directory')));
  set('profile', optional(text('profile')));
  set('warmup', parseCount(text('warmup'), 'input warmup', 0));
  set('repetitions', parseCount(text('repetitions'), 'input repetitions', 1));
  set('maxRepetitions', parseCount(text('max-repetitions'), 'input max-repetitions', 1));
  set('answerRepetitions', parseCount(text('answer-repetitions'), 'input answer-repetitions', 1));
  set('k', parseCutoffs(optional(text('k')), 'input k'));
  set('timeoutMs', parseCount(text('timeout'), 'input timeout', 1));
  set('initTimeoutMs', parseCount(text('init-timeout'), 'input init-timeout', 1));
  set('seed', parseCount(text('seed'), 'input seed', 0));
  set('maxErrors', parseMaxErrors(text('max-errors'), 'input max-errors'));
  set('allowEvaluatorErrors', booleanInput(text('allow-evaluator-errors'), 'allow-evaluator-errors'));
  set('historyMinRuns', parseCount(text('history-min-runs'), 'input history-min-runs', 2));
  const cacheDir = optional(text('cache-dir'));
  if (cacheDir !== undefined) run.judging = cacheDir === 'none' ? { cache: false } : { cacheDir };
  set('compareRef', optional(text('compare-ref')));
  set('setupCommand', optional(text('setup-command')));
  set('blockSize', parseCount(text('block-size'), 'input block-size', 1));
  set('serverCpus', parseCpus(text('server-cpus'), 'input server-cpus'));
  set('alpha', optional(text('alpha')) === undefined ? undefined : parseFraction(text('alpha'), 'input alpha'));
  const minEffect = parseMinEffects(lines(text('min-effect')), 'input min-effect');
  set('minEffect', minEffect.minEffect);
  set('minEffectFor', minEffect.minEffectFor);
  // Gates are one per line; commas inside a line are the gate parser's business (brace globs).
  const failOn = perLine(get('fail-on'));
  if (failOn.length > 0) run.failOn = failOn;
  const headers = perLine(get('server-headers'));
  if (headers.length > 0) run.serverHeaders = parseEnvPairs(headers, 'input server-headers');
  const env = perLine(get('server-env'));
  if (env.length > 0) run.serverEnv = parseEnvPairs(env, 'input server-env');
  const filter: NonNullable<RunOptions['filter']> = {};
  if (lines(text('category')).length) filter.categories = lines(text('category'));
  if (lines(text('tag')).length) filter.tags = lines(text('tag'));
  if (difficulty.length) filter.difficulties = parseDifficulties(difficulty, 'input difficulty');
  if (lines(text('project')).length) filter.projects = lines(text('project'));
  if (lines(text('tool')).length) filter.tools = lines(text('tool'));
  run.filter = filter;
  const agentKey = get('agent-api-key').trim();
  const agent = { ...(optional(text('agent-model')) ? { model: text('agent-model') } : {}), ...(optional(text('agent-base-url')) ? { baseUrl: text('agent-base-url') } : {}), ...(agentKey ? { apiKeyEnv: AGENT_KEY_ENV } : {}) };
  if (Object.keys(agent).length > 0) run.agent = agent;

  const historyStore = oneOf<HistoryStoreMode>(text('history-store'), 'history-store', ['artifact', 'branch', 'both'], 'artifact');
  const historyPages = booleanInput(text('history-pages'), 'history-pages') ?? false;
  if (historyPages && historyStore === 'artifact') throw new UsageError('input history-pages puts the pages on the data branch: set history-store to branch or both with it');

  return {
    mode: oneOf(text('mode'), 'mode', ['run', 'comment', 'merge'], 'run'),
    reports: perLine(get('reports')),
    run,
    baseline: baselineText === '' || baselineText === 'artifact' ? 'artifact' : baselineText === 'none' ? 'none' : { path: baselineText },
    baselineFallback: optional(text('baseline-fallback')) ?? null,
    baselineArtifact: optional(text('baseline-artifact')) ?? null,
    saveBaseline: oneOf(text('save-baseline'), 'save-baseline', ['auto', 'always', 'never'], 'auto'),
    comment: oneOf(text('comment'), 'comment', ['auto', 'always', 'on-change', 'never'], 'auto'),
    commentKey: key,
    historySize: parseCount(text('history-size'), 'input history-size', 1) ?? 90,
    historyStore,
    historyBranch: branch.branch,
    historyPath: historyPath.path,
    historyPages,
    htmlPage: booleanInput(text('html-page'), 'html-page') ?? true,
    token: get('github-token'),
    acceptLabel: text('accept-label') || 'docs-mcp-eval:accept',
    botLogin: optional(text('bot-login')) ?? null,
    agentApiKey: agentKey === '' ? null : agentKey,
  };
}
