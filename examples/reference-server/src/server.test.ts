/**
 * End to end: build an index with the CLI, start the server CLI as a child
 * process and talk MCP to it over stdio, the way the eval harness does.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { writeTestCorpus } from './test-corpus.ts';

const run = promisify(execFile);
const BUILD = fileURLToPath(new URL('./build.ts', import.meta.url));
const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
const DELAY_MS = 40;

let root = '';
let indexPath = '';
const client = new Client({ name: 'reference-server-test', version: '0.0.0' });
let transport: StdioClientTransport;
let stderr = '';

before(async () => {
  root = await writeTestCorpus();
  indexPath = join(root, 'out', 'index.json');
  const built = await run(process.execPath, [BUILD, '--docs', root, '--out', indexPath]);
  assert.match(built.stderr, /5 files, 14 chunks in \d+ ms/);

  transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER, '--index', indexPath],
    env: { PATH: process.env['PATH'] ?? '', REFERENCE_SERVER_DELAY_MS: String(DELAY_MS) },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (data: Buffer) => (stderr += data.toString()));
  await client.connect(transport);
});

after(async () => {
  await client.close();
  await rm(root, { recursive: true, force: true });
});

/** The single text item of a tool result. */
function textOf(result: unknown): string {
  const { content } = result as CallToolResult;
  assert.equal(content.length, 1);
  const [item] = content;
  assert.equal(item?.type, 'text');
  return item.type === 'text' ? item.text : '';
}

test('lists search_docs with facet enums and get_doc', async () => {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), ['get_doc', 'search_docs']);
  const search = tools.find((t) => t.name === 'search_docs');
  const props = search?.inputSchema.properties as Record<string, { enum?: string[] }>;
  assert.deepEqual(props['language']?.enum, ['go', 'python', 'typescript']);
  assert.deepEqual(props['scope']?.enum, ['global-guide', 'sdk-specific']);
  assert.deepEqual(search?.inputSchema.required, ['query']);
  assert.match(stderr, /^reference-server: 14 chunks loaded in \d+ ms/);
});

test('search_docs returns JSON hits filtered by facet, with a cursor', async () => {
  const started = performance.now();
  const result = await client.callTool({ name: 'search_docs', arguments: { query: 'retry configuration', language: 'python', limit: 2 } });
  assert.ok(performance.now() - started >= DELAY_MS, 'REFERENCE_SERVER_DELAY_MS applies');
  const page = JSON.parse(textOf(result)) as { hits: { chunk_id: string; breadcrumb: string }[]; next_cursor: string | null };
  assert.equal(page.hits[0]?.chunk_id, 'sdks/python/auth.md#python-auth-sdk/retry-configuration');
  assert.equal(page.hits[0]?.breadcrumb, 'Python Auth SDK > Retry Configuration');
  assert.equal(page.hits.length, 2);
  assert.equal(typeof page.next_cursor, 'string');

  const next = await client.callTool({ name: 'search_docs', arguments: { query: 'retry configuration', language: 'python', limit: 2, cursor: page.next_cursor } });
  const page2 = JSON.parse(textOf(next)) as { hits: { chunk_id: string }[] };
  assert.ok(page2.hits.every((h) => !page.hits.some((p) => p.chunk_id === h.chunk_id)));

  const wrong = await client.callTool({ name: 'search_docs', arguments: { query: 'pagination', cursor: page.next_cursor } });
  assert.equal(wrong.isError, true);
  assert.match(textOf(wrong), /different query/);
});

test('get_doc returns markdown, and an unknown id is an error result', async () => {
  const doc = await client.callTool({ name: 'get_doc', arguments: { chunk_id: 'guides/retries.md#retries-guide/handling-429-errors', context: 1 } });
  assert.notEqual(doc.isError, true);
  assert.match(textOf(doc), /^# Retries Guide[\s\S]*## Handling 429 Errors[\s\S]*## Idempotency/);

  const missing = await client.callTool({ name: 'get_doc', arguments: { chunk_id: 'guides/retries.md#nope' } });
  assert.equal(missing.isError, true);
  assert.match(textOf(missing), /unknown chunk_id[\s\S]*retries-guide\/idempotency/);
});

test('exits with 0 on SIGTERM, having written nothing to stdout', async () => {
  const child = spawn(process.execPath, [SERVER, '--index', indexPath], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  await once(child.stderr, 'data');
  child.kill('SIGTERM');
  const [code] = (await once(child, 'exit')) as [number | null];
  assert.equal(code, 0);
  assert.equal(stdout, '', 'stdout is reserved for the protocol');
});

test('exits promptly when stdin closes', async () => {
  const child = spawn(process.execPath, [SERVER, '--index', indexPath], { stdio: ['pipe', 'pipe', 'pipe'] });
  await once(child.stderr, 'data');
  const exited = once(child, 'exit');
  child.stdin.end();
  const [code] = (await exited) as [number | null];
  assert.equal(code, 0);
});

test('CLI errors: bad arguments exit 2, a missing directory or index exits 1', async () => {
  const exitCode = async (args: string[]): Promise<{ code: number; stderr: string }> => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const [code] = (await once(child, 'exit')) as [number];
    return { code, stderr: err };
  };
  const [bad, noDir, noIndexArg, noIndex] = await Promise.all([
    exitCode([BUILD, '--docs', root]),
    exitCode([BUILD, '--docs', join(root, 'missing'), '--out', join(root, 'x.json')]),
    exitCode([SERVER]),
    exitCode([SERVER, '--index', join(root, 'missing.json')]),
  ]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /usage: build\.ts/);
  assert.equal(noDir.code, 1);
  assert.match(noDir.stderr, /docs directory not found/);
  assert.equal(noIndexArg.code, 2);
  assert.equal(noIndex.code, 1);
});
