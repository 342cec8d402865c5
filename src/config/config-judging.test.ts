/**
 * The config file's `judging:` section (cache, cacheDir, concurrency, budget, prices) and
 * `defaults.answerRepetitions`: read into run options with the cache directory relative
 * to the file, flags (--no-cache, --cache-dir) over the file key by key, and every bad
 * value refused with file, line and field before anything runs.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { DatasetError, formatDatasetError } from '../suite/dataset-error.ts';
import { loadConfigFile } from './config-file.ts';
import { mergeOptions } from './prepare-config.ts';
import { resolveConfig } from './run-options.ts';

function file(text: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-judging-'));
  const f = path.join(dir, 'docs-mcp-eval.yml');
  writeFileSync(f, text);
  return f;
}

const GOOD = [
  'cases: c.yaml',
  'server: { command: node, args: [s.js] }',
  'judging:',
  '  cacheDir: .judge-cache',
  '  concurrency: 2',
  '  budget: { usd: 1.5, tokens: 200000 }',
  '  prices:',
  '    gpt-4o-mini: { input: 0.15, output: 0.6, cachedInput: 0.075 }',
  'defaults:',
  '  answerRepetitions: 3',
  '',
].join('\n');

describe('docs-mcp-eval.yml judging:', () => {
  it('becomes the run\'s judging settings, the cache directory relative to the file', async () => {
    const f = file(GOOD);
    const options = await loadConfigFile(f);
    assert.deepEqual(options.judging, {
      cacheDir: path.join(path.dirname(f), '.judge-cache'),
      concurrency: 2,
      budget: { usd: 1.5, tokens: 200000 },
      prices: { 'gpt-4o-mini': { input: 0.15, output: 0.6, cachedInput: 0.075 } },
    });
    assert.equal(options.answerRepetitions, 3);
    const config = resolveConfig(options, '/elsewhere');
    assert.equal(config.judging.cacheDir, path.join(path.dirname(f), '.judge-cache'));
    assert.equal(config.judging.concurrency, 2);
    assert.equal(config.answerRepetitions, 3);
  });

  it('defaults: the cache on in .docs-mcp-eval/cache, 4 calls in flight, no budget, no prices, one ask per answer case', () => {
    const config = resolveConfig({}, '/work/repo');
    assert.deepEqual(config.judging, { cacheDir: '/work/repo/.docs-mcp-eval/cache', concurrency: 4, prices: {} });
    assert.equal(config.answerRepetitions, 1);
  });

  it('flags (--no-cache, --cache-dir) win over the file key by key, the rest of the section stays', async () => {
    const fromFile = await loadConfigFile(file(GOOD));
    const off = resolveConfig(mergeOptions(fromFile, { judging: { cache: false } }), '/w');
    assert.equal(off.judging.cacheDir, null);
    assert.equal(off.judging.concurrency, 2, "the file's concurrency stays");
    const moved = resolveConfig(mergeOptions(fromFile, { judging: { cacheDir: 'ci-cache' } }), '/w');
    assert.equal(moved.judging.cacheDir, '/w/ci-cache');
    assert.deepEqual(moved.judging.budget, { usd: 1.5, tokens: 200000 });
  });

  it('refuses bad values with file, line and field', async () => {
    const f = file(
      [
        'cases: c.yaml',
        'judging:',
        '  cache: maybe',
        '  concurrency: 0',
        '  budget: { usd: -1 }',
        '  prices:',
        '    gpt-4o-mini: { input: 0.15 }',
        '  retries: 3',
        'defaults:',
        '  answerRepetitions: 0',
        '',
      ].join('\n'),
    );
    await assert.rejects(loadConfigFile(f), (err: unknown) => {
      assert.ok(err instanceof DatasetError);
      const text = formatDatasetError(err);
      assert.match(text, /docs-mcp-eval\.yml:3:\d+ .*judging\.cache/);
      assert.match(text, /docs-mcp-eval\.yml:4:\d+ .*judging\.concurrency/);
      assert.match(text, /docs-mcp-eval\.yml:5:\d+ .*judging\.budget\.usd/);
      assert.match(text, /docs-mcp-eval\.yml:7:\d+ judging\.prices\["gpt-4o-mini"\]: missing required field "output"/);
      assert.match(text, /docs-mcp-eval\.yml:8:\d+ judging: unknown field "retries"/);
      assert.match(text, /docs-mcp-eval\.yml:10:\d+ .*defaults\.answerRepetitions/);
      return true;
    });
  });

  it('an empty budget is refused: it would stop nothing', async () => {
    await assert.rejects(loadConfigFile(file('cases: c.yaml\njudging:\n  budget: {}\n')), (err: unknown) => {
      assert.match(formatDatasetError(err as DatasetError), /docs-mcp-eval\.yml:3:\d+ .*judging\.budget/);
      return true;
    });
  });
});
