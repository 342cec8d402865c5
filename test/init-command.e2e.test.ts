/**
 * `docs-mcp-eval init` as a new user runs it, against the real reference server over
 * stdio and over Streamable HTTP: it writes a config and cases that `run` then accepts.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { quote } from 'shell-quote';
import { ROOT, runCli } from './support/cli.ts';
import { freePort } from './support/free-port.ts';

const DIST = path.join(ROOT, 'examples/reference-server/dist');

function builtIndex(dir: string): string {
  const index = path.join(dir, 'idx.json');
  spawnSync(process.execPath, [path.join(DIST, 'build.js'), '--docs', path.join(ROOT, 'datasets/reference/corpus'), '--out', index]);
  return index;
}


describe('docs-mcp-eval init', () => {
  it('writes a starter config and cases from a stdio server, and run accepts them', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-init-'));
    const command = quote([process.execPath, path.join(DIST, 'server.js'), '--index', builtIndex(dir)]);
    const r = await runCli(['init', '--server-command', command, '--query', 'retry backoff', '--query', 'verify webhook signatures'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /search tool: search_docs \(query: query \(string\)\)/);
    assert.match(r.stdout, /fetch tool: get_doc \(chunk_id: "\{id\}"\)/);
    // The guess's top ids are printed, so a wrong guess shows at once.
    assert.match(r.stdout, /"retry backoff": top ids \["[^"]+retr/);
    assert.match(r.stdout, /docs-mcp-eval run --config docs-mcp-eval\.yml/);
    const config = readFileSync(path.join(dir, 'docs-mcp-eval.yml'), 'utf8');
    assert.match(config, /path: \$\.hits\[\*\]\.chunk_id/);
    assert.match(config, /^# yaml-language-server: \$schema=node_modules\/docs-mcp-eval\/datasets\/config\.schema\.json$/m, 'a schema path inside node_modules, not a CDN URL');
    assert.match(config, /^# {3}build: \{ command: .*, output: .* \}$/m, 'how to time the index build and measure its size');
    assert.match(readFileSync(path.join(dir, 'cases.yaml'), 'utf8'), /unjudged/);
    const again = await runCli(['init', '--server-command', command], { cwd: dir });
    assert.equal(again.code, 2, 'does not overwrite without --force');
    const run = await runCli(['run', '--no-baseline', '--repetitions', '1', '--warmup', '0'], { cwd: dir });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /2 cases · 2 ok/);
  });

  it('never dead-ends: a search tool it cannot find leaves a commented skeleton, exit 1 and the next step', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-init-'));
    const command = quote([process.execPath, path.join(DIST, 'server.js'), '--index', builtIndex(dir)]);
    const r = await runCli(['init', '--server-command', command, '--search-tool', 'find_everything'], { cwd: dir });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /init wrote a skeleton: the server has no tool "find_everything" \(it has: search_docs, get_doc/);
    assert.match(r.stdout, /Next: see what the server returns \(docs-mcp-eval inspect --server-command /);
    const config = readFileSync(path.join(dir, 'docs-mcp-eval.yml'), 'utf8');
    assert.match(config, /^# Written by docs-mcp-eval init, which could not finish: /m);
    assert.match(config, /^# {3}search_docs\(query: string/m, 'the tool list is in the file');
    assert.match(config, /^# TODO search\.ids/m);
    assert.match(config, /tool: find_everything/);
  });

  it('works over Streamable HTTP too', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-init-'));
    const port = await freePort();
    const command = quote([process.execPath, path.join(DIST, 'server.js'), '--index', builtIndex(dir), '--http', String(port)]);
    const r = await runCli(['init', '--server-command', command, '--url', `http://127.0.0.1:${port}/mcp`], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.match(readFileSync(path.join(dir, 'docs-mcp-eval.yml'), 'utf8'), new RegExp(`url: http://127.0.0.1:${port}/mcp`));
  });
});
