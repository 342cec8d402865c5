/**
 * Answer repetitions end to end through the built CLI: an answer tool whose answers vary
 * (test/fixtures/flaky-answer-server.mjs: good, good, bad, ...) is asked as many times as
 * the case's `repetitions` or `--answer-repetitions` say (default once, however many
 * `--repetitions`), every answer is scored, and the case's score is their mean, with the
 * spread and the pass rate in the report and the markdown.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { quote } from 'shell-quote';
import type { Report } from '../src/model/report.ts';
import { ROOT, runCli } from './support/cli.ts';

const SERVER = path.join(ROOT, 'test/fixtures/flaky-answer-server.mjs');
const CASES = path.join(ROOT, 'test/fixtures/answer-repeats-cases.yaml');

function run(dir: string, name: string, extra: string[], env: Record<string, string> = {}) {
  const out = path.join(dir, `${name}.json`);
  const done = runCli(
    ['run', '--cases', CASES, '--server-command', quote([process.execPath, SERVER]), '--no-baseline', '--out', out, '--markdown', path.join(dir, `${name}.md`), '--warmup', '0', '--seed', '1', ...extra],
    { env },
  );
  return { done, report: () => JSON.parse(readFileSync(out, 'utf8')) as Report };
}

describe('answer repetitions', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-answer-reps-'));

  it('asks a case its own repetitions, the others once (not --repetitions times), and scores the mean of the answers', async () => {
    const r = run(dir, 'default', ['--repetitions', '5', '--verbose']);
    const result = await r.done;
    const report = r.report();
    const three = report.cases.find((c) => c.id === 'deploy-3')!;
    const once = report.cases.find((c) => c.id === 'deploy-default')!;
    assert.equal(three.latency.answer?.length, 3, 'asked three times');
    assert.equal(once.latency.answer?.length, 1, 'asked once although --repetitions is 5: answer tools may be paid for');
    assert.equal(once.answer?.repeats, undefined, 'asked once: a plain result');
    const reps = three.answer?.repeats;
    assert.deepEqual(reps?.scores, [1, 1, 0]);
    assert.equal(reps?.asked, 3);
    assert.equal(reps?.passed, 2);
    assert.equal(reps?.missing, 0);
    assert.equal(reps?.shown, 2, 'the answer shown is the one that failed');
    assert.ok(Math.abs((three.answer?.score ?? 0) - 2 / 3) < 1e-9, 'the case scores the mean of its answers');
    assert.ok(Math.abs((reps?.sd ?? 0) - Math.sqrt(2) / 3) < 1e-9);
    assert.equal(three.answer?.passed, false, 'a case passes only when every answer passed');
    assert.match(three.answer?.excerpt ?? '', /It depends on your setup/);
    // The summary pass rate counts the share of a case's answers that passed: (2/3 + 1) / 2.
    assert.ok(Math.abs((report.summary.metrics['answer.pass_rate'] ?? 0) - 5 / 6) < 1e-9, String(report.summary.metrics['answer.pass_rate']));
    const md = readFileSync(path.join(dir, 'default.md'), 'utf8');
    assert.match(md, /Score spread between answers \(mean sd; 3 answers per case\) +\| +0\.471 \(n=1\)/);
    assert.match(md, /<summary>Repeated answers[^<]*<\/summary>[\s\S]*\| `deploy-3` +\| +3 +\| +0\.667 +\| +0\.471 +\| +0\.000–1\.000 +\| +2\/3 +\| +0 +\|/);
    assert.match(md, /`deploy-3` \(ask\\_docs\): 2 of 3 answers passed; answer 3: Missing expected keyword/);
    assert.equal(result.code, 1, 'a failed answer fails the run (seed 000)');
  });

  it('--answer-repetitions asks every case that many times unless it sets its own', async () => {
    const r = run(dir, 'flag', ['--repetitions', '1', '--answer-repetitions', '2']);
    await r.done;
    const report = r.report();
    const byId = new Map(report.cases.map((c) => [c.id, c]));
    assert.equal(byId.get('deploy-default')?.answer?.repeats?.asked, 2);
    assert.deepEqual(byId.get('deploy-default')?.answer?.repeats?.scores, [1, 1]);
    assert.equal(byId.get('deploy-default')?.answer?.passed, true);
    assert.equal(byId.get('deploy-3')?.answer?.repeats?.asked, 3, "the case's own repetitions win");
  });

  it('an ask that errored makes the case errored and scores 0 in the mean: never a healthier number', async () => {
    const r = run(dir, 'errors', ['--repetitions', '1', '--answer-repetitions', '2', '--id', 'deploy-default'], { FLAKY_PATTERN: 'ge' });
    const result = await r.done;
    const c = r.report().cases[0]!;
    assert.equal(c.status, 'error');
    assert.match(c.error?.message ?? '', /^ask 2 of 2: ask_docs answered with an error/);
    assert.deepEqual(c.answer?.repeats?.scores, [1, 0]);
    assert.equal(c.answer?.repeats?.missing, 1);
    assert.equal(c.answer?.score, 0.5);
    assert.notEqual(result.code, 0, result.stderr);
  });
});
