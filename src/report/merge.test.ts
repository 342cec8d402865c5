/** Tests of merging shard reports: the merge equals one run over all cases, and every mismatch is refused. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { report, type CaseSpec, type ReportOverrides } from '../../test/support/reports.ts';
import { shardCases } from '../suite/shard.ts';
import { MergeError, mergeReports } from './merge.ts';
import type { Report } from '../model/report.ts';

const SPECS: CaseSpec[] = [
  { id: 'c-auth', ranked: ['a', 'b'], relevant: [{ id: 'a', grade: 2 }], category: 'lexical', searchMs: [12, 14] },
  { id: 'a-retry', ranked: ['x', 'y', 'r'], relevant: [{ id: 'r', grade: 1 }], category: 'intent', searchMs: [30] },
  { id: 'e-none', ranked: ['x'], relevant: [{ id: 'q', grade: 1 }], category: 'intent', searchMs: [8, 9, 50] },
  { id: 'b-page', ranked: ['p2', 'p1'], relevant: [{ id: 'p1', grade: 1 }, { id: 'p2', grade: 1 }], category: 'paraphrased', searchMs: [21] },
  { id: 'd-broken', ranked: [], relevant: [{ id: 'z', grade: 1 }], category: 'lexical', status: 'error', searchMs: [] },
];

function shardReport(specs: CaseSpec[], index: number, count: number, overrides: ReportOverrides = {}): Report {
  const r = report(specs, overrides);
  r.shard = { index, count };
  return r;
}

/** The SPECS split as `--shard i/3` would split them. */
function shards(overrides: (index: number) => ReportOverrides = () => ({})): Report[] {
  return [1, 2, 3].map((index) => shardReport(shardCases(SPECS, { index, count: 3 }), index, 3, overrides(index)));
}

function problemsOf(reports: Report[]): string[] {
  try {
    mergeReports(reports);
  } catch (err) {
    assert.ok(err instanceof MergeError, String(err));
    assert.equal(err.name, 'MergeError');
    for (const p of err.problems) assert.ok(err.message.includes(p));
    return [...err.problems];
  }
  assert.fail('expected a MergeError');
}

describe('mergeReports', () => {
  it('gives the metrics of one report over all the cases', () => {
    const parts = shards();
    assert.ok(parts.every((p) => p.cases.length < SPECS.length), 'the split should spread the cases');
    const merged = mergeReports(parts);
    const whole = report(SPECS);
    assert.deepEqual(merged.summary, whole.summary);
    assert.deepEqual(merged.breakdowns, whole.breakdowns);
    assert.equal(merged.summary.metrics['mrr@5'], whole.summary.metrics['mrr@5']);
    assert.equal(merged.summary.errors, 1);
    assert.deepEqual(merged.cases.map((c) => c.id), ['a-retry', 'b-page', 'c-auth', 'd-broken', 'e-none']);
    assert.deepEqual(merged.cases, [...whole.cases].sort((a, b) => (a.id < b.id ? -1 : 1)));
    assert.equal(merged.dataset.cases, 5);
    assert.deepEqual({ ...merged.dataset, cases: 0 }, { ...whole.dataset, cases: 0 });
    assert.equal(merged.shard, undefined);
    assert.equal('shard' in merged, false);
  });

  it('does not depend on the order of the inputs', () => {
    assert.deepEqual(mergeReports([...shards()].reverse()), mergeReports(shards()));
  });

  it('merges a lone 1/1 shard into the plain report', () => {
    const merged = mergeReports([shardReport(SPECS, 1, 1)]);
    // The merge orders cases by id; the whole report built in that order is the same report.
    const whole = report([...SPECS].sort((a, b) => (a.id < b.id ? -1 : 1)));
    assert.deepEqual(merged, whole);
  });

  it('keeps the slowest build, the highest memory peak and the latest time', () => {
    const parts = shards((i) => ({ buildMs: [500, 900, 700][i - 1]!, rssSamples: [[10, 40], [10, 90, 20], [60]][i - 1]! }));
    parts[1]!.createdAt = '2026-01-03T00:00:00.000Z';
    parts[2]!.createdAt = '2026-01-02T00:00:00.000Z';
    const merged = mergeReports(parts);
    assert.equal(merged.build?.ms, 900);
    assert.equal(merged.memory?.peakBytes, 90);
    assert.deepEqual(merged.memory?.samples.map((s) => s.bytes), [10, 90, 20]);
    assert.equal(merged.createdAt, '2026-01-03T00:00:00.000Z');
  });

  it('omits build and memory when no shard has them', () => {
    const merged = mergeReports(shards());
    assert.equal('build' in merged, false);
    assert.equal('memory' in merged, false);
  });

  it("takes the server's stderr from the first shard whose server failed", () => {
    const parts = shards();
    parts.forEach((p, i) => (p.server = { stderrTail: `tail ${i + 1}`, exitCode: 0, exitSignal: null }));
    assert.equal(mergeReports(parts).server.stderrTail, 'tail 1');
    parts[2]!.server = { stderrTail: 'crashed', exitCode: 1, exitSignal: null };
    parts[1]!.server = { stderrTail: 'killed', exitCode: null, exitSignal: 'SIGKILL' };
    assert.deepEqual(mergeReports(parts).server, { stderrTail: 'killed', exitCode: null, exitSignal: 'SIGKILL' });
  });

  it('takes environment, git, target and settings from the first shard, and drops sameJob', () => {
    const parts = shards((i) => ({ environment: { cpuModel: `CPU ${i}` }, sameJob: { id: `run-${i}`, role: 'head' } }));
    const merged = mergeReports(parts);
    assert.equal(merged.environment.cpuModel, 'CPU 1');
    assert.deepEqual(merged.git, parts[0]!.git);
    assert.deepEqual(merged.target, parts[0]!.target);
    assert.deepEqual(merged.settings, parts[0]!.settings);
    assert.equal('sameJob' in merged, false);
  });

  it('merges adaptive shards that stopped after different numbers of repetitions, keeping the most', () => {
    const parts = shards((i) => ({ sameJob: { id: `run-${i}`, role: 'head' } }));
    for (const [i, r] of parts.entries()) {
      r.settings.repetitions = [7, 20, 12][i]!;
      r.settings.sampling = { minRepetitions: 5, maxRepetitions: 20, settled: i !== 1, rows: [] };
    }
    const merged = mergeReports(parts);
    assert.equal(merged.settings.repetitions, 20);
    assert.equal('sampling' in merged.settings, false);
    parts[2]!.settings.sampling = { minRepetitions: 5, maxRepetitions: 30, settled: true, rows: [] };
    assert.match(problemsOf(parts).join('; '), /settings\.repetitions: "5–20 \(adaptive\)" .* vs "5–30 \(adaptive\)"/);
  });
});

describe('mergeReports refuses shards that do not belong together', () => {
  it('no reports', () => {
    assert.deepEqual(problemsOf([]), ['no reports to merge']);
  });

  it('a report that is not a shard', () => {
    const parts = shards();
    delete parts[1]!.shard;
    assert.ok(problemsOf(parts).some((p) => /report #2 is not a shard report/.test(p)));
  });

  it('a missing shard', () => {
    assert.deepEqual(problemsOf(shards().slice(0, 2)), ['shard 3/3 is missing']);
  });

  it('a shard twice (and its cases twice)', () => {
    const parts = shards();
    const problems = problemsOf([...parts, parts[0]!]);
    assert.ok(problems.includes('shard 1/3 appears 2 times'));
    for (const c of parts[0]!.cases) assert.ok(problems.includes(`case "${c.id}" appears more than once: in shard 1/3, shard 1/3`));
  });

  it('shards of different counts, or out of range', () => {
    const parts = shards();
    parts[2]!.shard = { index: 3, count: 4 };
    assert.deepEqual(problemsOf(parts), ['the shards disagree on the shard count: 1/3, 2/3, 3/4']);
    parts[2]!.shard = { index: 4, count: 3 };
    assert.deepEqual(problemsOf(parts), ['shard 4/3 is out of range', 'shard 3/3 is missing']);
  });

  it('a case id in two shards', () => {
    const parts = [shardReport([SPECS[0]!, SPECS[1]!], 1, 2), shardReport([SPECS[1]!, SPECS[2]!], 2, 2)];
    assert.deepEqual(problemsOf(parts), ['case "a-retry" appears more than once: in shard 1/2, shard 2/2']);
  });

  it('another dataset, dataset hash, tool version, settings or commit', () => {
    const cases: [string, (r: Report) => void, RegExp][] = [
      ['dataset name', (r) => (r.dataset.name = 'other suite'), /dataset name: "test suite" \(shard 1\/3, shard 2\/3\) vs "other suite" \(shard 3\/3\)/],
      ['hash', (r) => (r.dataset.hash = 'hash-b'), /full-dataset hash: "hash-a" .* vs "hash-b" \(shard 3\/3\)/],
      ['tool version', (r) => (r.tool.version = '9.9.9'), /tool version/],
      ['k', (r) => (r.settings.k = 10), /settings\.k: 5 .* vs 10/],
      ['repetitions', (r) => (r.settings.repetitions = 3), /settings\.repetitions: 1 .* vs 3/],
      ['timeout', (r) => (r.settings.timeoutMs = 5), /settings\.timeoutMs/],
      ['commit', (r) => (r.git.sha = 'fedcba'), /git commit/],
      ['same-job arm', (r) => (r.sameJob = { id: 'x', role: 'base', baseRef: 'main', baseSha: 'abc' }), /same-job arm/],
    ];
    for (const [what, change, expected] of cases) {
      const parts = shards();
      change(parts[2]!);
      const problems = problemsOf(parts);
      assert.equal(problems.length, 1, `${what}: ${problems.join('; ')}`);
      assert.match(problems[0]!, expected, what);
    }
  });

  it('lists every problem at once', () => {
    const parts = shards().slice(0, 2);
    parts[1]!.dataset.hash = 'hash-b';
    parts[1]!.settings.k = 3;
    parts[1]!.tool.version = '2.0.0';
    const problems = problemsOf(parts);
    assert.equal(problems.length, 4, problems.join('\n'));
    assert.match(problems[0]!, /shard 3\/3 is missing/);
  });
});
