/**
 * A small suite never hides a real regression. Five retrieval cases on the reference
 * server; the second server is built without the page one case needs, so that case falls
 * from rank 1 to not found. No mean change can be significant with five cases, yet the
 * headline names the case and says so, and the case is listed right under the delta
 * table, in the markdown file and on stdout. Two real runs through the built CLI.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { quote } from 'shell-quote';
import type { Report } from '../src/model/report.ts';
import { ROOT, runCli, type CliResult } from './support/cli.ts';

const CASES = `name: five cases
cases:
  - { id: w-errors, query: error codes catalog, expected: "guides/errors.md#errors/error-codes-catalog" }
  - { id: w-version, query: Nimbus-Version header, expected: "guides/versioning.md#api-versioning/version-header" }
  - { id: w-retry, query: Retry-After header, expected: "guides/retries.md#retries/respecting-retry-after" }
  - { id: w-sandbox, query: pm_test_declined pm_test_insufficient_funds, expected: "guides/sandbox.md#sandbox--testing/test-payment-methods" }
  - { id: w-paging, query: ListAutoPaging iter.Next iter.Err, expected: "sdks/go/pagination.md#go-sdk-pagination/auto-paging-iteration" }
`;

describe('a 5-case suite with one case lost', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-flips-'));
  const cases = path.join(dir, 'cases.yaml');
  let lost: CliResult;

  /** A run on a server built from `corpus`. */
  const run = (name: string, corpus: string, extra: string[]) => {
    const index = path.join(dir, `${name}.index.json`);
    const build = quote([process.execPath, path.join(ROOT, 'examples/reference-server/dist/build.js'), '--docs', corpus, '--out', index]);
    const server = quote([process.execPath, path.join(ROOT, 'examples/reference-server/dist/server.js'), '--index', index]);
    return runCli(['run', '--cases', cases, '--build-command', build, '--build-output', index, '--server-command', server, '--warmup', '0', '--repetitions', '1',
      '--out', path.join(dir, `${name}.json`), '--markdown', path.join(dir, `${name}.md`), ...extra]);
  };

  before(async () => {
    writeFileSync(cases, CASES);
    const corpus = path.join(ROOT, 'datasets/reference/corpus');
    const baseline = await run('baseline', corpus, ['--no-baseline']);
    assert.equal(baseline.code, 0, baseline.stderr);
    // The same docs without the page w-retry needs.
    const partial = path.join(dir, 'corpus');
    cpSync(corpus, partial, { recursive: true });
    rmSync(path.join(partial, 'guides/retries.md'));
    lost = await run('lost', partial, ['--baseline', path.join(dir, 'baseline.json'), '--fail-on', 'index.bytes > 100000000', '--fail-on', 'index.bytes > +50%']);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('exits 0 (no gate), and no metric is called worse', () => {
    assert.equal(lost.code, 0, lost.stderr);
    assert.match(lost.stdout, / 0 metric\(s\) worse/);
  });

  it('measures the index the build wrote (--build-output): index.bytes, its delta row and gates', () => {
    const before = JSON.parse(readFileSync(path.join(dir, 'baseline.json'), 'utf8')) as Report;
    const after = JSON.parse(readFileSync(path.join(dir, 'lost.json'), 'utf8')) as Report;
    const [was, now] = [before.build?.output?.bytes ?? 0, after.build?.output?.bytes ?? 0];
    assert.ok(was > 10_000 && now > 0 && now < was, `${was} → ${now}: one page fewer, a smaller index`);
    assert.equal(after.build?.output?.files, 1);
    assert.deepEqual([after.gates?.passed, after.gates?.failures.length, after.gates?.unjudged.length], [2, 0, 0]);
    assert.match(lost.stdout, /Index build: [\d.]+ m?s \(exit 0\), index [\d.]+ KiB in 1 file/);
    assert.match(lost.stdout, /\| Index size \(↓ better\) +\| +[\d.]+ KiB \| +[\d.]+ KiB \| +▼ −[\d.]+ (KiB|B) \|[^\n]*\| (✅ better|〰 within noise) +\|/);
  });

  it('the headline names the case and says why no mean caught it', () => {
    assert.match(lost.stdout, /^⚠️ 1 case worse \(`w-retry`: rank 1 → not found\); the mean change is not significant with 5 cases · /m);
  });

  it('lists the case right under the delta table, in the markdown file and on stdout', () => {
    const md = readFileSync(path.join(dir, 'lost.md'), 'utf8');
    assert.equal(lost.stdout, md);
    const table = md.search(/^\| Metric +\| +Baseline/m);
    const list = md.indexOf('**Cases that changed**');
    const tableEnd = md.indexOf('\n\n', table);
    assert.ok(table > 0 && list === tableEnd + 2, `the list follows the table directly: ${table} ${tableEnd} ${list}`);
    assert.match(md.slice(list), /^\*\*Cases that changed\*\* \(status, pass\/fail or first relevant rank in the top k; 1 worse, 0 better\):\n- ❌ `w-retry` \(uncategorized\): rank 1 → not found\n/);
  });
});
