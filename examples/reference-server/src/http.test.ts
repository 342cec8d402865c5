/**
 * The --http mode end to end: the server CLI as a child process, talked to through the
 * SDK's Streamable HTTP client, must answer exactly as it does over stdio; and the
 * HTTP-only parts (sessions, the loopback guard, the listening line, exit codes) hold.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { writeTestCorpus } from './test-corpus.ts';

const BUILD = fileURLToPath(new URL('./build.ts', import.meta.url));
const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));

let root = '';
let indexPath = '';
let server: ChildProcess;
let url = '';
let stderr = (): string => '';
const overHttp = new Client({ name: 'http-test', version: '0.0.0' });
const overStdio = new Client({ name: 'stdio-test', version: '0.0.0' });

/** Starts the CLI in --http mode; resolves with the url from its listening line. */
async function startHttp(port: string): Promise<{ child: ChildProcess; url: string; stderr: () => string }> {
  const child = spawn(process.execPath, [SERVER, '--index', indexPath, '--http', port], { stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stderr.on('data', (d: Buffer) => (text += d.toString()));
  while (!/listening on \S+\n/.test(text)) {
    const exited = child.exitCode !== null || (await Promise.race([once(child.stderr, 'data').then(() => false), once(child, 'exit').then(() => true)]));
    if (exited) throw new Error(`exited before listening: ${text}`);
  }
  return { child, url: /listening on (\S+)\n/.exec(text)![1]!, stderr: () => text };
}

before(async () => {
  root = await writeTestCorpus();
  indexPath = join(root, 'out', 'index.json');
  await promisify(execFile)(process.execPath, [BUILD, '--docs', root, '--out', indexPath]);
  const started = await startHttp('0');
  ({ child: server, url, stderr } = started);
  await overHttp.connect(new StreamableHTTPClientTransport(new URL(url)));
  await overStdio.connect(new StdioClientTransport({ command: process.execPath, args: [SERVER, '--index', indexPath], stderr: 'ignore' }));
});

after(async () => {
  await Promise.all([overHttp.close(), overStdio.close()]);
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
  await rm(root, { recursive: true, force: true });
});

test('prints where it listens, on loopback, after the load line', () => {
  assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  assert.match(stderr(), /^reference-server: 14 chunks loaded in \d+ ms\nreference-server: listening on http:\/\/127\.0\.0\.1:\d+\/mcp\n/);
});

test('lists the same tools and answers search_docs and get_doc exactly as over stdio', async () => {
  assert.deepEqual((await overHttp.listTools()).tools, (await overStdio.listTools()).tools);
  const calls = [
    { name: 'search_docs', arguments: { query: 'retry configuration', language: 'python', limit: 2 } },
    { name: 'search_docs', arguments: { query: 'pagination cursor' } },
    { name: 'search_docs', arguments: { query: 'zzzz-nothing-matches' } },
    { name: 'get_doc', arguments: { chunk_id: 'guides/retries.md#retries-guide/handling-429-errors', context: 1 } },
    { name: 'get_doc', arguments: { chunk_id: 'guides/retries.md#nope' } },
  ];
  for (const call of calls) {
    assert.deepEqual(await overHttp.callTool(call), await overStdio.callTool(call), JSON.stringify(call));
  }
  // A cursor is self-contained: one from the HTTP side pages on over stdio.
  const first = await overHttp.callTool(calls[0]!);
  const { next_cursor } = JSON.parse((first.content as { text: string }[])[0]!.text) as { next_cursor: string };
  const next = { name: 'search_docs', arguments: { ...calls[0]!.arguments, cursor: next_cursor } };
  assert.deepEqual(await overHttp.callTool(next), await overStdio.callTool(next));
});

test('sessions: a request without one must initialize, an unknown one is 404, DELETE ends one', async () => {
  const post = (headers: Record<string, string>, body: unknown) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(body) });
  const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
  assert.equal((await post({}, list)).status, 400);
  assert.equal((await post({ 'mcp-session-id': 'no-such-session' }, list)).status, 404);

  const transport = new StreamableHTTPClientTransport(new URL(url));
  const client = new Client({ name: 'short-lived', version: '0' });
  await client.connect(transport);
  const id = transport.sessionId ?? '';
  assert.match(id, /^[0-9a-f-]{36}$/);
  await transport.terminateSession();
  await client.close();
  assert.equal((await post({ 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' }, list)).status, 404);
});

test('refuses a foreign Host or Origin (DNS rebinding) and any other path', async () => {
  const port = new URL(url).port;
  // node:http, not fetch: fetch does not let a caller set Host.
  const status = async (path: string, headers: Record<string, string>): Promise<number | undefined> => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers }).end();
    const [res] = (await once(req, 'response')) as [{ statusCode?: number; resume(): void }];
    res.resume();
    return res.statusCode;
  };
  assert.equal(await status('/mcp', { host: 'attacker.example' }), 403);
  assert.equal(await status('/mcp', { origin: 'http://attacker.example' }), 403);
  assert.equal(await status('/other', {}), 404);
});

test('exits 0 on SIGTERM with a session open, having written nothing to stdout', async () => {
  const { child, url: own } = await startHttp('0');
  let stdout = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  const client = new Client({ name: 'open-session', version: '0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(own)));
  child.kill('SIGTERM');
  const [code] = (await once(child, 'exit')) as [number | null];
  await client.close();
  assert.equal(code, 0);
  assert.equal(stdout, '');
});

test('a port in use exits 1, a bad --http value exits 2', async () => {
  const exit = async (port: string): Promise<{ code: number; stderr: string }> => {
    const child = spawn(process.execPath, [SERVER, '--index', indexPath, '--http', port], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const [code] = (await once(child, 'exit')) as [number];
    return { code, stderr: err };
  };
  const [inUse, bad] = await Promise.all([exit(new URL(url).port), exit('http')]);
  assert.equal(inUse.code, 1);
  assert.match(inUse.stderr, /cannot listen on 127\.0\.0\.1:\d+: .*EADDRINUSE/);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--http must be a port number/);
});
