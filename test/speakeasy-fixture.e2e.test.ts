/**
 * Bring-your-own-suite, end to end: speakeasy's realistic fixture (their cases.json and
 * corpus, AGPL data read in place from shared/ beside this checkout, never copied) runs
 * unchanged through the CLI against the reference server built from their corpus. The
 * chunk-id conventions agree, so every expected chunk is found.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { quote } from 'shell-quote';
import type { Report } from '../src/model/report.ts';
import { ROOT, runCli } from './support/cli.ts';

const FIXTURE = path.resolve(ROOT, '../shared/corpora/speakeasy-realistic');

describe('speakeasy realistic fixture', { skip: existsSync(FIXTURE) ? false : `${FIXTURE} not present` }, () => {
  it('loads their cases.json unchanged and finds every expected chunk', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-speakeasy-'));
    const index = path.join(dir, 'index.json');
    const node = process.execPath;
    const r = await runCli([
      'run', '--cases', path.join(FIXTURE, 'cases.json'),
      '--build-command', quote([node, 'examples/reference-server/dist/build.js', '--docs', FIXTURE, '--out', index]),
      '--server-command', quote([node, 'examples/reference-server/dist/server.js', '--index', index]),
      '--no-baseline', '--out', path.join(dir, 'r.json'), '--markdown', path.join(dir, 'r.md'),
    ]);
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8')) as Report;
    assert.equal(report.dataset.format, 'speakeasy');
    assert.equal(report.cases.length, 5);
    assert.equal(report.summary.metrics['hit@5'], 1);
  });
});
