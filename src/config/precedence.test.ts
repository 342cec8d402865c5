/**
 * One precedence rule for every run setting: flag > Action input explicitly set > config
 * file (docs-mcp-eval.yml, its `defaults:` too) > built-in default. Table-driven over
 * every key both entry points accept, through the real parsers (CLI flags, Action
 * inputs) and the real config-file loader. action.yml gives these inputs no default, so
 * an input the workflow did not set never hides the config file's value.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { readInputs } from '../action/inputs.ts';
import { parseRunArgs } from '../cli/args.ts';
import type { Config } from './config.ts';
import { prepareConfig } from './prepare-config.ts';

interface Key {
  /** The setting, as docs-mcp-eval.yml writes it under `defaults:` (or a top-level section). */
  yaml: string;
  flag: string[];
  input: [string, string];
  read: (c: Config) => unknown;
  /** What the config file's value, the flag's / input's value, and the built-in default read as. */
  fromFile: unknown;
  fromFlag: unknown;
  builtIn?: unknown;
}

const KEYS: Key[] = [
  { yaml: 'defaults: { warmup: 7 }', flag: ['--warmup', '9'], input: ['warmup', '9'], read: (c) => c.warmup, fromFile: 7, fromFlag: 9, builtIn: 5 },
  { yaml: 'defaults: { repetitions: 7 }', flag: ['--repetitions', '9'], input: ['repetitions', '9'], read: (c) => c.repetitions, fromFile: 7, fromFlag: 9, builtIn: 5 },
  { yaml: 'defaults: { maxRepetitions: 30 }', flag: ['--max-repetitions', '40'], input: ['max-repetitions', '40'], read: (c) => c.maxRepetitions, fromFile: 30, fromFlag: 40, builtIn: 20 },
  { yaml: 'defaults: { answerRepetitions: 3 }', flag: ['--answer-repetitions', '4'], input: ['answer-repetitions', '4'], read: (c) => c.answerRepetitions, fromFile: 3, fromFlag: 4, builtIn: 1 },
  { yaml: 'defaults: { k: 7 }', flag: ['--k', '9'], input: ['k', '9'], read: (c) => c.k, fromFile: 7, fromFlag: 9, builtIn: 5 },
  { yaml: 'defaults: { timeout: 7000 }', flag: ['--timeout', '9000'], input: ['timeout', '9000'], read: (c) => c.timeoutMs, fromFile: 7000, fromFlag: 9000, builtIn: 30_000 },
  { yaml: 'defaults: { initTimeout: 70000 }', flag: ['--init-timeout', '90000'], input: ['init-timeout', '90000'], read: (c) => c.initTimeoutMs, fromFile: 70_000, fromFlag: 90_000, builtIn: 30_000 },
  // A started HTTP server's readiness wait follows the initialize limit unless server.readyTimeout sets its own.
  { yaml: 'defaults: { initTimeout: 70000 }', flag: ['--init-timeout', '90000'], input: ['init-timeout', '90000'], read: (c) => c.readyTimeoutMs, fromFile: 70_000, fromFlag: 90_000, builtIn: 30_000 },
  { yaml: 'server: { command: node server.js, readyTimeout: 5000 }\ndefaults: { initTimeout: 70000 }', flag: ['--init-timeout', '90000'], input: ['init-timeout', '90000'], read: (c) => c.readyTimeoutMs, fromFile: 5000, fromFlag: 5000 },
  { yaml: 'defaults: { seed: 7 }', flag: ['--seed', '9'], input: ['seed', '9'], read: (c) => c.seed, fromFile: 7, fromFlag: 9 },
  { yaml: 'defaults: { blockSize: 7 }', flag: ['--block-size', '9'], input: ['block-size', '9'], read: (c) => c.blockSize, fromFile: 7, fromFlag: 9, builtIn: 1 },
  { yaml: 'defaults: { serverCpus: none }', flag: ['--server-cpus', '1'], input: ['server-cpus', '1'], read: (c) => c.serverCpus, fromFile: 'none', fromFlag: '1', builtIn: 'auto' },
  { yaml: 'defaults: { alpha: 0.01 }', flag: ['--alpha', '0.1'], input: ['alpha', '0.1'], read: (c) => c.stats.alpha, fromFile: 0.01, fromFlag: 0.1, builtIn: 0.05 },
  { yaml: "defaults: { minEffect: '7%' }", flag: ['--min-effect', '9%'], input: ['min-effect', '9%'], read: (c) => c.stats.minEffect, fromFile: 0.07, fromFlag: 0.09, builtIn: 0.05 },
  {
    yaml: "defaults: { minEffect: { search.p95: '7%' } }",
    flag: ['--min-effect', 'search.p95=9%'],
    input: ['min-effect', 'search.p95=9%'],
    read: (c) => c.stats.minEffectFor['search.p95'],
    fromFile: 0.07,
    fromFlag: 0.09,
    builtIn: undefined,
  },
  { yaml: "defaults: { failOn: ['mrr@5 < 0.5'] }", flag: ['--fail-on', 'ndcg@5 < 0.4'], input: ['fail-on', 'ndcg@5 < 0.4'], read: (c) => c.gates.map((g) => g.source), fromFile: ['mrr@5 < 0.5'], fromFlag: ['ndcg@5 < 0.4'], builtIn: [] },
  { yaml: "defaults: { maxErrors: '10%' }", flag: ['--max-errors', '3'], input: ['max-errors', '3'], read: (c) => c.health.maxErrors, fromFile: { share: 0.1 }, fromFlag: { count: 3 }, builtIn: { count: 0 } },
  { yaml: 'defaults: { allowEvaluatorErrors: false }', flag: ['--allow-evaluator-errors'], input: ['allow-evaluator-errors', 'true'], read: (c) => c.health.allowEvaluatorErrors, fromFile: false, fromFlag: true, builtIn: false },
  { yaml: 'server: { command: node file.js, cwd: sub }', flag: ['--server-cwd', 'other'], input: ['server-cwd', 'other'], read: (c) => path.basename(c.server.cwd), fromFile: 'sub', fromFlag: 'other' },
  { yaml: 'build: { command: make index, timeout: 1234 }', flag: [], input: ['', ''], read: (c) => c.build?.timeoutMs, fromFile: 1234, fromFlag: 1234 },
  { yaml: 'build: { command: make index }', flag: ['--build-command', 'make other'], input: ['build-command', 'make other'], read: (c) => c.build?.command, fromFile: 'make index', fromFlag: 'make other' },
  { yaml: "errorPath: '$.status.error'", flag: [], input: ['', ''], read: (c) => c.shape.errorPath, fromFile: '$.status.error', fromFlag: '$.status.error' },
];

const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-precedence-'));
let n = 0;

/** A config file with the server and cases every run needs, plus the key's own lines. */
function configFile(yaml: string): string {
  const file = path.join(dir, `c${n++}.yml`);
  const lines = ['cases: cases.yaml', ...(yaml.startsWith('server:') ? [] : ['server: { command: node server.js }']), yaml];
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const cli = async (file: string | undefined, flag: string[]) => {
  const args = file ? ['--config', file, ...flag] : ['--cases', 'cases.yaml', '--server-command', 'node server.js', ...flag];
  const parsed = await parseRunArgs(args, dir);
  assert.equal(parsed.help, false);
  return parsed.help ? undefined! : parsed.config;
};

const action = async (file: string | undefined, input: [string, string] | undefined) => {
  const values: Record<string, string> = file ? { config: file } : { cases: 'cases.yaml', 'server-command': 'node server.js' };
  if (input && input[0] !== '') values[input[0]] = input[1];
  return prepareConfig(readInputs((name) => values[name] ?? '').run, dir);
};

describe('precedence: flag > Action input set > config file > built-in default', () => {
  for (const key of KEYS) {
    it(key.yaml, async () => {
      const file = configFile(key.yaml);
      assert.deepEqual(key.read(await cli(file, [])), key.fromFile, 'CLI: the config file');
      assert.deepEqual(key.read(await action(file, undefined)), key.fromFile, 'Action: the config file when the input is not set');
      if (key.flag.length > 0) {
        assert.deepEqual(key.read(await cli(file, key.flag)), key.fromFlag, 'CLI: the flag over the file');
        assert.deepEqual(key.read(await action(file, key.input)), key.fromFlag, 'Action: the input over the file');
      }
      if ('builtIn' in key) {
        assert.deepEqual(key.read(await cli(undefined, [])), key.builtIn, 'CLI: the built-in default');
        assert.deepEqual(key.read(await action(undefined, undefined)), key.builtIn, 'Action: the built-in default');
      }
    });
  }

  it('action.yml gives the inputs that a config file can set no default of its own', () => {
    const action = parse(readFileSync(path.resolve(import.meta.dirname, '../../action.yml'), 'utf8')) as { inputs: Record<string, { default?: string }> };
    const shadowing = KEYS.map((k) => k.input[0]).filter((name) => name !== '' && (action.inputs[name]?.default ?? '') !== '');
    assert.deepEqual(shadowing, []);
  });
});
