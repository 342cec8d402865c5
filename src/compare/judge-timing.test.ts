/**
 * Timing and memory verdicts on fixed, seeded samples: measured only from the same job
 * and the same machine, called real only beyond the minimum effect, indicative otherwise.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { report, type ReportOverrides } from '../../test/support/reports.ts';
import { comparabilityNotes } from '../publish/markdown/render-delta.ts';
import { compareReports } from './compare-reports.ts';
import { seededRng } from '../stats/random.ts';

const CASES = 40;
const REPS = 5;

/** Per case: a base latency between 1 and 3 ms, each repetition with ±10% uniform noise. */
function latencies(seed: number, factor: number): number[][] {
  const rng = seededRng(seed);
  const base = Array.from({ length: CASES }, (_, i) => 1 + (2 * i) / CASES);
  return base.map((ms) => Array.from({ length: REPS }, () => ms * factor * (0.9 + 0.2 * rng.next())));
}

function run(seed: number, factor: number, overrides: ReportOverrides = {}, rssFactor = 1) {
  const rng = seededRng(seed + 1);
  const rss = Array.from({ length: 30 }, () => 80e6 * rssFactor * (0.99 + 0.02 * rng.next()));
  return report(
    latencies(seed, factor).map((searchMs, i) => ({ id: `c${i}`, ranked: ['x'], relevant: [{ id: 'x', grade: 1 }], searchMs })),
    { rssSamples: rss, buildMs: 300 * factor, ...overrides },
  );
}

const base = { sameJob: { id: 'job-1', role: 'base' as const } };
const head = { sameJob: { id: 'job-1', role: 'head' as const } };
const row = (cmp: ReturnType<typeof compareReports>, id: string) => cmp.rows.find((r) => r.id === id)!;

describe('timing verdicts', () => {
  it('same job: a 15% slowdown is worse, measured, with the ratio CI above 1.05 and the slowed cases named', () => {
    const cmp = compareReports(run(1, 1, base), run(2, 1.15, head));
    assert.equal(cmp.sameJob, true);
    const p50 = row(cmp, 'search.p50');
    assert.equal(p50.verdict, 'worse');
    assert.equal(p50.indicative, false);
    assert.ok(p50.evidence?.kind === 'ratio');
    assert.ok(p50.evidence.ci.lower > 1.05, `CI ${p50.evidence.ci.lower}`);
    assert.ok(p50.evidence.ratio > 1.1 && p50.evidence.ratio < 1.2, `ratio ${p50.evidence.ratio}`);
    assert.equal(p50.evidence.nBaseline, CASES * REPS);
    assert.ok(p50.evidence.mannWhitneyP !== null);
    assert.ok((p50.cases?.length ?? 0) > 0, 'the most slowed cases are named');
    assert.equal(cmp.counts.worse >= 1, true);
  });

  it('same job: a 2% change is within noise, whatever its sign', () => {
    for (const factor of [1.02, 0.98]) {
      const p50 = row(compareReports(run(3, 1, base), run(4, factor, head)), 'search.p50');
      assert.equal(p50.verdict, 'noise', `factor ${factor}: ${p50.basis}`);
      assert.equal(p50.indicative, false);
    }
  });

  it('same job: a 15% speed-up is better', () => {
    assert.equal(row(compareReports(run(5, 1, base), run(6, 0.85, head)), 'search.p50').verdict, 'better');
  });

  it('honours a per-metric minimum effect', () => {
    const cmp = compareReports(run(1, 1, base), run(2, 1.15, head), { stats: { minEffectFor: { 'search.p50': 0.3 } } });
    assert.equal(row(cmp, 'search.p50').verdict, 'noise');
  });

  it('same job: memory is judged on the RSS trace', () => {
    const cmp = compareReports(run(7, 1, base), run(8, 1, head, 1.2));
    const rss = row(cmp, 'rss.peak');
    assert.equal(rss.verdict, 'worse');
    assert.ok(rss.evidence?.kind === 'ratio');
    assert.match(rss.evidence.statistic, /RSS/);
  });

  it('same job: one build each is too few samples for a CI, so the build row is indicative', () => {
    const build = row(compareReports(run(1, 1, base), run(2, 1.15, head)), 'build.ms');
    assert.equal(build.indicative, true);
    assert.match(build.basis, /1 sample\(s\) per side/);
  });

  it('does not judge a statistic its samples cannot support: p99 of 200 calls, medians of 5 cases', () => {
    const cmp = compareReports(run(1, 1, base), run(2, 1.3, head));
    const p99 = row(cmp, 'search.p99');
    assert.equal(p99.indicative, true);
    assert.match(p99.basis, /200 sample\(s\) per side, too few for a CI of this statistic \(need 2000\)/);
    const few = (factor: number, over: ReportOverrides) =>
      report(latencies(9, factor).slice(0, 5).map((searchMs, i) => ({ id: `c${i}`, ranked: ['x'], relevant: [{ id: 'x', grade: 1 }], searchMs: [...searchMs, ...searchMs, ...searchMs, ...searchMs, ...searchMs] })), over);
    const p50 = row(compareReports(few(1, base), few(1.3, head)), 'search.p50');
    assert.equal(p50.indicative, true);
    assert.match(p50.basis, /5 case\(s\) on both sides, too few for a verdict \(need 10\)/);
  });

  it('another job, or another machine: threshold only, indicative, never counted', () => {
    const otherJob = compareReports(run(1, 1, base), run(2, 1.15, { sameJob: { id: 'job-2', role: 'head' } }));
    assert.equal(otherJob.sameJob, false);
    assert.equal(row(otherJob, 'search.p50').indicative, true);
    assert.match(row(otherJob, 'search.p50').basis, /another run/);
    const otherMachine = compareReports(run(1, 1, base), run(2, 1.15, { ...head, environment: { cpuModel: 'Other CPU' } }));
    assert.equal(otherMachine.sameJob, false, 'a same-job id from another machine is not trusted');
    assert.match(row(otherMachine, 'search.p50').basis, /another machine/);
    assert.equal(otherMachine.counts.worse, 0);
  });

  it('says how a same-job run sampled: repetitions, why that many, and the servers\' CPUs', () => {
    const current = run(2, 1.15, head);
    current.settings.repetitions = 12;
    current.settings.sampling = { minRepetitions: 5, maxRepetitions: 20, settled: true, rows: [{ id: 'search.p50', halfWidth: 0.018, target: 0.02, cases: 40 }] };
    current.settings.serverCpus = '1';
    const cmp = compareReports(run(1, 1, base), current);
    assert.deepEqual(cmp.sampling, { repetitions: 12, adaptive: current.settings.sampling, serverCpus: '1' });
    assert.ok(
      comparabilityNotes(cmp).includes(
        '> Same job: 12 repetitions per case (adaptive, 5–20: until the latency CIs were within target (widest: search.p50 ±1.8% ≤ ±2.0%)); both servers on CPU 1.',
      ),
    );
    assert.equal(compareReports(run(1, 1, base), run(2, 1.15, { sameJob: { id: 'job-2', role: 'head' } })).sampling, undefined, 'only a same-job comparison has one');
  });

  it('gives the same verdicts and intervals every time (seeded)', () => {
    const a = compareReports(run(1, 1, base), run(2, 1.15, head));
    const b = compareReports(run(1, 1, base), run(2, 1.15, head));
    assert.deepEqual(row(a, 'search.p95').evidence, row(b, 'search.p95').evidence);
  });
});
