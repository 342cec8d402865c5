import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isAlive, killPids, killTree, listDescendants, readProcStat, trackTree, waitForExit } from './process-tree.ts';

const node = process.execPath;
const hog = fileURLToPath(new URL('../../test/fixtures/memory-hog.mjs', import.meta.url));
const server = fileURLToPath(new URL('../../test/fixtures/faulty-server.mjs', import.meta.url));

/** Resolves once `count` lines starting with "ready" appeared on the child's stdout or stderr. */
function readyLines(child: ChildProcess, count: number, timeoutMs = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = 0;
    const timer = setTimeout(() => reject(new Error(`only ${seen}/${count} ready lines`)), timeoutMs);
    const onData = (chunk: Buffer): void => {
      seen += chunk.toString().split('\n').filter((l) => l.startsWith('ready')).length;
      if (seen >= count) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
  });
}

/** Kills whatever the test saw, even when an assertion failed half-way. */
function cleanup(t: { after: (fn: () => Promise<void>) => void }, pids: () => number[]): void {
  t.after(async () => {
    await killPids(pids(), 200);
  });
}

test('lists a shell and its backgrounded node children, root first', async (t) => {
  const sh = spawn('sh', ['-c', `"${node}" "${hog}" --mb 1 & "${node}" "${hog}" --mb 1 & wait`]);
  let pids: number[] = [sh.pid ?? -1];
  cleanup(t, () => pids);
  await readyLines(sh, 2);
  pids = await listDescendants(sh.pid ?? -1);
  assert.equal(pids[0], sh.pid);
  assert.equal(pids.length, 3);
  for (const pid of pids.slice(1)) assert.equal(readProcStat(pid)?.ppid ?? sh.pid, sh.pid);
});

test('a dead root has no tree; killing dead pids is silent', async () => {
  const child = spawn('true');
  await new Promise((resolve) => child.once('exit', resolve));
  const pid = child.pid ?? -1;
  assert.deepEqual(await listDescendants(pid), []);
  assert.deepEqual(await killPids([pid, 999_999_999], 50), { killed: [], forced: [] });
});

test('killTree leaves no process of a three-level tree alive', async (t) => {
  const inner = `"${node}" "${hog}" --mb 1 & wait`;
  const sh = spawn('sh', ['-c', `sh -c '${inner}' & "${node}" "${hog}" --mb 1 & wait`]);
  let pids: number[] = [sh.pid ?? -1];
  cleanup(t, () => pids);
  await readyLines(sh, 2);
  pids = await listDescendants(sh.pid ?? -1);
  assert.equal(pids.length, 4, 'sh, inner sh, two node grandchildren');
  const result = await killTree(sh.pid ?? -1, { graceMs: 1000 });
  assert.deepEqual([...result.killed].sort(), [...pids].sort());
  assert.deepEqual(result.forced, []);
  for (const pid of pids) {
    // ESRCH, or a zombie nobody reaps (an init that does not reap orphans): either way, not running.
    assert.equal(isAlive(pid), false, `pid ${pid} survived`);
  }
});

test('processes that ignore SIGTERM are SIGKILLed after the grace period', async (t) => {
  const child = spawn(node, [server, '--mode', 'spawn-hog,ignore-sigterm', '--hog-mb', '5']);
  let pids: number[] = [child.pid ?? -1];
  cleanup(t, () => pids);
  await readyLines(child, 1);
  pids = await listDescendants(child.pid ?? -1);
  assert.equal(pids.length, 2, 'server and hog');
  const graceMs = 300;
  const started = performance.now();
  const result = await killTree(child.pid ?? -1, { graceMs });
  const elapsed = performance.now() - started;
  assert.deepEqual([...result.forced].sort(), [...pids].sort());
  assert.ok(elapsed >= graceMs && elapsed < graceMs + 30_000, `took ${elapsed} ms`); // the grace is waited; the bound guards a hang
  assert.deepEqual(await waitForExit(pids, 0), []);
});

test('the tracker keeps a child whose wrapper exited (it escaped to init)', async (t) => {
  // The wrapper leaves when its stdin closes (`read` returns), not after a sleep the hog's start could outlast.
  const sh = spawn('sh', ['-c', `"${node}" "${hog}" --mb 1 </dev/null & read -r _`], { stdio: ['pipe', 'pipe', 'pipe'] });
  const tracker = trackTree(sh.pid ?? -1);
  cleanup(t, () => tracker.seenAlive());
  await readyLines(sh, 1);
  const during = await tracker.refresh();
  assert.equal(during.length, 2, 'sh, node');
  const exited = new Promise((resolve) => sh.once('exit', resolve));
  sh.stdin.end();
  await exited;
  const after = await tracker.refresh();
  assert.equal(after.length, 1, 'the orphaned node child');
  assert.notEqual(after[0], sh.pid);
  assert.equal(readProcStat(after[0] ?? -1)?.ppid === sh.pid, false, 're-parented');
  assert.deepEqual(tracker.seenAlive(), after);
});
