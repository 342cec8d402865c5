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
import type { Report } from '../src/report/types.ts';
import { ROOT, runCli } from './support/cli.ts';

const hasExecve = typeof (process as { execve?: unknown }).execve === 'function';

describe('a large suite', { skip: !hasExecve && 'process.execve needs Node ≥ 22.15' }, () => {
  it('runs once more with the young generation capped, then as usual', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-large-'));
    const cases = path.join(dir, 'cases.yaml');
    const padding = `# ${'x'.repeat(98)}\n`.repeat(Math.ceil(LARGE_SUITE_BYTES / 100) + 10);
    writeFileSync(cases, readFileSync(path.join(ROOT, 'datasets/reference/cases.yaml'), 'utf8') + padding);
    const out = path.join(dir, 'r.json');
    const r = await runCli(['run', '--cases', cases, '--server-command', `"${process.execPath}" examples/reference-server/dist/server.js --index .docs-mcp-eval/reference-index.json`, '--build-command', `"${process.execPath}" examples/reference-server/dist/build.js --docs datasets/reference/corpus --out .docs-mcp-eval/reference-index.json`, '--repetitions', '1', '--no-baseline', '--out', out, '--markdown', path.join(dir, 'r.md')]);
    assert.equal(r.code, 0, r.stderr);
    const notes = r.stderr.match(new RegExp(`running again with ${YOUNG_GENERATION_FLAG}`, 'g')) ?? [];
    assert.equal(notes.length, 1, r.stderr);
    assert.equal((r.stderr.match(/docs-mcp-eval: suite: /g) ?? []).length, 1, 'the run itself happens once');
    const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
    assert.equal(report.summary.cases, 65);
  });

  it('does not run again for a small suite', async () => {
    const r = await runCli(['run', '--repetitions', '1', '--no-baseline', '--out', path.join(mkdtempSync(path.join(os.tmpdir(), 'dme-small-')), 'r.json')]);
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(r.stderr, /running again/);
  });
});
