/**
 * Cold start of dist/action.js: from spawning `node dist/action.js` to the moment it
 * spawns the server under test (a `sh -c` that stamps the wall clock, ~1 ms itself),
 * side by side with the floor: spawning `node -e` that stamps the clock right away.
 * Both use the same Node; the difference is what the Action costs before it works.
 *
 * Run alone, `node bench/action-cold-start.ts [--against <other>/action.js] [--trials n]`
 * measures another build in the same alternation too (e.g. main's, to see what a change costs).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { quote } from 'shell-quote';
import { percentile } from '../src/retrieval/metrics/index.ts';
import { startupBytes } from '../scripts/startup-path.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const ACTION = path.join(ROOT, 'dist/action.js');
const TRIALS = 15;

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: 'ignore' });
    child.on('close', () => resolve());
  });
}

function nowNs(): bigint {
  return BigInt(Math.round((performance.timeOrigin + performance.now()) * 1e6));
}

async function actionToSpawn(dir: string, stamp: string, action = ACTION): Promise<number> {
  const cases = path.join(dir, 'cases.yaml');
  writeFileSync(cases, 'name: cold start\ncases:\n  - { id: one, query: q, expected: "a.md#x" }\n');
  const env = {
    PATH: process.env['PATH'],
    RUNNER_TEMP: dir,
    GITHUB_WORKSPACE: dir,
    GITHUB_EVENT_NAME: 'workflow_dispatch',
    // What the runner always sets (without them the Action would ask git for the commit).
    GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
    GITHUB_REF: 'refs/heads/main',
    GITHUB_REPOSITORY: 'acme/docs-server',
    GITHUB_STEP_SUMMARY: path.join(dir, 'summary.md'),
    GITHUB_OUTPUT: path.join(dir, 'output.txt'),
    INPUT_CASES: cases,
    // The stamp is the server: it writes the wall clock and exits (the run then fails, which is fine here).
    'INPUT_SERVER-COMMAND': quote(['sh', '-c', `date +%s%N > ${stamp}`]),
    INPUT_BASELINE: 'none',
    INPUT_COMMENT: 'never',
    INPUT_WARMUP: '0',
  };
  const t0 = nowNs();
  await run(process.execPath, [action], env);
  return Number(BigInt(readFileSync(stamp, 'utf8').trim()) - t0) / 1e6;
}

async function nodeFloor(stamp: string): Promise<number> {
  const t0 = nowNs();
  await run(process.execPath, ['-e', `require('node:child_process').execFileSync('sh', ['-c', 'date +%s%N > ${stamp}'])`], { PATH: process.env['PATH'] });
  return Number(BigInt(readFileSync(stamp, 'utf8').trim()) - t0) / 1e6;
}

export async function actionColdStart(): Promise<{ floorP50: number; actionP50: number; trials: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-cold-'));
  const stamp = path.join(dir, 'stamp');
  const action: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < TRIALS; i++) {
    action.push(await actionToSpawn(dir, stamp));
    floor.push(await nodeFloor(stamp));
  }
  const p50 = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 0.5);
  const size = startupBytes(path.join(ROOT, 'dist'), 'action.js');
  console.log(`\nAction cold start to first server spawn (${TRIALS} trials alternating, Node ${process.version})`);
  console.log('| | p50 |\n| --- | ---: |');
  console.log(`| node -e spawning the same stamp (floor) | ${p50(floor).toFixed(1)} ms |`);
  console.log(`| dist/action.js to the server spawn | ${p50(action).toFixed(1)} ms |`);
  const ratio = p50(action) / p50(floor);
  console.log(`| ratio | ${ratio.toFixed(2)} |`);
  console.log(`target ratio <= 2: ${ratio <= 2 ? 'met' : 'NOT met'}`);
  console.log(`loaded before the spawn: ${(size / 1024).toFixed(0)} KiB of dist/action.js and its start-up chunk (target < 3 MiB: ${size < 3 * 1024 * 1024 ? 'met' : 'NOT met'}); dist/cli.js: ${(statSync(path.join(ROOT, 'dist/cli.js')).size / 1024 / 1024).toFixed(2)} MiB`);
  return { floorP50: p50(floor), actionP50: p50(action), trials: TRIALS };
}

/** Side by side: the floor, this build and `against`, alternating, `trials` times each. */
async function compareBuilds(against: string, trials: number): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-cold-'));
  const stamp = path.join(dir, 'stamp');
  const times = { floor: [] as number[], ours: [] as number[], other: [] as number[] };
  for (let i = 0; i < trials; i++) {
    times.ours.push(await actionToSpawn(dir, stamp));
    times.other.push(await actionToSpawn(dir, stamp, against));
    times.floor.push(await nodeFloor(stamp));
  }
  const p50 = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 0.5);
  const floor = p50(times.floor);
  console.log(`Cold start to first server spawn, p50 of ${trials} alternating trials (Node ${process.version})`);
  console.log(`| build | p50 | ratio to the floor |\n| --- | ---: | ---: |`);
  console.log(`| node -e (floor) | ${floor.toFixed(1)} ms | 1.00 |`);
  console.log(`| ${path.relative(process.cwd(), ACTION)} | ${p50(times.ours).toFixed(1)} ms | ${(p50(times.ours) / floor).toFixed(2)} |`);
  console.log(`| ${against} | ${p50(times.other).toFixed(1)} ms | ${(p50(times.other) / floor).toFixed(2)} |`);
}

if (import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({ options: { against: { type: 'string' }, trials: { type: 'string' } } });
  if (values.against) await compareBuilds(path.resolve(values.against), Number(values.trials ?? TRIALS));
  else await actionColdStart();
}
