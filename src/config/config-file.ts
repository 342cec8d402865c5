/**
 * docs-mcp-eval.yml: the server, its build, how to call it and the run defaults, in one
 * file next to the dataset, so a CI step or a terminal needs no flags. Read with the same
 * positioned YAML parser and schema-issue messages as datasets (file:line, field), headed
 * "Invalid config file". Paths in the file are relative to the file, and the server and
 * the build it names run in the file's folder unless server.cwd / build.cwd say otherwise
 * (so a relative server command is found there); `${VAR}` in header values names an
 * environment variable (secrets stay out of the file).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FetchSpec, SearchSpec } from '../run/search-spec.ts';
import { DatasetError } from '../suite/dataset-error.ts';
import { schemaIssues } from '../suite/schema-issues.ts';
import { parseSourceDocument } from '../suite/source-document.ts';
import validate from '../suite/generated/config-validator.js';
import { UsageError } from '../shared/run-errors.ts';
import { parseCutoffs, parseFraction, parseMaxErrors, type JudgingOptions, type RunOptions } from './run-options.ts';
import type { AgentSettings } from '../model/task.ts';

export { CONFIG_FILE_NAME, configFilePath } from './config-file-path.ts';

interface RawConfig {
  cases?: string;
  profile?: string;
  server?: { command?: string; args?: string[]; cwd?: string; env?: Record<string, string>; url?: string; headers?: Record<string, string>; readyTimeout?: number };
  build?: { command: string; cwd?: string; timeout?: number; output?: string };
  search?: Partial<SearchSpec>;
  fetch?: Partial<FetchSpec> | null;
  errorPath?: string | null;
  toolMap?: Record<string, string>;
  inputDefaults?: Record<string, unknown>;
  baseline?: string;
  judging?: JudgingOptions;
  agent?: AgentSettings;
  defaults?: {
    k?: number | string | number[];
    repetitions?: number;
    maxRepetitions?: number;
    answerRepetitions?: number;
    warmup?: number;
    timeout?: number;
    initTimeout?: number;
    seed?: number;
    blockSize?: number;
    serverCpus?: string;
    alpha?: number | string;
    minEffect?: number | string | Record<string, number | string>;
    failOn?: string[];
    maxErrors?: number | string;
    allowEvaluatorErrors?: boolean;
    historyMinRuns?: number;
  };
}

/** `${VAR}` in a value becomes the variable's value; a missing variable is an error naming it. */
export function expandEnv(value: string, env: NodeJS.ProcessEnv, where: string): string {
  return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_m, name: string) => {
    const v = env[name];
    if (v === undefined) throw new UsageError(`${where} names the environment variable ${name}, which is not set`);
    return v;
  });
}

const fractionOf = (v: number | string, name: string) => (typeof v === 'number' ? v : parseFraction(v, name));

/** The file's settings as RunOptions (absolute paths), to lie under the flags'. */
export function configFileOptions(data: unknown, file: string, env: NodeJS.ProcessEnv = process.env): RunOptions {
  // The schema has checked the shape.
  const raw = data as RawConfig;
  const dir = path.dirname(file);
  const at = (p: string) => path.resolve(dir, p);
  const o: RunOptions = {};
  const d = raw.defaults ?? {};
  if (raw.cases !== undefined) o.cases = at(raw.cases);
  if (raw.profile !== undefined) o.profile = raw.profile.includes('/') || raw.profile.includes('.') ? at(raw.profile) : raw.profile;
  const server = raw.server ?? {};
  if (server.command !== undefined) o.serverCommand = [server.command, ...(server.args ?? []).map((a) => JSON.stringify(a))].join(' ');
  // The file's server and build run in the file's folder unless it says otherwise, as its
  // other paths are read there: a config in a subfolder works from the repository root.
  if (server.cwd !== undefined || server.command !== undefined) o.serverCwd = at(server.cwd ?? '.');
  if (server.env !== undefined) o.serverEnv = server.env;
  if (server.url !== undefined) o.serverUrl = server.url;
  if (server.headers !== undefined) {
    o.serverHeaders = Object.fromEntries(Object.entries(server.headers).map(([k, v]) => [k, expandEnv(v, env, `${file}: server.headers.${k}`)]));
  }
  if (server.readyTimeout !== undefined) o.readyTimeoutMs = server.readyTimeout;
  if (raw.build !== undefined) o.buildCommand = raw.build.command;
  if (raw.build !== undefined) o.buildCwd = at(raw.build.cwd ?? '.');
  if (raw.build?.timeout !== undefined) o.buildTimeoutMs = raw.build.timeout;
  if (raw.build?.output !== undefined) o.buildOutput = at(raw.build.output);
  if (raw.search !== undefined || raw.fetch !== undefined || raw.errorPath !== undefined) {
    o.shape = {
      ...(raw.search ? { search: raw.search } : {}),
      ...(raw.fetch !== undefined ? { fetch: raw.fetch } : {}),
      ...(raw.errorPath !== undefined ? { errorPath: raw.errorPath } : {}),
    };
  }
  if (raw.toolMap !== undefined) o.toolMap = raw.toolMap;
  if (raw.inputDefaults !== undefined) o.inputDefaults = raw.inputDefaults;
  if (raw.baseline !== undefined) o.baseline = raw.baseline === 'none' ? null : at(raw.baseline);
  if (d.k !== undefined) o.k = parseCutoffs(d.k, 'defaults.k')!;
  if (d.repetitions !== undefined) o.repetitions = d.repetitions;
  if (d.maxRepetitions !== undefined) o.maxRepetitions = d.maxRepetitions;
  if (d.answerRepetitions !== undefined) o.answerRepetitions = d.answerRepetitions;
  if (d.warmup !== undefined) o.warmup = d.warmup;
  if (d.timeout !== undefined) o.timeoutMs = d.timeout;
  if (d.initTimeout !== undefined) o.initTimeoutMs = d.initTimeout;
  if (d.seed !== undefined) o.seed = d.seed;
  if (d.blockSize !== undefined) o.blockSize = d.blockSize;
  if (d.serverCpus !== undefined) o.serverCpus = d.serverCpus;
  if (d.alpha !== undefined) o.alpha = fractionOf(d.alpha, 'defaults.alpha');
  if (typeof d.minEffect === 'object') {
    o.minEffectFor = Object.fromEntries(Object.entries(d.minEffect).map(([k, v]) => [k, fractionOf(v, `defaults.minEffect.${k}`)]));
  } else if (d.minEffect !== undefined) o.minEffect = fractionOf(d.minEffect, 'defaults.minEffect');
  if (d.failOn !== undefined) o.failOn = d.failOn;
  if (d.maxErrors !== undefined) o.maxErrors = parseMaxErrors(String(d.maxErrors), 'defaults.maxErrors')!;
  if (d.allowEvaluatorErrors !== undefined) o.allowEvaluatorErrors = d.allowEvaluatorErrors;
  if (d.historyMinRuns !== undefined) o.historyMinRuns = d.historyMinRuns;
  if (raw.agent !== undefined) o.agent = raw.agent;
  if (raw.judging !== undefined) {
    const { cacheDir, ...rest } = raw.judging;
    o.judging = { ...rest, ...(cacheDir !== undefined ? { cacheDir: at(cacheDir) } : {}) };
  }
  return o;
}

/** Reads and validates a config file; every problem is reported with file:line and field. */
export async function loadConfigFile(file: string, env: NodeJS.ProcessEnv = process.env): Promise<RunOptions> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : String(error);
    throw new DatasetError([{ file, line: 1, path: '', message: `cannot read the config file: ${reason}` }], 'config');
  }
  const source = parseSourceDocument(text.replace(/^\uFEFF/, ''), file);
  if (source.syntaxIssues.length > 0) throw new DatasetError(source.syntaxIssues, 'config');
  const data = source.data ?? {};
  const issues = schemaIssues(validate, { ...source, data }, file);
  if (issues.length > 0) throw new DatasetError(issues, 'config');
  return configFileOptions(data, file, env);
}
