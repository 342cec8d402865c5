/**
 * `docs-mcp-eval view`: the built CLI as a user runs it. It prints where the page is and
 * opens it with $BROWSER (a recorder script here: a real process, started detached);
 * with --serve it serves the page on 127.0.0.1 (GET and HEAD of the page only, Host
 * checked) until Ctrl-C, then exits 0.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { evaluationPage } from '../src/publish/html/page-data.ts';
import { writePage } from '../src/publish/html/write-page.ts';
import { runCli, startCli } from './support/cli.ts';
import { referenceReport } from './support/page-fixtures.ts';

function get(url: string, options: { method?: string; host?: string; path?: string } = {}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: options.path ?? '/', method: options.method ?? 'GET', headers: options.host ? { host: options.host } : {} }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('docs-mcp-eval view', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-view-'));
  const page = path.join(dir, 'report.html');
  const opened = path.join(dir, 'opened.txt');
  const recorder = path.join(dir, 'browser.mjs');

  before(async () => {
    await writePage(evaluationPage({ report: referenceReport(), comparison: null }), page);
    writeFileSync(recorder, `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(opened)}, process.argv.slice(2).join('\\n'));\n`);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('prints where the page is and opens it with $BROWSER', async () => {
    const r = await runCli(['view', page], { env: { BROWSER: `${JSON.stringify(process.execPath)} ${JSON.stringify(recorder)}` } });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, `${page}\n`);
    await until(() => existsSync(opened) && readFileSync(opened, 'utf8') !== '', 'the browser to be started');
    assert.equal(readFileSync(opened, 'utf8'), pathToFileURL(page).href);
  });

  it('finds the default page of a run in .docs-mcp-eval/, and says where none is', async () => {
    const cwd = mkdtempSync(path.join(dir, 'cwd-'));
    const none = await runCli(['view', '--no-open'], { cwd });
    assert.equal(none.code, 2);
    assert.match(none.stderr, /no HTML page at .*\.docs-mcp-eval\/report\.html: `docs-mcp-eval run` writes it there/);
    const bad = await runCli(['view', page, '--port', '80'], { cwd });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--port needs --serve/);
  });

  it('--serve: the page on 127.0.0.1 (GET, HEAD), nothing else, until Ctrl-C', async () => {
    const { child, done } = startCli(['view', page, '--serve', '--no-open']);
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    await until(() => stdout.includes('\n'), 'the URL');
    const url = stdout.trim();
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    const html = readFileSync(page, 'utf8');
    const got = await get(url);
    assert.equal(got.status, 200);
    assert.equal(got.body, html);
    assert.match(String(got.headers['content-type']), /^text\/html; charset=utf-8$/);
    assert.equal(got.headers['x-content-type-options'], 'nosniff');
    const head = await get(url, { method: 'HEAD' });
    assert.equal(head.headers['content-length'], String(Buffer.byteLength(html)));
    assert.equal((await get(url, { path: '/report.html' })).status, 200);
    assert.equal((await get(url, { path: '/../../etc/passwd' })).status, 404);
    assert.equal((await get(url, { method: 'POST' })).status, 405);
    assert.equal((await get(url, { host: 'evil.example:80' })).status, 421, 'a rebinding Host is refused');
    child.kill('SIGINT');
    const r = await done;
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /serving .*report\.html at http:\/\/127\.0\.0\.1:\d+\/ \(Ctrl-C to stop\)[^]*stopped serving/);
  });
});
