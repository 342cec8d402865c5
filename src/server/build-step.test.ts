import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureOutput, runBuild } from './build-step.ts';
import { isAlive, killPids } from './process-tree.ts';

/**
 * A scratch cwd. Builds write the pids they start to `pids` in it; after the test,
 * whatever happened, those are killed and then the directory is removed (one hook, so
 * the order is certain: the pid file must still exist when the kill reads it).
 */
function scratch(t: { after: (fn: () => Promise<void>) => void }): { dir: string; pids: () => number[] } {
  const dir = mkdtempSync(join(tmpdir(), 'build-step-'));
  const pids = (): number[] => {
    try {
      return readFileSync(join(dir, 'pids'), 'utf8').split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  t.after(async () => {
    await killPids(pids(), 100);
    rmSync(dir, { recursive: true, force: true });
  });
  return { dir, pids };
}

test('times a successful build and keeps its output', async (t) => {
  const result = await runBuild({ command: 'sleep 0.2 && echo built && echo warn >&2', cwd: scratch(t).dir });
  assert.equal(result.exitCode, 0);
  assert.ok(result.ms >= 200 && result.ms < 60_000, `${result.ms} ms`); // timed (≥ the sleep); the bound only guards a hang
  assert.equal(result.stderrTail, 'built\nwarn');
  assert.equal(result.command, 'sleep 0.2 && echo built && echo warn >&2');
});

test('a failing build resolves with its exit code and the tail of its output', async (t) => {
  const chunks: string[] = [];
  const result = await runBuild({
    command: 'for i in $(seq 1 100); do echo "step $i"; done; echo "error TS2304: cannot find name" >&2; exit 7',
    cwd: scratch(t).dir,
    env: { EXTRA: 'x' },
    onOutput: (chunk) => chunks.push(chunk.toString()),
  });
  assert.equal(result.exitCode, 7);
  const lines = result.stderrTail.split('\n');
  assert.match(lines[0] ?? '', /^… .* of build output, last 40 lines:$/);
  assert.equal(lines.at(-1), 'error TS2304: cannot find name');
  assert.equal(lines.length, 41);
  assert.match(chunks.join(''), /step 1\n/);
});

test('a timeout kills the whole tree, grandchildren included', async (t) => {
  const { dir, pids } = scratch(t);
  const command = `sleep 30 & echo $! >> pids; sh -c 'sleep 31 & echo $! >> pids; wait' & echo $! >> pids; wait`;
  const result = await runBuild({ command, cwd: dir, timeoutMs: 500, graceMs: 500 });
  assert.equal(result.exitCode, null);
  assert.ok(result.ms >= 500 && result.ms < 60_000, `${result.ms} ms`); // killed at the timeout, not after the 30 s sleep
  assert.match(result.stderrTail, /\[docs-mcp-eval\] build timed out after 0\.5s$/);
  assert.equal(pids().length, 3);
  for (const pid of pids()) assert.equal(isAlive(pid), false, `pid ${pid} survived`);
});

test('a build that ignores SIGTERM is SIGKILLed after the grace period', async (t) => {
  const { dir, pids } = scratch(t);
  // An ignored signal stays ignored across exec: sleep ignores SIGTERM too.
  const command = `trap '' TERM; sleep 30 & echo $! >> pids; wait`;
  const started = performance.now();
  const result = await runBuild({ command, cwd: dir, timeoutMs: 300, graceMs: 300 });
  assert.equal(result.exitCode, null);
  assert.ok(performance.now() - started < 300 + 300 + 1500);
  assert.equal(pids().length, 1);
  for (const pid of pids()) assert.equal(isAlive(pid), false, `pid ${pid} survived`);
});

test('aborting kills the build', async (t) => {
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 200);
  const result = await runBuild({ command: 'sleep 30', cwd: scratch(t).dir, signal: controller.signal, graceMs: 200 });
  assert.equal(result.exitCode, null);
  assert.match(result.stderrTail, /build aborted$/);
});

test('20 MB of stderr from a successful build is bounded', async (t) => {
  const command = `head -c 20000000 /dev/zero | tr '\\0' x | fold -w 99 >&2; printf '\\nlast\\n' >&2`;
  const result = await runBuild({ command, cwd: scratch(t).dir });
  assert.equal(result.exitCode, 0);
  assert.ok(result.stderrTail.length < 8 * 1024 + 100, `${result.stderrTail.length} chars`);
  // Booleans, not assert.match: a failure message must not print 8 KB of x.
  assert.ok(/^… 19\.\d MiB of build output, last 40 lines:\n/.test(result.stderrTail), 'header');
  assert.ok(result.stderrTail.endsWith('\nlast'), 'last line');
});

test('a missing command is a failed build; a missing cwd rejects', async (t) => {
  const result = await runBuild({ command: 'no-such-command-xyz', cwd: scratch(t).dir });
  assert.equal(result.exitCode, 127);
  assert.match(result.stderrTail, /not found/);
  await assert.rejects(runBuild({ command: 'true', cwd: '/no/such/dir' }), /does not exist/);
});

test('a background process holding the output does not hang the build', async (t) => {
  const { dir } = scratch(t);
  const started = performance.now();
  const result = await runBuild({ command: '(sleep 30 & echo $! >> pids); echo done', cwd: dir });
  assert.equal(result.exitCode, 0);
  assert.ok(performance.now() - started < 2500);
  assert.equal(result.stderrTail, 'done');
});

test("a build's output is measured as du -sb counts it: a file, a folder walked, symlinks not followed, a missing path said", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dme-output-'));
  try {
    mkdirSync(join(dir, 'index', 'shards'), { recursive: true });
    writeFileSync(join(dir, 'index', 'meta.json'), 'x'.repeat(100));
    writeFileSync(join(dir, 'index', 'shards', 'a.bin'), Buffer.alloc(4096));
    writeFileSync(join(dir, 'big.bin'), Buffer.alloc(1_000_000));
    symlinkSync(join(dir, 'big.bin'), join(dir, 'index', 'link'));
    const linkBytes = lstatSync(join(dir, 'index', 'link')).size;
    assert.deepEqual(await measureOutput(join(dir, 'index')), { path: join(dir, 'index'), bytes: 100 + 4096 + linkBytes, files: 3 });
    assert.deepEqual(await measureOutput(join(dir, 'big.bin')), { path: join(dir, 'big.bin'), bytes: 1_000_000, files: 1 });
    assert.deepEqual(await measureOutput(join(dir, 'nope')), { path: join(dir, 'nope'), bytes: null, files: 0, error: 'the build wrote nothing there (no such file or folder)' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
