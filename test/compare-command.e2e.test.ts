/**
 * `docs-mcp-eval compare` as a user runs it: two configurations of the reference server
 * (one with the test-only ranking fault), run one after the other through the built CLI,
 * one side-by-side table with the better configuration marked, and each configuration's
 * reports left in .docs-mcp-eval/compare/<name>/.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { quote } from 'shell-quote';
import type { Report } from '../src/model/report.ts';
import { ROOT, runCli } from './support/cli.ts';
import { readPage } from './support/page-fixtures.ts';

const DIST = path.join(ROOT, 'examples/reference-server/dist');

describe('docs-mcp-eval compare', () => {
  it('runs each configuration and marks the best per row', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-compare-'));
    const index = path.join(dir, 'idx.json');
    const config = (env: string) =>
      [
        `cases: ${JSON.stringify(path.join(ROOT, 'datasets/reference/cases.yaml'))}`,
        'server:',
        `  command: ${JSON.stringify(quote([process.execPath, path.join(DIST, 'server.js'), '--index', index]))}`,
        `  env: { ${env} }`,
        `build: { command: ${JSON.stringify(quote([process.execPath, path.join(DIST, 'build.js'), '--docs', path.join(ROOT, 'datasets/reference/corpus'), '--out', index]))} }`,
        '',
      ].join('\n');
    writeFileSync(path.join(dir, 'plain.yml'), config(''));
    writeFileSync(path.join(dir, 'faulty.yml'), config('REFERENCE_SERVER_RANKING_FAULT: "6"'));
    const r = await runCli(['compare', 'plain=plain.yml', 'faulty=faulty.yml', '--repetitions', '1', '--warmup', '0', '--markdown', 'side.md'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /2 configurations side by side/);
    assert.match(r.stdout, /\| Metric +\| +plain \| +faulty \|/);
    assert.match(r.stdout, /\| MRR@5 \(↑\) +\| +\*\*0\.\d+\*\* ★ \| +0\.\d+ \|/, 'the plain server ranks better');
    assert.match(r.stdout, /### By category/);
    assert.equal(readFileSync(path.join(dir, 'side.md'), 'utf8'), r.stdout);
    // The page: both configurations side by side, every case of each.
    const page = readPage(path.join(dir, '.docs-mcp-eval/compare.html'));
    assert.match(r.stderr, /HTML page written to .*compare\.html/);
    assert.equal(page.meta.kind, 'compare');
    assert.deepEqual(page.meta.runs.map((run) => [run.name, run.role]), [['plain', 'configuration'], ['faulty', 'configuration']]);
    assert.equal(page.cases(0).length, 65);
    assert.equal(page.cases(1).length, 65);
    assert.match(page.html, /<th scope="col">plain<\/th><th scope="col">faulty<\/th>[^]*MRR@5 <small>\(↑\)<\/small><\/th><td class="best"><strong>0\.\d+<\/strong> ★/);
    // Each configuration's reports, as `run` writes them; read back, they give the same table.
    for (const name of ['plain', 'faulty']) {
      const json = path.join(dir, '.docs-mcp-eval/compare', name, 'report.json');
      assert.equal((JSON.parse(readFileSync(json, 'utf8')) as Report).cases.length, 65, name);
      assert.match(readFileSync(path.join(dir, '.docs-mcp-eval/compare', name, 'report.md'), 'utf8'), /^## docs-mcp-eval: Nimbus SDK docs/);
      assert.match(r.stderr, new RegExp(`configuration ${name}: report written to .*compare/${name}/report\\.json`));
    }
    const again = await runCli(['compare', 'plain=.docs-mcp-eval/compare/plain/report.json', 'faulty=.docs-mcp-eval/compare/faulty/report.json'], { cwd: dir });
    assert.equal(again.code, 0, again.stderr);
    assert.equal(again.stdout, r.stdout);
  });

  it('needs two configurations', async () => {
    const r = await runCli(['compare', 'one=x.yml']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /at least two/);
  });
});
