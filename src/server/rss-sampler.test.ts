import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { killPids } from './process-tree.ts';
import { startRssSampler } from './rss-sampler.ts';
import type { RssSampler } from './rss-sampler.ts';

const node = process.execPath;
const server = fileURLToPath(new URL('../../test/fixtures/faulty-server.mjs', import.meta.url));
const MB = 1024 * 1024;

function hogReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('hog never got ready')), 10_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

/** Stops the sampler and kills every process it saw, even when the test failed. */
function cleanup(t: { after: (fn: () => Promise<void>) => void }, child: ChildProcess, sampler: RssSampler): void {
  t.after(async () => {
    const pids = [child.pid ?? -1, ...sampler.seenPids()];
    await sampler.stop();
    await killPids(pids, 200);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `done()`, bounded far from any hang: a loaded machine samples late, never not at all. */
async function until(done: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`never: ${what}`);
    await sleep(20);
  }
}

test('the peak includes the memory of a child the server spawned', async (t) => {
  const child = spawn(node, [server, '--mode', 'spawn-hog'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const sampler = startRssSampler(child.pid ?? -1, { intervalMs: 50 });
  cleanup(t, child, sampler);
  await hogReady(child);
  await until(() => sampler.seenPids().length === 2, 'the sampler saw the server and the hog');
  await sleep(200);
  const memory = await sampler.stop();
  assert.ok(memory.peakBytes > 150 * MB, `peak ${memory.peakBytes / MB} MB`);
  assert.equal(memory.intervalMs, 50);
  assert.ok(memory.samples.some((s) => s.processes === 2));
  assert.ok(memory.samples.length >= 3);
  const times = memory.samples.map((s) => s.t);
  assert.deepEqual(times, [...times].sort((a, b) => a - b));
});

test('a server started through sh -c is measured with its real node process', async (t) => {
  // `; :` keeps sh from exec-ing node, so the pid we hold really is a wrapper.
  const child = spawn('sh', ['-c', `"${node}" "${server}" --mode spawn-hog; :`], { stdio: ['pipe', 'pipe', 'pipe'] });
  const sampler = startRssSampler(child.pid ?? -1, { intervalMs: 50 });
  cleanup(t, child, sampler);
  await hogReady(child);
  await until(() => sampler.seenPids().length === 3, 'the sampler saw sh, the server and the hog');
  const memory = await sampler.stop();
  assert.ok(memory.peakBytes > 150 * MB, `peak ${memory.peakBytes / MB} MB`);
  assert.equal(Math.max(...memory.samples.map((s) => s.processes)), 3, 'sh, server, hog');
});

test('a tree that dies mid-run gives empty samples, never an error', async (t) => {
  // Alive until its stdin closes: sampled alive first (however late), then dead.
  const child = spawn('cat', [], { stdio: ['pipe', 'ignore', 'ignore'] });
  const sampler = startRssSampler(child.pid ?? -1, { intervalMs: 20 });
  cleanup(t, child, sampler);
  await until(() => sampler.peakBytes() > 0, 'a sample of the live process');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin?.end();
  await exited;
  // Two ticks after the exit: the first may have begun before it.
  const at = sampler.ticks();
  await until(() => sampler.ticks() >= at + 2, 'a sample after its death');
  const memory = await sampler.stop();
  assert.ok(memory.peakBytes > 0);
  // Some sample saw it alive (not necessarily the first: one taken mid-exec may read nothing).
  assert.ok(memory.samples.some((x) => x.processes === 1), JSON.stringify(memory.samples));
  const last = memory.samples.at(-1);
  assert.ok(last !== undefined && last.bytes === 0 && last.processes === 0);
  assert.deepEqual(sampler.seenPids(), []);
});

test('a full series is halved, stays evenly spaced and keeps the peak', async (t) => {
  const child = spawn('sleep', ['5']);
  const sampler = startRssSampler(child.pid ?? -1, { intervalMs: 1, maxSamples: 16 });
  cleanup(t, child, sampler);
  await sleep(1_000);
  const memory = await sampler.stop();
  assert.ok(memory.samples.length < 16);
  // Halving drops every other sample rather than the oldest or newest: the series still spans the run.
  const span = (memory.samples.at(-1)?.t ?? 0) - (memory.samples[0]?.t ?? 0);
  assert.ok(span > 500, `span ${span} ms`); // of ~1,000 ms: even a sample every 100 ms spans it
  assert.equal(memory.peakBytes, Math.max(memory.peakBytes, ...memory.samples.map((s) => s.bytes)));
});

test('stop() can be called twice and after the tree is gone', async () => {
  const child = spawn('true');
  const sampler = startRssSampler(child.pid ?? -1);
  await new Promise((resolve) => child.once('exit', resolve));
  const first = await sampler.stop();
  const second = await sampler.stop();
  assert.equal(first.samples.length, second.samples.length);
});
