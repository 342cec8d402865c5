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
import type { Report } from '../src/model/report.ts';
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

  it('maps tool names, fills the project argument and judges every case; failed cases exit 1 (seed 000)', async () => {
    const r = await run;
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /docs-mcp-eval: 2 of 11 answer case\(s\) failed their validations \(mina-adv-001, mina-adv-002\)/);
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
    // Seed 000's average confidence: the stand-in reports 72 on every answer.
    assert.equal(report.summary.metrics['answer.confidence'], 72);
    assert.deepEqual(report.summary.counts?.['answer.confidence'], { n: 11, of: 11 });
    assert.match(r.stdout, /\| Avg confidence \(server-reported\) +\| +72\.0 \(n=11 of 11\) \|/);
  });

  it('an answer-only suite prints no retrieval tables', async () => {
    const r = await run;
    assert.doesNotMatch(r.stdout, /### By category|MRR@|\| search +\||\| fetch +\|/);
    // Asked once each (answerRepetitions defaults to 1), whatever --repetitions says: answer tools may be paid for.
    assert.match(r.stdout, /\| answer +\| +11 \|/);
  });

  it('--fail-fast stops at the first failed validation, not only at errors', async () => {
    const stopped = await runCli([
      'run', '--cases', 'datasets/crypto-docs/mina', '--profile', 'datasets/crypto-docs/profile.yaml', '--server-command', quote([process.execPath, SERVER]),
      '--no-baseline', '--out', path.join(dir, 'fast.json'), '--markdown', path.join(dir, 'fast.md'), '--warmup', '0', '--repetitions', '1', '--id', 'mina-adv-*', '--seed', '1', '--fail-fast',
    ]);
    assert.equal(stopped.code, 1, stopped.stderr);
    const report = JSON.parse(readFileSync(path.join(dir, 'fast.json'), 'utf8')) as Report;
    const ran = report.cases.filter((c) => c.status === 'ok');
    assert.ok(report.cases.some((c) => c.status === 'not_run'), 'cases after the failure did not run');
    assert.ok(ran.at(-1)?.answer?.passed === false || ran.some((c) => c.answer?.passed === false), 'it stopped at a failed case');
    assert.match(stopped.stdout, /The run stopped early\*\*: stopped by --fail-fast: mina-adv-00[12] failed a validation \\\((Missing expected keyword|Does not contain)/);
  });

  it('appends every case evaluation to the JSONL store and prints failed validations with --verbose', async () => {
    const r = await run;
    const lines = readFileSync(path.join(dir, 'evaluations.jsonl'), 'utf8').trim().split('\n');
    assert.equal(lines.length, 11);
    const stored = JSON.parse(lines[0] ?? '{}') as { kind?: string; inputSnapshot?: { prompt?: string; response?: string }; metadata?: { input?: { caseId?: string; input?: Record<string, unknown> } } };
    assert.equal(stored.kind, 'evaluation');
    // The whole evaluation (seed 004's inputSnapshot), not only the case id.
    assert.ok(stored.metadata?.input?.caseId);
    // The tool input as sent: the profile's `project: "{project}"` filled with the case's project, never the template.
    assert.equal(stored.metadata?.input?.input?.['project'], 'mina');
    assert.doesNotMatch(lines.join('\n'), /\{project\}/);
    assert.ok((stored.inputSnapshot?.prompt ?? '').length > 0, 'the question');
    // The whole answer as the evaluators judged it: the server's <response_metadata> block stripped.
    assert.ok((stored.inputSnapshot?.response ?? '').length > 200, 'the whole answer text');
    assert.doesNotMatch(stored.inputSnapshot?.response ?? '', /response_metadata/);
    assert.match(r.stderr, /✗ mina-adv-002: Custom token implementation\n\s+- Does not contain "TokenContract"/);
    // Progress says an answer case failed (✗, with its first failed validation), never "no relevant doc".
    assert.match(r.stderr, /^ {2}✗ mina-adv-002\n {4}failed validation: Does not contain "TokenContract"/m);
    assert.doesNotMatch(r.stderr, /no relevant doc|search returned no results/);
  });

  it('lists failed validations with their messages in the markdown', async () => {
    const r = await run;
    assert.match(r.stdout, /### Answers/);
    assert.match(r.stdout, /Pass rate \(all validations\)/);
    // mina-basic-004 wants "@state" etc.: present; mina-adv-002 wants TokenContract: absent.
    assert.match(r.stdout, /`mina-adv-002` \(get\\_working\\_example\): .*TokenContract/);
  });
});
