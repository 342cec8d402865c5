/**
 * Answer cases end to end through the built CLI: seed 000's mina datasets, unchanged,
 * against a stand-in of its crypto-docs server, through the crypto-docs profile's tool
 * map and input defaults; rules pass and fail on a real answer, the report lists failed
 * validations, and a changed answer shows as a case regression in the delta.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { quote } from 'shell-quote';
import type { Report } from '../src/report/types.ts';
import { ROOT, runCli } from './support/cli.ts';

const SERVER = path.join(ROOT, 'test/fixtures/crypto-answer-server.mjs');

describe('answer cases (seed 000 datasets, crypto-docs profile)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-answers-'));
  const json = path.join(dir, 'report.json');
  const run = runCli([
    'run', '--cases', 'datasets/crypto-docs/mina', '--profile', 'datasets/crypto-docs/profile.yaml',
    '--server-command', quote([process.execPath, SERVER]), '--no-baseline', '--out', json, '--markdown', path.join(dir, 'report.md'), '--warmup', '0',
    '--store', path.join(dir, 'evaluations.jsonl'), '--verbose',
  ]);

  it('maps tool names, fills the project argument and judges every case', async () => {
    const r = await run;
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    assert.equal(report.dataset.format, 'seed-000');
    assert.equal(report.cases.length, 11);
    assert.ok(report.cases.every((c) => c.kind === 'answer' && c.answer), 'every case answered');
    const first = report.cases.find((c) => c.id === 'mina-basic-001');
    assert.equal(first?.answer?.tool, 'crypto_ask_docs');
    assert.match(first?.answer?.excerpt ?? '', /^For mina: What is o1js/, 'the profile filled project from the dataset');
    assert.equal(first?.answer?.passed, true, JSON.stringify(first?.answer?.validations.filter((v) => !v.passed)));
    assert.ok(typeof report.summary.metrics['answer.pass_rate'] === 'number');
    assert.ok((report.summary.metrics['answer.pass_rate'] ?? 1) < 1, 'some cases fail on the canned answer');
  });

  it('appends every case evaluation to the JSONL store and prints failed validations with --verbose', async () => {
    const r = await run;
    const lines = readFileSync(path.join(dir, 'evaluations.jsonl'), 'utf8').trim().split('\n');
    assert.equal(lines.length, 11);
    assert.equal((JSON.parse(lines[0] ?? '{}') as { kind?: string }).kind, 'evaluation');
    assert.match(r.stderr, /✗ mina-adv-002: Custom token implementation\n\s+- Does not contain "TokenContract"/);
  });

  it('lists failed validations with their messages in the markdown', async () => {
    const r = await run;
    assert.match(r.stdout, /### Answers/);
    assert.match(r.stdout, /Pass rate \(all validations\)/);
    // mina-basic-004 wants "@state" etc.: present; mina-adv-002 wants TokenContract: absent.
    assert.match(r.stdout, /`mina-adv-002` \(get\\_working\\_example\): .*TokenContract/);
  });
});
