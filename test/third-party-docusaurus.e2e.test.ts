/**
 * The built-in `docusaurus-plugin-mcp-server` profile against the real plugin (pinned in
 * test/third-party): its FlexSearch indexer and McpDocsServer, fed the fixture folder by
 * our glue (test/third-party/docusaurus: index-docs.mjs, serve.mjs on loopback HTTP).
 * Ids come from the `URL:` lines of its markdown answer; judged file paths match them
 * once `.md` is stripped. A config file adds the fetch the profile leaves out. And `init`
 * against the same server writes a config whose `run` works.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { quote } from 'shell-quote';
import { runCli } from './support/cli.ts';
import { freePort } from './support/free-port.ts';
import { pidsWithEnv } from './support/proc-scan.ts';
import { FIXTURE_CASES, FIXTURE_DOCS, installed, rankedByCase, readReport, scratchDir, THIRD_PARTY } from './support/third-party.ts';

const GLUE = path.join(THIRD_PARTY, 'docusaurus');
const SITE = 'http://docs.test';

describe('built-in profile: docusaurus-plugin-mcp-server', () => {
  it('ranks the fixture docs through the real plugin, ids matching file-path judgments', async () => {
    installed('docusaurus-plugin-mcp-server/dist/index.js');
    const dir = scratchDir('docusaurus');
    const port = await freePort();
    const index = path.join(dir, 'idx');
    const marker = `DME_MARK=${randomUUID()}`;
    const [key, value] = marker.split('=') as [string, string];
    // The site URL in the index, as a deployed site has it: ids drop the host, the fetch puts it back.
    writeFileSync(path.join(dir, 'docs-mcp-eval.yml'), [
      `cases: ${JSON.stringify(FIXTURE_CASES)}`,
      'profile: docusaurus-plugin-mcp-server',
      'server:',
      `  command: ${JSON.stringify(quote([process.execPath, path.join(GLUE, 'serve.mjs'), '--index', index, '--port', String(port), '--base-url', SITE]))}`,
      `  url: http://127.0.0.1:${port}/mcp`,
      `build: { command: ${JSON.stringify(quote([process.execPath, path.join(GLUE, 'index-docs.mjs'), '--docs', FIXTURE_DOCS, '--out', index, '--base-url', SITE]))} }`,
      `fetch: { tool: docs_fetch, arguments: { url: "${SITE}/{id}" } }`,
      'defaults: { repetitions: 1, warmup: 0 }',
      '',
    ].join('\n'));
    const r = await runCli(['run', '--cwd', dir, '--no-baseline', '--out', 'report.json', '--markdown', 'report.md'], { env: { [key]: value } });
    assert.equal(r.code, 0, r.stderr);
    const report = readReport(path.join(dir, 'report.json'));
    // FlexSearch requires every (stemmed) term: "429" and "rotate" (vs "rotating") find nothing.
    assert.deepEqual(rankedByCase(report), {
      'hmac-signature': ['docs/guides/webhooks'],
      'too-many-requests': [],
      'dead-letter': ['docs/reference/queues'],
      'backoff-jitter': ['docs/guides/retries'],
      'rotate-keys': [],
      'first-queue': ['docs/getting-started'],
    });
    assert.ok(report.cases.every((c) => c.status === 'ok'), 'an empty answer is a miss, not an error');
    assert.equal(report.summary.metrics['hit@5'], 4 / 6);
    assert.equal(report.summary.metrics['mrr@5'], 4 / 6);
    const found = report.cases.filter((c) => c.rankedIds.length > 0);
    assert.ok(found.every((c) => c.fetch?.ok === true && c.fetch.chars > 0), 'docs_fetch took the rebuilt URL');
    assert.equal(report.target.transport, 'http');
    assert.deepEqual(pidsWithEnv(marker), [], 'no server process left behind');
  });

  it('init guesses its tools and the URL lines, and run accepts the config it writes', async () => {
    installed('docusaurus-plugin-mcp-server/dist/index.js');
    const dir = scratchDir('docusaurus-init');
    const port = await freePort();
    const index = path.join(dir, 'idx');
    const built = spawnSync(process.execPath, [path.join(GLUE, 'index-docs.mjs'), '--docs', FIXTURE_DOCS, '--out', index, '--base-url', SITE]);
    assert.equal(built.status, 0, String(built.stderr));
    const command = quote([process.execPath, path.join(GLUE, 'serve.mjs'), '--index', index, '--port', String(port), '--base-url', SITE]);
    const r = await runCli(['init', '--server-command', command, '--url', `http://127.0.0.1:${port}/mcp`, '--query', 'verify HMAC signature header', '--query', 'exponential backoff jitter'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /search tool: docs_search \(query: query \(string\)\)/);
    assert.match(r.stdout, /fetch tool: docs_fetch \(url: "\{id\}"\)/);
    assert.match(readFileSync(path.join(dir, 'docs-mcp-eval.yml'), 'utf8'), /from: regex/);
    const run = await runCli(['run', '--no-baseline', '--repetitions', '1', '--warmup', '0', '--out', 'report.json'], { cwd: dir });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /2 cases · 2 ok/);
    // Full page URLs, as the server wrote them, and docs_fetch took them back.
    const report = readReport(path.join(dir, 'report.json'));
    assert.deepEqual(report.cases.map((c) => c.rankedIds[0]), [`${SITE}/docs/guides/webhooks`, `${SITE}/docs/guides/retries`]);
    assert.ok(report.cases.every((c) => c.fetch?.ok === true));
  });
});
