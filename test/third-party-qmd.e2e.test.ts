/**
 * The built-in `qmd` profile against the real qmd (@tobilu/qmd, pinned in
 * test/third-party): the CLI indexes the fixture folder as collection "docs" (its build
 * step), starts `qmd mcp` over stdio, and reads the ranked files from the structured
 * results; the judged file paths match them as written. qmd keeps its index under
 * XDG_CACHE_HOME, pointed at a scratch folder so nothing touches the user's index.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { describe, it } from 'node:test';
import { quote } from 'shell-quote';
import { runCli } from './support/cli.ts';
import { pidsWithEnv } from './support/proc-scan.ts';
import { FIXTURE_CASES, FIXTURE_DOCS, installed, rankedByCase, readReport, scratchDir } from './support/third-party.ts';

describe('built-in profile: qmd', () => {
  it('ranks the fixture docs through the real server, ids matching file-path judgments', async () => {
    const qmd = quote([process.execPath, installed('@tobilu/qmd/dist/cli/qmd.js')]);
    const dir = scratchDir('qmd');
    const marker = `DME_MARK=${randomUUID()}`;
    const [key, value] = marker.split('=') as [string, string];
    const r = await runCli([
      'run', '--profile', 'qmd', '--cases', FIXTURE_CASES,
      '--build-command', `${qmd} collection add ${quote([FIXTURE_DOCS])} --name docs`,
      '--server-command', `${qmd} mcp`,
      '--no-baseline', '--repetitions', '1', '--warmup', '0', '--out', path.join(dir, 'report.json'), '--markdown', path.join(dir, 'report.md'),
    ], { env: { XDG_CACHE_HOME: path.join(dir, 'cache'), XDG_CONFIG_HOME: path.join(dir, 'config'), [key]: value } });
    assert.equal(r.code, 0, r.stderr);
    const report = readReport(path.join(dir, 'report.json'));
    // BM25 with every query term required: each query finds exactly the page written for it.
    assert.deepEqual(rankedByCase(report), {
      'hmac-signature': ['docs/guides/webhooks.md'],
      'too-many-requests': ['docs/guides/rate-limits.md'],
      'dead-letter': ['docs/reference/queues.md'],
      'backoff-jitter': ['docs/guides/retries.md'],
      'rotate-keys': ['docs/reference/authentication.md'],
      'first-queue': ['docs/getting-started.md'],
    });
    assert.ok(report.cases.every((c) => c.status === 'ok'));
    assert.equal(report.summary.metrics['mrr@5'], 1);
    assert.equal(report.summary.metrics['hit@5'], 1);
    // dead-letter judges retries.md relevant too, and qmd does not return it.
    assert.ok((report.summary.metrics['recall@5'] ?? 1) < 1);
    assert.ok(report.cases.every((c) => c.fetch?.ok === true), 'get(file) fetched each found page');
    assert.ok(report.memory && report.memory.peakBytes > 0);
    assert.deepEqual(pidsWithEnv(marker), [], 'no server process left behind');
  });
});
