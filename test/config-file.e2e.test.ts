/**
 * docs-mcp-eval.yml as a user writes it, through the built CLI: the reference server
 * started over Streamable HTTP (real loopback server), ids read with a JSONPath and
 * normalised to file paths on both sides, TREC files written; a built-in profile by name;
 * and a broken config file reported with file:line before anything starts.
 */
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { quote } from 'shell-quote';
import type { Report } from '../src/model/report.ts';
import { ROOT, runCli } from './support/cli.ts';
import { freePort } from './support/free-port.ts';

const DIST = path.join(ROOT, 'examples/reference-server/dist');


function project(yaml: (dir: string) => string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-config-e2e-'));
  writeFileSync(path.join(dir, 'docs-mcp-eval.yml'), yaml(dir));
  return dir;
}

const build = (dir: string) => quote([process.execPath, path.join(DIST, 'build.js'), '--docs', path.join(ROOT, 'datasets/reference/corpus'), '--out', path.join(dir, 'idx.json')]);

describe('docs-mcp-eval.yml', () => {
  it('runs a server it starts over Streamable HTTP, reading ids with a JSONPath, and writes TREC files', async () => {
    const port = await freePort();
    const dir = project((d) => [
      `cases: ${JSON.stringify(path.join(ROOT, 'datasets/reference/cases.yaml'))}`,
      'server:',
      `  command: ${JSON.stringify(quote([process.execPath, path.join(DIST, 'server.js'), '--index', path.join(d, 'idx.json'), '--http', String(port)]))}`,
      `  url: http://127.0.0.1:${port}/mcp`,
      'build:',
      `  command: ${JSON.stringify(build(d))}`,
      'search:',
      '  ids: { from: json, path: "$.hits[*].chunk_id", cursor: "$.next_cursor" }',
      '  normalize: { dropFragment: true }',
      'defaults: { repetitions: 1, warmup: 1 }',
      '',
    ].join('\n'));
    const r = await runCli(['run', '--cwd', dir, '--no-baseline', '--category', 'lexical', '--trec-out', 'trec']);
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(readFileSync(path.join(dir, '.docs-mcp-eval/report.json'), 'utf8')) as Report;
    assert.equal(report.target.transport, 'http');
    assert.equal(report.target.url, `http://127.0.0.1:${port}/mcp`);
    assert.ok(report.memory && report.memory.peakBytes > 0, 'RSS of the started server is measured');
    const first = report.cases[0]!;
    assert.ok(first.rankedIds.length > 0 && first.rankedIds.every((id) => !id.includes('#')), 'ids normalised to file paths');
    assert.ok(first.relevant.every((j) => !j.id.includes('#')), 'judged ids normalised the same way');
    assert.ok((report.summary.metrics['mrr@5'] ?? 0) > 0.5);
    const qrels = readFileSync(path.join(dir, 'trec/qrels.txt'), 'utf8').trim().split('\n');
    const run = readFileSync(path.join(dir, 'trec/run.txt'), 'utf8').trim().split('\n');
    assert.match(qrels[0]!, /^\S+ 0 \S+ [1-9]\d*$/);
    assert.match(run[0]!, /^\S+ Q0 \S+ 1 \d+ docs-mcp-eval-\S+$/);

    // The exported qrels read back as the judgments give the same numbers.
    const again = await runCli(['run', '--cwd', dir, '--no-baseline', '--category', 'lexical', '--qrels', 'trec/qrels.txt', '--out', 'again.json']);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /judgments of \d+ case\(s\) from /);
    assert.doesNotMatch(again.stderr, /keep the dataset's own judgments/, 'cases the filters leave out need no qrels');
    const reread = JSON.parse(readFileSync(path.join(dir, 'again.json'), 'utf8')) as Report;
    assert.equal(reread.summary.metrics['ndcg@5'], report.summary.metrics['ndcg@5']);
  });

  it('selects a built-in profile by name', async () => {
    const dir = project((d) => [
      `cases: ${JSON.stringify(path.join(ROOT, 'datasets/reference/cases.yaml'))}`,
      'profile: speakeasy',
      'server:',
      `  command: ${JSON.stringify(quote([process.execPath, path.join(DIST, 'server.js'), '--index', path.join(d, 'idx.json')]))}`,
      `build: { command: ${JSON.stringify(build(d))} }`,
      'defaults: { repetitions: 1, warmup: 0 }',
      '',
    ].join('\n'));
    const r = await runCli(['run', '--cwd', dir, '--no-baseline', '--category', 'lexical']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /MRR@5/);
  });

  it('a config in a subfolder works from the repository root: its paths, its server and its build are read in its folder', async () => {
    // root/evals/{docs-mcp-eval.yml, cases.yaml, server/}: relative paths only, run from root.
    const root = mkdtempSync(path.join(os.tmpdir(), 'dme-config-sub-'));
    const evals = path.join(root, 'evals');
    cpSync(DIST, path.join(evals, 'server'), { recursive: true });
    cpSync(path.join(ROOT, 'datasets/reference/cases.yaml'), path.join(evals, 'cases.yaml'));
    writeFileSync(path.join(evals, 'start.sh'), `#!/bin/sh\nexec ${quote([process.execPath])} server/server.js --index idx.json\n`, { mode: 0o755 });
    writeFileSync(path.join(evals, 'docs-mcp-eval.yml'), [
      'cases: cases.yaml',
      'server: { command: ./start.sh }',
      `build: { command: ${JSON.stringify(`${quote([process.execPath])} server/build.js --docs ${quote([path.join(ROOT, 'datasets/reference/corpus')])} --out idx.json`)} }`,
      'defaults: { repetitions: 1, warmup: 0 }',
      '',
    ].join('\n'));
    const r = await runCli(['run', '--config', 'evals/docs-mcp-eval.yml', '--no-baseline', '--category', 'lexical'], { cwd: root });
    assert.equal(r.code, 0, r.stderr);
    assert.ok(existsSync(path.join(evals, 'idx.json')), 'the build ran in the config file\'s folder');
    assert.ok(existsSync(path.join(root, '.docs-mcp-eval/report.json')), 'outputs stay under the invoking folder');
  });

  it('reports a broken config file with file:line and field, before any server starts', async () => {
    const dir = project(() => 'cases: c.yaml\nserver:\n  command: node never-started.js\n  headerz: {}\n');
    const r = await runCli(['run', '--cwd', dir]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^Invalid config file \(1 problem\):/m, 'headed as what it is, not "Invalid dataset"');
    assert.match(r.stderr, /docs-mcp-eval\.yml:4:\d+ .*headerz/);
    assert.doesNotMatch(r.stderr, /docs-mcp-eval: server:/, 'no server was started');
  });

  it('refuses a JSONPath that cannot work, naming it', async () => {
    const dir = project(() => 'cases: c.yaml\nserver: { command: node s.js }\nsearch:\n  ids: { from: json, path: "$.hits[" }\n');
    const r = await runCli(['run', '--cwd', dir]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /search\.ids: /);
  });
});
