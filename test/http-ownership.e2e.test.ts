/**
 * A server we start over HTTP is proven to be ours: a stale listener on the port stops
 * the run before anything starts, a server that answers from outside our process tree
 * is refused, a same-job A/B cannot share one fixed port, and `{port}` gives each
 * server a free port of its own. Real processes, real sockets.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { quote } from 'shell-quote';
import type { Report } from '../src/model/report.ts';
import { abRepository, BUILD, git } from './support/ab-repo.ts';
import { ROOT, runCli, startCli } from './support/cli.ts';
import { waitForPidsWithEnv } from './support/proc-scan.ts';
import { randomUUID } from 'node:crypto';
import { freePort } from './support/free-port.ts';
import { readFileSync } from 'node:fs';

const DIST = path.join(ROOT, 'examples/reference-server/dist');
const index = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-http-own-'));
  return { dir, index: path.join(dir, 'index.json') };
};
const buildCommand = (file: string) => quote([process.execPath, path.join(DIST, 'build.js'), '--docs', path.join(ROOT, 'datasets/reference/corpus'), '--out', file]);
const serve = (file: string, port: string) => quote([process.execPath, path.join(DIST, 'server.js'), '--index', file, '--http', port]);
const common = (dir: string) => ['--cases', path.join(ROOT, 'datasets/reference/cases.yaml'), '--category', 'lexical', '--warmup', '0', '--repetitions', '1', '--out', path.join(dir, 'r.json'), '--markdown', path.join(dir, 'r.md'), '--no-baseline'];

describe('HTTP servers we start are ours', () => {
  it('refuses a port that something already listens on, naming who holds it, before the build runs', async () => {
    const stale = createServer((_req, res) => res.end('stale')).listen(0, '127.0.0.1');
    await new Promise((resolve) => stale.once('listening', resolve));
    const port = String((stale.address() as { port: number }).port);
    const { dir, index: file } = index();
    try {
      const r = await runCli(['run', ...common(dir), '--build-command', buildCommand(file), '--server-command', serve(file, port), '--server-url', `http://127.0.0.1:${port}/mcp`]);
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, new RegExp(`port ${port} is already in use by pid ${process.pid}`));
      assert.match(r.stderr, /write \{port\} in server\.command and server\.url/);
    } finally {
      stale.close();
    }
  });

  it('refuses a server that answers from outside our process tree', { skip: process.platform !== 'linux' && 'needs /proc' }, async () => {
    const { dir, index: file } = index();
    const built = await runCli(['run', ...common(dir), '--build-command', buildCommand(file), '--server-command', quote([process.execPath, path.join(DIST, 'server.js'), '--index', file])]);
    assert.equal(built.code, 0, built.stderr);
    const port = String(await freePort());
    // Someone else's server comes up on the port after our free-port check; ours never listens.
    // It starts once ours runs (the check is done by then), not after a fixed sleep a loaded machine could outlast.
    const marker = `DME_MARK=${randomUUID()}`;
    const cli = startCli(['run', ...common(dir), '--server-command', 'sleep 30', '--server-env', marker, '--server-url', `http://127.0.0.1:${port}/mcp`]);
    await waitForPidsWithEnv(marker, 1, 60_000);
    const other = spawn('sh', ['-c', `exec ${serve(file, port)}`], { stdio: 'ignore' });
    try {
      const r = await cli.done;
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, new RegExp(`the server answering at http://127\\.0\\.0\\.1:${port}/mcp is not the one we started: port ${port} is held by pid \\d+`));
    } finally {
      other.kill();
    }
  });

  it('{port} gives the server a free port of our choosing', async () => {
    const { dir, index: file } = index();
    const r = await runCli(['run', ...common(dir), '--build-command', buildCommand(file), '--server-command', serve(file, '{port}'), '--server-url', 'http://127.0.0.1:{port}/mcp']);
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8')) as Report;
    assert.equal(report.target.transport, 'http');
    assert.ok(report.summary.ok > 0);
    // The log names the url the server was given, never the template.
    assert.match(r.stderr, /docs-mcp-eval: server: http:\/\/127\.0\.0\.1:\d+\/mcp\n/);
    assert.doesNotMatch(r.stderr, /\{port\}/);
  });

  it('a same-job A/B with one fixed port is a usage error before anything starts; with {port} each arm gets its own', async () => {
    const { repo } = abRepository('delete-retries-guide');
    writeFileSync(path.join(repo, 'start-http.sh'), `exec ${JSON.stringify(process.execPath)} server/server.js --index .index.json --http "$1"\n`);
    // Committed, so the base checkout has it too (the head's deleted guide stays uncommitted).
    git(['add', 'start-http.sh'], repo);
    git(['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'http start script'], repo);
    const out = mkdtempSync(path.join(os.tmpdir(), 'dme-http-ab-'));
    const ab = (port: string) =>
      runCli(['run', '--cwd', repo, ...common(out).filter((a) => a !== '--category' && a !== 'lexical'), '--build-command', BUILD, '--server-command', `sh start-http.sh ${port}`, '--server-url', `http://127.0.0.1:${port}/mcp`, '--compare-ref', 'HEAD', '--max-repetitions', '1']);
    const fixed = await ab(String(await freePort()));
    assert.equal(fixed.code, 2, fixed.stderr);
    assert.match(fixed.stderr, /a same-job A\/B starts two HTTP servers, which cannot share the fixed port .*write \{port\}/);
    assert.doesNotMatch(fixed.stderr, /build:/);
    const chosen = await ab('{port}');
    assert.equal(chosen.code, 0, chosen.stderr);
    assert.match(chosen.stdout, /Same-job comparison against HEAD/);
    assert.match(chosen.stdout, /Case regressions/, 'the head (one guide deleted) differs from the base: two servers, not one');
  });
});
