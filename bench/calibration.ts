/**
 * npm run bench:calibration: do the verdicts mean what they say? Same-job A/B runs of
 * the reference server with the default settings, many trials each:
 *  - A/A: the server against itself. Any measured (non-indicative) better/worse row is a
 *    false alarm. Target: at most 1 in 20 trials.
 *  - A/B slowdown: the head server answers every call 10% later (the test-only switch
 *    REFERENCE_SERVER_DELAY_MS, set to a tenth of the median search latency measured in
 *    the A/A trials). Detected when the search p50 row says worse. Target: 19 in 20.
 *  - A/B ranking: the head server drops the two best hits out of the top 5 on a few
 *    queries (REFERENCE_SERVER_RANKING_FAULT). Detected when the paired test calls MRR worse.
 * Also how long the defaults take against one repetition without A/B.
 *
 *   npm run bench:calibration [-- --trials 20 --repetitions 5 --max-repetitions 20 --server-cpus auto]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { quote } from 'shell-quote';
import { resolveConfig } from '../src/config/run-options.ts';
import type { Comparison } from '../src/model/comparison.ts';
import { evaluate, type BaseArm } from '../src/pipeline/evaluate.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'examples/reference-server/dist');
const CASES = path.join(ROOT, 'datasets/reference/cases.yaml');
/** 1 query in RANKING_FAULT_EVERY loses its two best hits from the top 5. */
const RANKING_FAULT_EVERY = 6;

const args = parseArgs({ options: { trials: { type: 'string' }, 'block-size': { type: 'string' }, 'server-cpus': { type: 'string' }, warmup: { type: 'string' }, repetitions: { type: 'string' }, 'max-repetitions': { type: 'string' } } }).values;
const trials = Number(args.trials ?? 20);
const blockSize = args['block-size'] === undefined ? undefined : Number(args['block-size']);
const work = mkdtempSync(path.join(os.tmpdir(), 'dme-calibration-'));
const index = path.join(work, 'index.json');
const built = spawnSync(process.execPath, [path.join(DIST, 'build.js'), '--docs', path.join(ROOT, 'datasets/reference/corpus'), '--out', index], { stdio: 'inherit' });
if (built.status !== 0) throw new Error('building the reference index failed');

const server = (env: Record<string, string> = {}) => ({ command: quote([process.execPath, path.join(DIST, 'server.js'), '--index', index]), cwd: ROOT, env });

function config(overrides: { repetitions?: number } = {}) {
  return resolveConfig(
    {
      cases: CASES,
      serverCommand: server().command,
      baseline: null,
      out: path.join(work, 'r.json'),
      markdown: path.join(work, 'r.md'),
      ...(blockSize !== undefined ? { blockSize } : {}),
      ...(args.warmup !== undefined ? { warmup: Number(args.warmup) } : {}),
      ...(args.repetitions !== undefined ? { repetitions: Number(args.repetitions) } : {}),
      ...(args['max-repetitions'] !== undefined ? { maxRepetitions: Number(args['max-repetitions']) } : {}),
      ...(args['server-cpus'] !== undefined ? { serverCpus: args['server-cpus'] } : {}),
      ...overrides,
    },
    ROOT,
  );
}

interface Trial {
  comparison: Comparison;
  ms: number;
  /** Repetitions the run made (adaptive: from --repetitions up to --max-repetitions). */
  repetitions: number;
}

async function abTrial(headEnv: Record<string, string>): Promise<Trial> {
  const base: BaseArm = { server: server(), build: null, ref: 'reference', sha: 'reference' };
  const c = config();
  const started = performance.now();
  const evaluation = await evaluate({ ...c, server: server(headEnv) }, {}, { base });
  if (!evaluation.comparison) throw new Error('no comparison');
  return { comparison: evaluation.comparison, ms: performance.now() - started, repetitions: evaluation.report.settings.repetitions };
}

const measured = (c: Comparison) => c.rows.filter((r) => !r.indicative && (r.verdict === 'better' || r.verdict === 'worse'));
const row = (c: Comparison, id: string) => c.rows.find((r) => r.id === id);

interface Scenario {
  name: string;
  hits: number;
  ms: number[];
  detail: string[];
  baseP50: number[];
  repetitions: number[];
}

async function scenario(name: string, env: Record<string, string>, hit: (c: Comparison) => boolean): Promise<Scenario> {
  const ms: number[] = [];
  const repetitions: number[] = [];
  const baseP50: number[] = [];
  const detail: string[] = [];
  let hits = 0;
  for (let i = 0; i < trials; i++) {
    const t = await abTrial(env);
    ms.push(t.ms);
    repetitions.push(t.repetitions);
    if (hit(t.comparison)) hits++;
    baseP50.push(row(t.comparison, 'search.p50')?.baseline ?? Number.NaN);
    const p50 = row(t.comparison, 'search.p50')?.evidence;
    detail.push(p50?.kind === 'ratio' ? `${p50.ratio.toFixed(3)} [${p50.ci.lower.toFixed(3)}, ${p50.ci.upper.toFixed(3)}]` : '—');
    process.stderr.write(`\r${name}: trial ${i + 1}/${trials}, ${hits} flagged   `);
  }
  process.stderr.write('\n');
  return { name, hits, ms, detail, baseP50, repetitions };
}

async function wall(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const aa = await scenario('A/A', {}, (c) => {
  const alarms = measured(c);
  if (alarms.length > 0) process.stderr.write(`\n  false alarm: ${alarms.map((r) => `${r.id} ${r.verdict} (${r.basis})`).join('; ')}\n`);
  return alarms.length > 0;
});
// A tenth of the median search latency, measured on this machine in the A/A trials
// (same-job latency, with two servers alternating, is not single-run latency).
const delay = median(aa.baseP50) * 0.1;
const slow = await scenario(`A/B +10% (${(delay * 1000).toFixed(0)} µs per call)`, { REFERENCE_SERVER_DELAY_MS: String(delay) }, (c) => row(c, 'search.p50')?.verdict === 'worse');
const ranking = await scenario(`A/B ranking (1 query in ${RANKING_FAULT_EVERY})`, { REFERENCE_SERVER_RANKING_FAULT: String(RANKING_FAULT_EVERY) }, (c) => row(c, 'mrr@5')?.verdict === 'worse');
const rankingEvidence = row((await abTrial({ REFERENCE_SERVER_RANKING_FAULT: String(RANKING_FAULT_EVERY) })).comparison, 'mrr@5');

const single1 = await wall(() => evaluate({ ...config(), repetitions: 1 }));
const single5 = await wall(() => evaluate({ ...config(), repetitions: 5 }));

console.log(`\nCalibration: same-job A/B of the reference server, ${args.repetitions ?? 5} to ${args['max-repetitions'] ?? 20} repetitions (adaptive), warm-up ${args.warmup ?? 5}, blocks of ${blockSize ?? 1}, server CPUs ${args['server-cpus'] ?? 'auto'}, ${trials} trials each, Node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} × ${os.availableParallelism()}`);
console.log('| scenario | trials | flagged | target | met | repetitions (median, range) | median trial |\n| --- | ---: | ---: | --- | --- | ---: | ---: |');
const line = (s: Scenario, target: string, met: boolean) =>
  console.log(
    `| ${s.name} | ${trials} | ${s.hits} | ${target} | ${met ? 'yes' : 'NO'} | ${median(s.repetitions)} (${Math.min(...s.repetitions)}–${Math.max(...s.repetitions)}) | ${seconds(median(s.ms))} |`,
  );
line(aa, 'false alarms ≤ 1 in 20', aa.hits <= Math.floor(trials / 20));
line(slow, 'detections ≥ 19 in 20', slow.hits >= Math.ceil((trials * 19) / 20));
line(ranking, 'detected', ranking.hits === trials);
console.log(`\nsearch p50 ratio per trial, A/A: ${aa.detail.join(', ')}`);
console.log(`search p50 ratio per trial, +10%: ${slow.detail.join(', ')}`);
console.log(`ranking change, MRR@5 row: ${rankingEvidence?.basis ?? '—'}`);
console.log(`\nWall time on the embedded default: 1 repetition ${seconds(single1)}, 5 repetitions ${seconds(single5)}, same-job A/B with the default adaptive repetitions ${seconds(median(aa.ms))} (A/A median)`);
