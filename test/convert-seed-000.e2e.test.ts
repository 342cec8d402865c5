/**
 * `docs-mcp-eval convert seed-000` through the built CLI: the crypto-docs folder (seed
 * 000's datasets and its profile.yaml) converted to the native format, then both folders
 * run against the crypto-docs stand-in: every case result is the same. Also: a file to
 * stdout, a bad file refused with file:line before anything is written, and no overwrite.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { quote } from 'shell-quote';
import type { CaseResult, Report } from '../src/model/report.ts';
import { ROOT, runCli } from './support/cli.ts';

const SERVER = quote([process.execPath, path.join(ROOT, 'test/fixtures/crypto-answer-server.mjs')]);
const CRYPTO = path.join(ROOT, 'datasets/crypto-docs');

/** What a case result says about the answer, without timings (they differ run to run). */
function comparable(c: CaseResult): unknown {
  const { latency: _latency, answer, ...rest } = c;
  return { ...rest, answer: answer && { ...answer, evaluations: answer.evaluations.map(({ metadata: _m, ...e }) => e) } };
}

describe('convert seed-000', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-convert-'));
  const out = path.join(dir, 'native');

  it('converts the crypto-docs folder; both folders give identical case results', async () => {
    const converted = await runCli(['convert', 'seed-000', CRYPTO, '--out', out]);
    assert.equal(converted.code, 0, converted.stderr);
    assert.match(converted.stderr, /converted .*mina\/basic\.yaml \(8 cases\)/);
    assert.match(converted.stderr, /copied .*profile\.yaml unchanged \(the folder's profile\)/);
    const mina = readFileSync(path.join(out, 'mina', 'basic.yaml'), 'utf8');
    assert.match(mina, /^# Converted from seed 000's format/);
    assert.match(mina, /\ncases:\n {2}- id: mina-basic-001\n {4}kind: answer\n/);
    assert.doesNotMatch(mina, /\ntests:/);

    const run = (cases: string, name: string) =>
      runCli(['run', '--cases', cases, '--server-command', SERVER, '--no-baseline', '--warmup', '0', '--repetitions', '1', '--seed', '7', '--out', path.join(dir, `${name}.json`), '--markdown', path.join(dir, `${name}.md`)]);
    const [seed, native] = [await run(CRYPTO, 'seed'), await run(out, 'native')];
    // The folder's profile.yaml maps the tools (no --profile given), and some canned answers fail: exit 1.
    assert.equal(seed.code, 1, seed.stderr);
    assert.equal(native.code, 1, native.stderr);
    const [a, b] = ['seed', 'native'].map((n) => JSON.parse(readFileSync(path.join(dir, `${n}.json`), 'utf8')) as Report);
    assert.equal(a!.dataset.format, 'seed-000');
    assert.equal(b!.dataset.format, 'docs-mcp-eval');
    assert.equal(a!.cases.length, 19);
    assert.ok(a!.cases.every((c) => c.answer?.tool.startsWith('crypto_')), 'the folder profile mapped every tool');
    assert.deepEqual(b!.cases.map(comparable), a!.cases.map(comparable));
    assert.deepEqual(b!.summary.metrics, { ...a!.summary.metrics, 'answer.p50': b!.summary.metrics['answer.p50'] ?? null });
  });

  it('writes one file to stdout, refuses a bad file with file:line, and never overwrites', async () => {
    const single = await runCli(['convert', 'seed-000', path.join(CRYPTO, 'solana', 'basic.yaml')]);
    assert.equal(single.code, 0, single.stderr);
    assert.match(single.stdout, /^name: Solana/m);

    const bad = path.join(dir, 'bad.yaml');
    writeFileSync(bad, 'name: b\nproject: p\nversion: "1"\ntests:\n  - { id: x, name: n, tool: ask_docs, difficulty: hard, input: {}, expected: {} }\n');
    const refused = await runCli(['convert', 'seed-000', bad, '--out', path.join(dir, 'bad.native.yaml')]);
    assert.equal(refused.code, 2, refused.stderr);
    assert.match(refused.stderr, /bad\.yaml:5:\d+ tests\[0\]\.difficulty/);
    assert.ok(!existsSync(path.join(dir, 'bad.native.yaml')), 'nothing written');

    const again = await runCli(['convert', 'seed-000', CRYPTO, '--out', out]);
    assert.equal(again.code, 2);
    assert.match(again.stderr, /exists: choose another --out or add --force/);
  });
});
