/**
 * npm run bench:history: do history verdicts mean what they say? Across separate runs,
 * as a main branch and its pull requests make them: every run here is its own process
 * (`dist/cli.js run` on the reference server, the embedded default's cases and settings),
 * so what differs between runs (CPU placement, page cache, JIT, the machine's other load)
 * is in the numbers, as it is between a nightly run and a PR's.
 *  Rounds of four separate runs, in the same order every round so each meets the same
 *  conditions: a main-branch run (appended to the history, kept as the Action keeps it),
 *  then an A/A run, a slower one and a fatter one. The history so spans the whole bench, as
 *  a nightly history spans the days of the pull requests it judges; runs made one after the
 *  other in a block would understate the spread between runs made at different times.
 *  The first H rounds only build the history; in each of the next `--trials` rounds:
 *     - A/A: the same server. A worse/better verdict on search p50 or peak RSS is a false
 *       alarm. Target: at most 1 in 20 per metric.
 *     - slower: every call delayed by 25% of the history's median search p50
 *       (REFERENCE_SERVER_DELAY_MS). Detected when search p50 is worse. Target: 19 in 20.
 *     - fatter: 25% of the history's median peak RSS held as ballast
 *       (REFERENCE_SERVER_BALLAST_MB). Detected when peak RSS is worse. Target: 19 in 20.
 *     Each is judged against the history (compare/judge-history.ts), with the last history
 *     run as the stored baseline.
 * Results are printed and recorded in bench/history-calibration.json for the docs.
 *
 *   npm run bench:history [-- --history 10 --trials 20 --min-runs 5]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { quote } from 'shell-quote';
import { compareReports } from '../src/compare/compare-reports.ts';
import { historyEntry, type HistoryEntry } from '../src/report/history-entry.ts';
import type { Report } from '../src/model/report.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'examples/reference-server/dist');
export const HISTORY_CALIBRATION = path.join(ROOT, 'bench/history-calibration.json');

const args = parseArgs({ options: { history: { type: 'string' }, trials: { type: 'string' }, 'min-runs': { type: 'string' } } }).values;
const H = Number(args.history ?? 10);
const TRIALS = Number(args.trials ?? 20);
const MIN_RUNS = Number(args['min-runs'] ?? 5);
const work = mkdtempSync(path.join(os.tmpdir(), 'dme-history-calibration-'));
const index = path.join(work, 'index.json');
if (spawnSync(process.execPath, [path.join(DIST, 'build.js'), '--docs', path.join(ROOT, 'datasets/reference/corpus'), '--out', index], { stdio: 'ignore' }).status !== 0) {
  throw new Error('building the reference index failed');
}

let runs = 0;
/** One separate run of the CLI; its report. */
function run(env: Record<string, string> = {}): Report {
  const out = path.join(work, `r${++runs}.json`);
  const serverEnv = Object.entries(env).flatMap(([k, v]) => ['--server-env', `${k}=${v}`]);
  const r = spawnSync(
    process.execPath,
    [path.join(ROOT, 'dist/cli.js'), 'run', '--cases', path.join(ROOT, 'datasets/reference/cases.yaml'), '--server-command', quote([process.execPath, path.join(DIST, 'server.js'), '--index', index]), '--no-baseline', '--out', out, '--markdown', path.join(work, 'r.md'), ...serverEnv],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`run ${runs} exited ${r.status}: ${r.stderr.slice(-500)}`);
  process.stderr.write(`.`);
  return JSON.parse(readFileSync(out, 'utf8')) as Report;
}

process.stderr.write(`bench:history: ${H} + ${TRIALS} rounds of (main-branch run, A/A, +25% slower, +25% fatter), each a separate process\n`);
const history: HistoryEntry[] = [];
let last: Report | undefined;
// The knobs are set from the first run: 25% of its search p50 and of its peak RSS.
const first = run();
const p50 = first.summary.metrics['search.p50'] ?? 0;
const rssMiB = (first.memory?.peakBytes ?? 0) / (1024 * 1024);
const slower = { REFERENCE_SERVER_DELAY_MS: (0.25 * p50).toFixed(4) };
const fatter = { REFERENCE_SERVER_BALLAST_MB: (0.25 * rssMiB).toFixed(1) };

type Verdicts = Record<'search.p50' | 'rss.peak', string[]>;
const outcomes: Record<'aa' | 'slower' | 'fatter', Verdicts> = {
  aa: { 'search.p50': [], 'rss.peak': [] },
  slower: { 'search.p50': [], 'rss.peak': [] },
  fatter: { 'search.p50': [], 'rss.peak': [] },
};
for (let round = 0; round < H + TRIALS; round++) {
  last = run();
  history.push(historyEntry(last));
  for (const [name, env] of [['aa', {}], ['slower', slower], ['fatter', fatter]] as const) {
    const report = run(env);
    if (round < H) continue;
    // Judged against the history before this round's main-branch run: what a PR made now would see.
    const comparison = compareReports(last, report, { history: history.slice(0, -1), historyOptions: { minRuns: MIN_RUNS } });
    for (const id of ['search.p50', 'rss.peak'] as const) {
      const row = comparison.rows.find((r) => r.id === id);
      outcomes[name][id].push(row ? `${row.verdict}${row.indicative ? ' (indicative)' : ''}` : 'missing');
    }
  }
}
process.stderr.write('\n');

const count = (verdicts: string[], verdict: string) => verdicts.filter((v) => v === verdict).length;
const alarms = (verdicts: string[]) => verdicts.filter((v) => v === 'worse' || v === 'better').length;
const result = {
  date: new Date().toISOString(),
  machine: { cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU', cores: os.cpus().length, node: process.version, load: os.loadavg() },
  historyRuns: H,
  trials: TRIALS,
  minRuns: MIN_RUNS,
  slowerByMs: Number(slower.REFERENCE_SERVER_DELAY_MS),
  fatterByMiB: Number(fatter.REFERENCE_SERVER_BALLAST_MB),
  // Run-to-run spread of the history itself (sd of ln values), what the intervals are built from.
  spread: Object.fromEntries((['search.p50', 'rss.peak'] as const).map((id) => {
    const logs = history.map((e) => Math.log(e.metrics[id] ?? 1));
    const m = logs.reduce((a, b) => a + b, 0) / logs.length;
    return [id, Math.sqrt(logs.reduce((a, y) => a + (y - m) ** 2, 0) / (logs.length - 1))];
  })),
  falseAlarms: { 'search.p50': alarms(outcomes.aa['search.p50']), 'rss.peak': alarms(outcomes.aa['rss.peak']) },
  detected: { 'search.p50': count(outcomes.slower['search.p50'], 'worse'), 'rss.peak': count(outcomes.fatter['rss.peak'], 'worse') },
};
writeFileSync(HISTORY_CALIBRATION, `${JSON.stringify(result, null, 2)}\n`);

const target = (ok: boolean) => (ok ? 'met' : 'NOT met');
console.log(`\nHistory verdicts across separate runs (${H}-run history, ${TRIALS} trials each, Node ${process.version}, ${result.machine.cpu})`);
console.log('| metric | run-to-run spread (sd of ln) | A/A false alarms (≤ 1) | +25% detected (≥ 19) |');
console.log('| --- | ---: | ---: | ---: |');
for (const id of ['search.p50', 'rss.peak'] as const) {
  console.log(`| ${id} | ${(result.spread[id]! * 100).toFixed(1)}% | ${result.falseAlarms[id]} (${target(result.falseAlarms[id] <= 1)}) | ${result.detected[id]} (${target(result.detected[id] >= 19)}) |`);
}
console.log(`\nslower: +${result.slowerByMs} ms per call (25% of the first run's search p50, ${p50.toFixed(3)} ms); fatter: +${result.fatterByMiB} MiB (25% of its peak RSS, ${rssMiB.toFixed(1)} MiB)`);
console.log(`verdicts: ${JSON.stringify(outcomes)}`);
console.log(`recorded in ${path.relative(ROOT, HISTORY_CALIBRATION)}`);
