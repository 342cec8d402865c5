/**
 * A large suite makes the CLI run itself again with V8's young generation capped
 * (src/pipeline/young-generation.ts), before it prints or starts anything: the run
 * then goes on as usual, once. The suite here is the reference suite padded past
 * 1 MB with a YAML comment, so the test stays quick.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { LARGE_SUITE_BYTES, YOUNG_GENERATION_FLAG } from '../src/pipeline/young-generation.ts';
import type { Report } from '../src/model/report.ts';
import { ROOT, runCli } from './support/cli.ts';
import type { GitHubDouble } from './support/github-double/index.ts';
import { prRun } from './support/pull-request-run.ts';
import { useGitHubDouble } from './support/use-github-double.ts';

const hasExecve = typeof (process as { execve?: unknown }).execve === 'function';

/** The reference suite padded past LARGE_SUITE_BYTES with a comment: large on disk, quick to run. */
function paddedSuite(dir: string): string {
  const cases = path.join(dir, 'cases.yaml');
  const padding = `# ${'x'.repeat(98)}\n`.repeat(Math.ceil(LARGE_SUITE_BYTES / 100) + 10);
  writeFileSync(cases, readFileSync(path.join(ROOT, 'datasets/reference/cases.yaml'), 'utf8') + padding);
  return cases;
}

const INDEX = path.join(os.tmpdir(), `dme-large-index-${process.pid}.json`);
const SERVER = `"${process.execPath}" ${path.join(ROOT, 'examples/reference-server/dist/server.js')} --index ${INDEX}`;
const BUILD = `"${process.execPath}" ${path.join(ROOT, 'examples/reference-server/dist/build.js')} --docs ${path.join(ROOT, 'datasets/reference/corpus')} --out ${INDEX}`;
const reexecNotes = (log: string) => log.match(new RegExp(`running again with ${YOUNG_GENERATION_FLAG}`, 'g')) ?? [];

describe('a large suite', { skip: !hasExecve && 'process.execve needs Node ≥ 22.15' }, () => {
  it('runs once more with the young generation capped, then as usual', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-large-'));
    const out = path.join(dir, 'r.json');
    const r = await runCli(['run', '--cases', paddedSuite(dir), '--server-command', SERVER, '--build-command', BUILD, '--repetitions', '1', '--no-baseline', '--out', out, '--markdown', path.join(dir, 'r.md')]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(reexecNotes(r.stderr).length, 1, r.stderr);
    assert.equal((r.stderr.match(/docs-mcp-eval: suite: \S+\.yaml\n/g) ?? []).length, 1, 'the run itself happens once');
    const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
    assert.equal(report.summary.cases, 65);
  });

  it('does not run again for a small suite', async () => {
    const r = await runCli(['run', '--repetitions', '1', '--no-baseline', '--out', path.join(mkdtempSync(path.join(os.tmpdir(), 'dme-small-')), 'r.json')]);
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(r.stderr, /running again/);
  });
});

describe('a large suite in the Action', { skip: !hasExecve && 'process.execve needs Node ≥ 22.15' }, () => {
  let d: GitHubDouble;
  useGitHubDouble((double) => (d = double));

  it('runs once more the same way, and publishes once: one comment, one set of outputs', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-large-action-'));
    const r = await prRun(d, { number: 7, baseSha: d.state.mainCommits.at(-1)! }, { cases: paddedSuite(dir), 'server-command': SERVER, 'build-command': BUILD, repetitions: '1' });
    assert.equal(r.code, 0, r.log);
    assert.equal(reexecNotes(r.log).length, 1, r.log);
    assert.equal((r.log.match(/::group::docs-mcp-eval: run/g) ?? []).length, 1, 'the run itself happens once');
    assert.equal((d.state.comments.get(7) ?? []).filter((c) => c.body?.includes('docs-mcp-eval:sticky')).length, 1);
    const report = JSON.parse(r.outputs['report-json'] ?? '{}') as Report;
    assert.equal(report.summary.cases, 65);
  });
});
