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
 * Results are printed and recorded in bench/history-calibration.json for the docs, one record
 * per machine condition (--label; the same label is replaced): what a history catches depends
 * on its spread, so statistics.md shows the machine as it is and loaded, each beside what its
 * spread predicts (src/compare/history-reach.ts): per judged trial the chance that a change
 * of the realised size is called, summed. --hogs N loads the machine with N `yes > /dev/null`
 * processes for the whole bench (started and ended here).
 *
 *   npm run bench:history [-- --history 10 --trials 20 --min-runs 5 --label <name>]
 *   npm run bench:history -- --hogs 2            (label: "2 × yes > /dev/null"; default "no added load")
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { quote } from 'shell-quote';
import { compareReports } from '../src/compare/compare-reports.ts';
import { detectionChance } from '../src/compare/history-reach.ts';
import { DEFAULT_HISTORY_OPTIONS } from '../src/compare/judge-history.ts';
import type { DeltaRow } from '../src/model/comparison.ts';
import { BENCH_METRICS, readRecords, withRecord, type BenchMetric, type HistoryCalibrationRun } from './history-calibration-record.ts';
import { historyEntry, type HistoryEntry } from '../src/report/history-entry.ts';
import type { Report } from '../src/model/report.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'examples/reference-server/dist');
export const HISTORY_CALIBRATION = path.join(ROOT, 'bench/history-calibration.json');

const args = parseArgs({ options: { history: { type: 'string' }, trials: { type: 'string' }, 'min-runs': { type: 'string' }, label: { type: 'string' }, hogs: { type: 'string' } } }).values;
const H = Number(args.history ?? 10);
const TRIALS = Number(args.trials ?? 20);
const MIN_RUNS = Number(args['min-runs'] ?? 5);
const HOGS = Number(args.hogs ?? 0);
const LABEL = args.label ?? (HOGS > 0 ? `${HOGS} × yes > /dev/null` : 'no added load');

// The load, for the whole bench: N busy processes of our own, ended however the bench ends.
const hogs = Array.from({ length: HOGS }, () => spawn('yes', [], { stdio: 'ignore' }));
const endHogs = () => hogs.forEach((h) => h.kill());
process.on('exit', endHogs);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));
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

type Trial = 'aa' | 'slower' | 'fatter';
const TRIAL_METRIC: Record<Exclude<Trial, 'aa'>, BenchMetric> = { slower: 'search.p50', fatter: 'rss.peak' };
const outcomes: Record<Trial, Record<BenchMetric, string[]>> = {
  aa: { 'search.p50': [], 'rss.peak': [] },
  slower: { 'search.p50': [], 'rss.peak': [] },
  fatter: { 'search.p50': [], 'rss.peak': [] },
};
/** Each judged trial's value and the history row it was judged by (its spread and runs). */
const judged: Record<Trial, Record<BenchMetric, { value: number; row: DeltaRow | undefined }[]>> = {
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
    for (const id of BENCH_METRICS) {
      const row = comparison.rows.find((r) => r.id === id);
      outcomes[name][id].push(row ? `${row.verdict}${row.indicative ? ' (indicative)' : ''}` : 'missing');
      // The value as the history keeps it (peak RSS is not a summary metric of the report).
      judged[name][id].push({ value: historyEntry(report).metrics[id] ?? Number.NaN, row });
    }
  }
}
process.stderr.write('\n');

const count = (verdicts: string[], verdict: string) => verdicts.filter((v) => v === verdict).length;
const alarms = (verdicts: string[]) => verdicts.filter((v) => v === 'worse' || v === 'better').length;
const meanLog = (xs: { value: number }[]) => xs.reduce((a, x) => a + Math.log(x.value), 0) / xs.length;
/** The change a trial kind really made (its runs against the A/A runs of the same rounds), and the catches its histories predict for it. */
function prediction(trial: Exclude<Trial, 'aa'>): { realised: number; expected: number } {
  const id = TRIAL_METRIC[trial];
  const realised = Math.exp(meanLog(judged[trial][id]) - meanLog(judged.aa[id]));
  const expected = judged[trial][id].reduce((sum, { row }) => {
    const e = row?.evidence;
    return e?.kind === 'history' ? sum + detectionChance(realised, e.reach.spread, e.reach.runs, DEFAULT_HISTORY_OPTIONS.alpha, e.minEffect) : sum;
  }, 0);
  return { realised, expected };
}
const slowerPrediction = prediction('slower');
const fatterPrediction = prediction('fatter');
const result: HistoryCalibrationRun = {
  label: LABEL,
  ...(HOGS > 0 ? { hogs: HOGS } : {}),
  date: new Date().toISOString(),
  machine: { cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU', cores: os.cpus().length, node: process.version, load: os.loadavg() },
  historyRuns: H,
  trials: TRIALS,
  minRuns: MIN_RUNS,
  slowerByMs: Number(slower.REFERENCE_SERVER_DELAY_MS),
  fatterByMiB: Number(fatter.REFERENCE_SERVER_BALLAST_MB),
  // Run-to-run spread of the history itself (sd of ln values), what the intervals are built from.
  spread: Object.fromEntries(BENCH_METRICS.map((id) => {
    const logs = history.map((e) => Math.log(e.metrics[id] ?? 1));
    const m = logs.reduce((a, b) => a + b, 0) / logs.length;
    return [id, Math.sqrt(logs.reduce((a, y) => a + (y - m) ** 2, 0) / (logs.length - 1))];
  })) as Record<BenchMetric, number>,
  falseAlarms: { 'search.p50': alarms(outcomes.aa['search.p50']), 'rss.peak': alarms(outcomes.aa['rss.peak']) },
  detected: { 'search.p50': count(outcomes.slower['search.p50'], 'worse'), 'rss.peak': count(outcomes.fatter['rss.peak'], 'worse') },
  realised: { 'search.p50': slowerPrediction.realised, 'rss.peak': fatterPrediction.realised },
  expected: { 'search.p50': slowerPrediction.expected, 'rss.peak': fatterPrediction.expected },
};
endHogs();
const previous = existsSync(HISTORY_CALIBRATION) ? readRecords(JSON.parse(readFileSync(HISTORY_CALIBRATION, 'utf8'))) : [];
writeFileSync(HISTORY_CALIBRATION, `${JSON.stringify(withRecord(previous, result), null, 2)}\n`);

const target = (ok: boolean) => (ok ? 'met' : 'NOT met');
console.log(`\nHistory verdicts across separate runs, ${LABEL} (${H}-run history, ${TRIALS} trials each, Node ${process.version}, ${result.machine.cpu}, load ${result.machine.load.map((l) => l.toFixed(2)).join(' ')})`);
console.log('| metric | run-to-run spread (sd of ln) | A/A false alarms (≤ 1) | +25% caught, predicted from the spread | +25% caught (≥ 19 on a quiet machine) |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const id of BENCH_METRICS) {
  console.log(`| ${id} | ${(result.spread[id] * 100).toFixed(1)}% | ${result.falseAlarms[id]} (${target(result.falseAlarms[id] <= 1)}) | ${result.expected![id].toFixed(1)} (realised ×${result.realised![id].toFixed(3)}) | ${result.detected[id]} |`);
}
console.log(`\nslower: +${result.slowerByMs} ms per call (25% of the first run's search p50, ${p50.toFixed(3)} ms); fatter: +${result.fatterByMiB} MiB (25% of its peak RSS, ${rssMiB.toFixed(1)} MiB)`);
console.log(`verdicts: ${JSON.stringify(outcomes)}`);
console.log(`recorded as "${LABEL}" in ${path.relative(ROOT, HISTORY_CALIBRATION)}`);
