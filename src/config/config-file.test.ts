import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { DatasetError, formatDatasetError } from '../suite/dataset-error.ts';
import { configFileOptions, configFilePath, expandEnv, loadConfigFile } from './config-file.ts';
import { mergeOptions } from './prepare-config.ts';

function file(text: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-config-'));
  const f = path.join(dir, 'docs-mcp-eval.yml');
  writeFileSync(f, text);
  return f;
}

describe('docs-mcp-eval.yml', () => {
  it('becomes run options with paths relative to the file and secrets from the environment', () => {
    const options = configFileOptions(
      {
        cases: 'evals/cases.yaml',
        server: { url: 'https://docs.example.com/mcp', headers: { Authorization: 'Bearer ${DOCS_TOKEN}' } },
        build: { command: 'npm run index', cwd: 'site', output: 'site/.index' },
        search: { tool: 'search_documentation', ids: { from: 'json', path: '$.results[*].filepath' } },
        defaults: { repetitions: 7, minEffect: { 'search.p95': '10%' }, alpha: 0.01, failOn: ['mrr@5 < -0.02'] },
      },
      '/work/repo/docs-mcp-eval.yml',
      { DOCS_TOKEN: 's3cret' },
    );
    assert.equal(options.cases, '/work/repo/evals/cases.yaml');
    assert.equal(options.buildCwd, '/work/repo/site');
    assert.equal(options.buildOutput, '/work/repo/site/.index');
    assert.deepEqual(options.serverHeaders, { Authorization: 'Bearer s3cret' });
    assert.equal(options.repetitions, 7);
    assert.deepEqual(options.minEffectFor, { 'search.p95': 0.1 });
    assert.equal(options.alpha, 0.01);
    assert.deepEqual(options.shape?.search?.ids, { from: 'json', path: '$.results[*].filepath' });
  });

  it('names a missing environment variable', () => {
    assert.throws(() => expandEnv('Bearer ${NOPE}', {}, 'docs-mcp-eval.yml: server.headers.Authorization'), /names the environment variable NOPE, which is not set/);
  });

  it('reports every problem with file, line and field', async () => {
    const f = file('cases: c.yaml\nserver:\n  comand: node s.js\ndefaults:\n  repetitions: zero\nsearch:\n  ids: { from: xml }\n');
    await assert.rejects(loadConfigFile(f), (err: unknown) => {
      assert.ok(err instanceof DatasetError);
      const text = formatDatasetError(err);
      assert.match(text, /docs-mcp-eval\.yml:3:\d+ .*comand/);
      assert.match(text, /docs-mcp-eval\.yml:5:\d+ .*defaults\.repetitions/);
      assert.match(text, /docs-mcp-eval\.yml:7:\d+ .*search\.ids/);
      return true;
    });
  });

  it('is found in the working directory unless one is named', () => {
    const f = file('cases: c.yaml\n');
    assert.equal(configFilePath(undefined, path.dirname(f)), f);
    assert.equal(configFilePath(undefined, os.tmpdir() + '/no-such-dir'), undefined);
    assert.equal(configFilePath('other.yml', '/w'), '/w/other.yml');
  });

  it('lies under the flags: a flag wins, maps merge, a server from flags replaces the file\'s', () => {
    const merged = mergeOptions(
      { cases: '/a.yaml', repetitions: 3, serverUrl: 'http://x/mcp', serverEnv: { A: '1', B: '1' } },
      { repetitions: 9, serverCommand: 'node s.js', serverEnv: { B: '2' } },
    );
    assert.equal(merged.cases, '/a.yaml');
    assert.equal(merged.repetitions, 9);
    assert.equal(merged.serverUrl, undefined);
    assert.deepEqual(merged.serverEnv, { A: '1', B: '2' });
  });
});
