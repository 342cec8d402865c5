/**
 * The HTTP session against the real reference server in its --http mode: a server
 * already running (hosted, url only), one we start and must measure and end, and the
 * ways a start fails (never listens, exits at once, no such command). Processes are
 * found from outside by an environment marker, so "nothing survived" is checked, not assumed.
 */
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { quote } from 'shell-quote';
import { writeTestCorpus } from '../../examples/reference-server/src/test-corpus.ts';
import { pidsWithEnv } from '../../test/support/proc-scan.ts';
import { startHttpSession, type HttpSessionOptions, type HttpTarget } from './http-session.ts';
import { ServerStartError } from './server-process.ts';
import { StartFailedError } from './start-failure.ts';

const BUILD = fileURLToPath(new URL('../../examples/reference-server/src/build.ts', import.meta.url));
const SERVER = fileURLToPath(new URL('../../examples/reference-server/src/server.ts', import.meta.url));
const DELAY_MS = 30;
const options: HttpSessionOptions = { clientName: 'test', clientVersion: '0', connectTimeoutMs: 10_000, readyTimeoutMs: 20_000, rssIntervalMs: 50, killGraceMs: 1_000 };

let root = '';
let indexPath = '';

before(async () => {
  root = await writeTestCorpus();
  indexPath = join(root, 'out', 'index.json');
  await promisify(execFile)(process.execPath, [BUILD, '--docs', root, '--out', indexPath]);
});

after(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A port nothing listens on right now (bound, then released). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The server started by hand, as a hosted server would be: we only get its url. */
async function startByHand(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [SERVER, '--index', indexPath, '--http', '0'], {
    env: { ...process.env, REFERENCE_SERVER_DELAY_MS: String(DELAY_MS) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  for await (const chunk of child.stderr) {
    stderr += String(chunk);
    const url = /listening on (http:\S+)/.exec(stderr)?.[1];
    if (url) return { child, url };
  }
  throw new Error(`the server stopped before listening: ${stderr}`);
}

function hits(result: unknown): string[] {
  const [item] = (result as { content: { type: string; text: string }[] }).content;
  return (JSON.parse(item?.text ?? '{}') as { hits: { chunk_id: string }[] }).hits.map((h) => h.chunk_id);
}

describe('HTTP session', () => {
  it('connects to a running server by url and calls search_docs, timed at the wire', async () => {
    const { child, url } = await startByHand();
    try {
      const session = await startHttpSession({ url, headers: { 'x-eval-run': 'test' } }, options);
      assert.equal(session.pid, null);
      assert.deepEqual(session.tools.map((t) => t.name).sort(), ['get_doc', 'search_docs']);
      const started = performance.now();
      const outcome = await session.callTool('search_docs', { query: 'retry configuration', language: 'python' }, 5_000);
      const wall = performance.now() - started;
      assert.ok(outcome.ok, JSON.stringify(outcome));
      assert.equal(hits(outcome.result)[0], 'sdks/python/auth.md#python-auth-sdk/retry-configuration');
      // Bounds that cannot flake: the server's injected delay is inside, the caller's wait outside.
      assert.ok(outcome.ms >= DELAY_MS && outcome.ms <= wall, `ms ${outcome.ms}, wall ${wall}`);
      const end = await session.close();
      assert.equal(end.memory, undefined, 'no process of ours to measure');
      assert.deepEqual(end.pids, []);
      assert.equal(end.exit, null);
      assert.equal(child.exitCode, null, 'a hosted server is not ours to stop');
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });

  it('sends the configured headers: a refused Origin fails the connect', async () => {
    const { child, url } = await startByHand();
    try {
      const target: HttpTarget = { url, headers: { origin: 'http://evil.example' } };
      await assert.rejects(startHttpSession(target, options), (err: unknown) => {
        assert.ok(err instanceof ServerStartError);
        assert.match(err.message, /could not connect to http:\/\/127\.0\.0\.1:\d+\/mcp: .*403/);
        return true;
      });
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });

  it('starts a server behind a wrapper, waits until it answers, measures its tree and ends all of it', async () => {
    const marker = `HTTP_SESSION_TEST=${randomUUID()}`;
    const port = await freePort();
    // sh stays as the parent (the trailing command stops it from exec'ing node): two processes.
    const inner = quote([process.execPath, SERVER, '--index', indexPath, '--http', String(port)]);
    const server = { command: quote(['sh', '-c', `${inner}; echo wrapper done >&2`]), cwd: root, env: { [marker.split('=')[0]!]: marker.split('=')[1]! } };
    const session = await startHttpSession({ url: `http://127.0.0.1:${port}/mcp`, server }, options);
    assert.equal(typeof session.pid, 'number');
    for (const query of ['retry configuration', 'pagination', 'idempotency']) {
      const outcome = await session.callTool('search_docs', { query }, 5_000);
      assert.ok(outcome.ok && outcome.ms >= 0, JSON.stringify(outcome));
    }
    assert.equal(pidsWithEnv(marker).length, 2, 'sh and the server');
    const end = await session.close();
    assert.ok(end.memory !== undefined && end.memory.peakBytes > 0, 'RSS measured');
    assert.ok(end.memory.samples.some((s) => s.processes === 2), 'both processes were counted');
    assert.match(end.stderrTail, /listening on http:\/\/127\.0\.0\.1/);
    assert.ok(end.pids.length >= 2);
    assert.deepEqual(pidsWithEnv(marker), [], 'nothing survived close()');
    assert.equal(session.alive, false);
  });

  it('reports a started server that dies mid-run as server_exited', async () => {
    const port = await freePort();
    const command = quote([process.execPath, SERVER, '--index', indexPath, '--http', String(port)]);
    const session = await startHttpSession({ url: `http://127.0.0.1:${port}/mcp`, server: { command, cwd: root, env: {} } }, options);
    process.kill(session.pid ?? -1, 'SIGKILL');
    const outcome = await session.callTool('search_docs', { query: 'retry' }, 5_000);
    assert.deepEqual(outcome, { ok: false, kind: 'server_exited', message: 'the server was killed by SIGKILL' });
    assert.equal(session.alive, false);
    await session.close();
  });

  it('gives up on a server that never listens, within the readiness bound, with its output', async () => {
    const marker = `HTTP_SESSION_TEST=${randomUUID()}`;
    const port = await freePort();
    const command = quote([process.execPath, '-e', "console.error('warming up forever'); setInterval(() => {}, 1000)"]);
    const server = { command, cwd: root, env: { [marker.split('=')[0]!]: marker.split('=')[1]! } };
    await assert.rejects(startHttpSession({ url: `http://127.0.0.1:${port}/mcp`, server }, { ...options, readyTimeoutMs: 1_000 }), (err: unknown) => {
      assert.ok(err instanceof ServerStartError);
      assert.match(err.message, /nothing answered an MCP initialize at http:\/\/127\.0\.0\.1:\d+\/mcp within 1000 ms \(last attempt: .*ECONNREFUSED/);
      assert.match(err.stderrTail, /warming up forever/);
      return true;
    });
    assert.deepEqual(pidsWithEnv(marker), [], 'the silent server was ended');
  });

  it('reports a server that exits before it is ready with its exit code and stderr', async () => {
    const port = await freePort();
    const command = quote([process.execPath, SERVER, '--index', join(root, 'missing.json'), '--http', String(port)]);
    await assert.rejects(startHttpSession({ url: `http://127.0.0.1:${port}/mcp`, server: { command, cwd: root, env: {} } }, options), (err: unknown) => {
      assert.ok(err instanceof ServerStartError);
      assert.match(err.message, /the server did not start: the server exited with code 1/);
      assert.match(err.stderrTail, /cannot read index .*missing\.json/);
      return true;
    });
  });

  it('reports a command that does not exist', async () => {
    const server = { command: 'docs-mcp-eval-no-such-command --http 0', cwd: root, env: {} };
    await assert.rejects(startHttpSession({ url: 'http://127.0.0.1:9/mcp', server }, options), (err: unknown) => {
      assert.ok(err instanceof StartFailedError);
      assert.match(err.message, /the server could not start: "docs-mcp-eval-no-such-command" was not found on PATH \(ENOENT\)/);
      assert.equal(err.code, 'ENOENT');
      assert.equal(err.cwd, root);
      return true;
    });
  });
});
