/**
 * npm run bench:scale: can the harness carry a 10,000-case suite? For each size (default
 * 1,000 and 10,000, side by side in one run) it generates a synthetic suite
 * (generate.ts), runs the real CLI bundle against a tiny real MCP server
 * (synthetic-server.mjs, no real search, so the harness is what is measured) and prints
 * throughput and the harness process's own peak RSS (measure.ts). Target: harness peak
 * RSS < 200 MiB at 10,000 cases.
 *
 *   node bench/scale/run.ts [sizes...]          e.g. node bench/scale/run.ts 100 1000 10000
 *   DME_SCALE_NODE_FLAGS="--max-old-space-size=128"   extra node flags for the harness
 *   DME_SCALE_PROBE_TRACE=1                             heap line per second in stderr.log
 *   DME_SCALE_KEEP=1                                    keep the temp dirs (suite, report, logs)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeSuite, type GeneratedSuite } from './generate.ts';
import { harnessNodeFlags, runHarness, type HarnessRun, type PhaseMark } from './measure.ts';

const TARGET_CASES = 10_000;
const TARGET_RSS_MB = 200;
const MiB = 1024 * 1024;
const PHASES = ['suite loaded', 'server up', 'cases run', 'scored', 'report written', 'exit'] as const;

interface Measured {
  suite: GeneratedSuite;
  run: HarnessRun;
  cases: number | null;
  errors: number | null;
  found: number | null;
  dir: string;
}

interface ReportSummary {
  summary: { cases: number; errors: number; notRun: number };
  cases: { foundInRound: number | null }[];
}

function sizes(): number[] {
  const given = process.argv.slice(2).map(Number);
  if (given.some((n) => !Number.isInteger(n) || n < 1)) {
    console.error('usage: node bench/scale/run.ts [cases...]   (positive integers)');
    process.exit(2);
  }
  return given.length > 0 ? given : [1_000, TARGET_CASES];
}

async function measure(count: number): Promise<Measured> {
  const dir = mkdtempSync(path.join(tmpdir(), `dme-scale-${count}-`));
  const suite = writeSuite(count, dir);
  process.stderr.write(`bench:scale: ${count} cases -> ${dir}\n`);
  const run = await runHarness(suite.file, dir);
  let cases: number | null = null;
  let errors: number | null = null;
  let found: number | null = null;
  if (run.reportBytes !== null) {
    const report = JSON.parse(readFileSync(run.reportFile, 'utf8')) as ReportSummary;
    cases = report.summary.cases;
    errors = report.summary.errors + report.summary.notRun;
    found = report.cases.filter((c) => c.foundInRound !== null).length;
  }
  return { suite, run, cases, errors, found, dir };
}

const mb = (bytes: number | null | undefined) => (bytes === null || bytes === undefined ? '—' : (bytes / MiB).toFixed(1));
const sec = (ms: number) => (ms / 1000).toFixed(2);

function markOf(m: Measured, phase: string): PhaseMark | undefined {
  return m.run.probe?.marks.find((x) => x.phase === phase);
}

function printMain(results: readonly Measured[]): void {
  console.log(`\nScale: dist/cli.js run, --repetitions 1 --warmup 5, synthetic MCP server (Node ${process.version}${harnessNodeFlags().length ? `, harness flags ${harnessNodeFlags().join(' ')}` : ''})`);
  console.log('| cases | wall s | cases/s | harness peak RSS MiB | report size MiB | errors |');
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const m of results) {
    const failed = m.run.exitCode !== 0 ? ` (exit ${m.run.exitCode ?? m.run.signal})` : '';
    const rate = (m.suite.cases / (m.run.wallMs / 1000)).toFixed(0);
    const errors = m.errors === null ? 'no report' : String(m.errors);
    console.log(`| ${m.suite.cases} | ${sec(m.run.wallMs)} | ${rate} | ${mb(m.run.peakRssBytes)} | ${mb(m.run.reportBytes)} | ${errors}${failed} |`);
  }
  for (const m of results) {
    const planned = m.suite.outcomes.rank1 + m.suite.outcomes.graded + m.suite.outcomes.page2;
    const check = m.cases === m.suite.cases && m.found === planned ? 'as planned' : 'NOT as planned';
    console.log(
      `- ${m.suite.cases}: report has ${m.cases ?? '—'} cases, ${m.found ?? '—'} found (planned ${planned}: ` +
        `${m.suite.outcomes.rank1} rank 1, ${m.suite.outcomes.graded} graded, ${m.suite.outcomes.page2} page 2; ` +
        `${m.suite.outcomes.missing} missing) — ${check}; peak from ${m.run.peakSource}, polled VmHWM ${mb(m.run.polledHwmBytes)} MiB`,
    );
  }
}

/** Where the peak is set: VmHWM (peak so far) and elapsed time when each CLI phase ends. */
function printPhases(results: readonly Measured[]): void {
  console.log('\nHarness VmHWM (MiB, peak so far) and elapsed s at the end of each phase');
  console.log(`| cases | ${PHASES.join(' | ')} | heapUsed after cases MiB | peak heapUsed MiB |`);
  console.log(`| ---: | ${PHASES.map(() => '---:').join(' | ')} | ---: | ---: |`);
  for (const m of results) {
    const cells = PHASES.map((p) => {
      const x = markOf(m, p);
      return x ? `${mb(x.vmHwmBytes)} @ ${sec(x.ms)}` : '—';
    });
    const live = markOf(m, 'cases run')?.heapUsed;
    console.log(`| ${m.suite.cases} | ${cells.join(' | ')} | ${mb(live)} | ${mb(m.run.probe?.peakSampled.heapUsed)} |`);
  }
  for (const m of results) {
    const up = markOf(m, 'server up');
    const done = markOf(m, 'cases run');
    if (up && done) console.log(`- ${m.suite.cases}: case loop alone ${(m.suite.cases / ((done.ms - up.ms) / 1000)).toFixed(0)} cases/s`);
  }
}

/** Where the RSS sits at exit: V8's young generation (sized by V8, not by the data) against the old space that holds the data. */
function printSpaces(results: readonly Measured[]): void {
  for (const m of results) {
    const heap = m.run.probe?.heapAtExit;
    if (!heap?.physical) continue;
    const resident = (name: string) => mb(heap.physical?.[name]);
    const used = (name: string) => mb(heap.spaces[name]);
    console.log(
      `- ${m.suite.cases}: at exit, resident new space ${resident('new_space')} MiB (used ${used('new_space')}), ` +
        `old space ${resident('old_space')} MiB (used ${used('old_space')}), large objects ${resident('large_object_space')} MiB, code ${resident('code_space')} MiB`,
    );
  }
}

function printGrowth(results: readonly Measured[]): void {
  const sorted = [...results].filter((m) => m.run.peakRssBytes !== null).sort((a, b) => a.suite.cases - b.suite.cases);
  const small = sorted[0];
  const large = sorted.at(-1);
  if (!small || !large || small === large) return;
  const extra = large.suite.cases - small.suite.cases;
  const perCase = ((large.run.peakRssBytes ?? 0) - (small.run.peakRssBytes ?? 0)) / extra / 1024;
  const reportPerCase = ((large.run.reportBytes ?? 0) - (small.run.reportBytes ?? 0)) / extra / 1024;
  console.log(`\nGrowth ${small.suite.cases} -> ${large.suite.cases} cases: peak RSS +${perCase.toFixed(1)} KB per case, report +${reportPerCase.toFixed(2)} KB per case`);
}

function printTarget(results: readonly Measured[]): void {
  const at = results.find((m) => m.suite.cases === TARGET_CASES);
  if (!at) {
    console.log(`\ntarget (harness peak RSS < ${TARGET_RSS_MB} MiB at ${TARGET_CASES} cases): not judged, no ${TARGET_CASES}-case run`);
    return;
  }
  const peak = at.run.peakRssBytes;
  const verdict = peak === null ? 'unknown (no measurement)' : peak / MiB < TARGET_RSS_MB ? 'met' : 'NOT met';
  console.log(`\ntarget harness peak RSS < ${TARGET_RSS_MB} MiB at ${TARGET_CASES} cases: ${verdict} (${mb(peak)} MiB)`);
}

const results: Measured[] = [];
for (const count of sizes()) results.push(await measure(count));
printMain(results);
printPhases(results);
printSpaces(results);
printGrowth(results);
printTarget(results);

// `npm run bench` records the main table (bench/results.json, rendered into the docs by scripts/docs-facts.ts).
const record = process.env['DME_BENCH_SCALE_OUT'];
if (record) {
  const rows = results.map((m) => ({
    cases: m.suite.cases,
    wallS: m.run.wallMs / 1000,
    casesPerS: m.suite.cases / (m.run.wallMs / 1000),
    peakRssMiB: m.run.peakRssBytes === null ? null : m.run.peakRssBytes / MiB,
    reportMiB: m.run.reportBytes === null ? null : m.run.reportBytes / MiB,
  }));
  writeFileSync(record, JSON.stringify(rows));
}

const keep = process.env['DME_SCALE_KEEP'] === '1';
for (const m of results) {
  if (keep || m.run.exitCode !== 0) console.log(`- kept ${m.dir} (suite, r.json, stderr.log, probe.json)`);
  else rmSync(m.dir, { recursive: true, force: true });
}
if (results.some((m) => m.run.exitCode !== 0 || m.errors !== 0)) process.exitCode = 1;
