/**
 * npm run bench: side-by-side figures measured in one run, printed as ratios.
 *  1. Per-call overhead of the harness on a no-op tool, against the raw JSON-RPC
 *     ping-pong floor over the same kind of stdio pipe. Blocks alternate (ABAB...) so
 *     machine drift hits both sides alike. Both sides are paced alike (1 ms between
 *     calls, as a benchmark's scoring and logging space real calls): a round trip's
 *     time depends on how long the server slept, and a raw loop that sends the next
 *     request within microseconds of the last answer keeps it awake in a way no real
 *     run does. The back-to-back figures are printed too. Target: p95 ratio <= 1.25.
 *  2. Wall time of `npm run eval` (the embedded default, end to end).
 *  3. Cold start of dist/action.js to its first server spawn, and the bundle sizes.
 *  4. Scale: cases/s and the harness's own peak RSS on synthetic 1,000- and 10,000-case
 *     suites (bench/scale/run.ts, run as its own process so its children are measured
 *     alone; `npm run bench:scale` runs only this part).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_RESULTS, type BenchResults } from '../scripts/docs-facts.ts';
import { percentile } from '../src/retrieval/metrics/index.ts';
import { startStdioSession } from '../src/server/stdio-session.ts';
import { actionColdStart } from './action-cold-start.ts';
import { startRawClient } from './raw-ping-pong.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const NOOP = path.join(ROOT, 'bench/noop-server.mjs');
const BLOCKS = 10;
const CALLS_PER_BLOCK = 500;
const WARMUP = 500;
/** The pause before each call on both sides (see the header). */
const PACE_MS = 1;

function stats(samples: number[]): { p50: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
}

/** One side's call, timed as it reports itself (raw: write to parsed line; harness: at the transport). */
type TimedCall = () => Promise<number>;

async function measure(sides: [TimedCall, TimedCall], paceMs: number): Promise<[number[], number[]]> {
  const samples: [number[], number[]] = [[], []];
  const pace = () => (paceMs > 0 ? new Promise((resolve) => setTimeout(resolve, paceMs)) : Promise.resolve());
  for (let block = 0; block < BLOCKS; block++) {
    for (const side of [0, 1] as const) {
      for (let i = 0; i < CALLS_PER_BLOCK; i++) {
        await pace();
        samples[side].push(await sides[side]());
      }
    }
  }
  return samples;
}

async function overhead(): Promise<NonNullable<BenchResults['overhead']>> {
  const raw = await startRawClient(process.execPath, [NOOP]);
  const session = await startStdioSession(
    { command: `${JSON.stringify(process.execPath)} ${JSON.stringify(NOOP)}`, cwd: ROOT, env: {} },
    { clientName: 'bench', clientVersion: '0', connectTimeoutMs: 10_000, rssIntervalMs: 100 },
  );
  const params = { name: 'noop', arguments: {} };
  const sides: [TimedCall, TimedCall] = [
    () => raw.call('tools/call', params),
    async () => {
      const outcome = await session.callTool('noop', {}, 10_000);
      if (!outcome.ok) throw new Error(`harness call failed: ${outcome.message}`);
      return outcome.ms;
    },
  ];
  for (let i = 0; i < WARMUP; i++) for (const side of sides) await side();
  const [pacedFloor, pacedHarness] = await measure(sides, PACE_MS);
  const [tightFloor, tightHarness] = await measure(sides, 0);
  await raw.close();
  await session.close();
  const result = { floor: stats(pacedFloor), harness: stats(pacedHarness), backToBack: { floor: stats(tightFloor), harness: stats(tightHarness) } };
  const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
  const ratio = (a: { p50: number; p95: number }, b: { p50: number; p95: number }) => `${(a.p50 / b.p50).toFixed(2)} | ${(a.p95 / b.p95).toFixed(2)}`;
  console.log(`\nHarness per-call overhead on a no-op tool (${BLOCKS}×${CALLS_PER_BLOCK} calls each side, alternating blocks, Node ${process.version})`);
  console.log('| pacing | side | p50 | p95 |\n| --- | --- | ---: | ---: |');
  for (const [label, floor, harness] of [[`${PACE_MS} ms between calls`, result.floor, result.harness], ['back to back', result.backToBack.floor, result.backToBack.harness]] as const) {
    console.log(`| ${label} | raw JSON-RPC ping-pong (floor) | ${us(floor.p50)} | ${us(floor.p95)} |`);
    console.log(`| ${label} | docs-mcp-eval harness (SDK client, timed at the transport) | ${us(harness.p50)} | ${us(harness.p95)} |`);
    console.log(`| ${label} | ratio harness / floor | ${ratio(harness, floor)} |`);
  }
  const p95 = result.harness.p95 / result.floor.p95;
  console.log(`target p95 ratio <= 1.25 (paced): ${p95 <= 1.25 ? 'met' : 'NOT met'} (${p95.toFixed(2)})`);
  return result;
}

function evalWallTime(): number {
  const t0 = performance.now();
  const result = spawnSync(process.execPath, [path.join(ROOT, 'dist/cli.js'), 'run', '--out', '/tmp/dme-bench-report.json', '--markdown', '/tmp/dme-bench-report.md'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const ms = performance.now() - t0;
  console.log(`\nnpm run eval (embedded default: build + spawn + cases + report): ${(ms / 1000).toFixed(2)} s wall, exit ${result.status}`);
  return ms / 1000;
}

/** The scale bench in a child process: it prints its own tables, records its main one, and sets our exit code on failure. */
function scale(): BenchResults['scale'] {
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'dme-bench-')), 'scale.json');
  const result = spawnSync(process.execPath, [path.join(ROOT, 'bench/scale/run.ts'), '1000', '10000'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, DME_BENCH_SCALE_OUT: out } });
  if (result.status !== 0) process.exitCode = result.status ?? 1;
  return existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as BenchResults['scale']) : undefined;
}

const machine = { cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU', cores: os.cpus().length, node: process.version, load: os.loadavg() };
const results: BenchResults = { date: new Date().toISOString(), machine, overhead: await overhead(), evalWallS: evalWallTime(), coldStart: await actionColdStart() };
const scaled = scale();
if (scaled) results.scale = scaled;
// Recorded for the docs (scripts/docs-facts.ts renders these numbers; `npm run docs:facts` after a bench).
writeFileSync(BENCH_RESULTS, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nrecorded in ${path.relative(ROOT, BENCH_RESULTS)}; run \`npm run docs:facts\` to put the numbers in the docs`);
