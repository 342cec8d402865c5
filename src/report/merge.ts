/**
 * Merging the shard reports of one run (a CI matrix, each job `--shard i/n`) into one
 * report that compares and renders like any other. The shards are checked to belong
 * together first, and every problem is listed at once, so a broken matrix is fixed in
 * one go. The summary and breakdowns are recomputed from all the cases (macro means and
 * latency percentiles do not combine from per-shard aggregates).
 */
import { breakdowns, summarize } from './summarize.ts';
import { assessHealth, DEFAULT_HEALTH_POLICY } from './health.ts';
import { mergeJudging } from './judging-summary.ts';
import { taskSummary } from './task-summary.ts';
import { cutoffsOf, type CaseResult, type Report } from '../model/report.ts';

export class MergeError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`cannot merge the shard reports:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'MergeError';
    this.problems = problems;
  }
}

/** How a report is named in problems: its shard, else its position in the input. */
function label(report: Report, position: number): string {
  return report.shard ? `shard ${report.shard.index}/${report.shard.count}` : `report #${position + 1}`;
}

/** One problem when the reports disagree on a value, naming each distinct value and who has it. */
function sameValue(reports: readonly Report[], what: string, valueOf: (r: Report) => unknown): string[] {
  const byValue = new Map<string, string[]>();
  reports.forEach((r, i) => {
    const key = JSON.stringify(valueOf(r)) ?? 'undefined';
    byValue.set(key, [...(byValue.get(key) ?? []), label(r, i)]);
  });
  if (byValue.size <= 1) return [];
  const listed = [...byValue].map(([value, who]) => `${value} (${who.join(', ')})`).join(' vs ');
  return [`the shards differ in ${what}: ${listed}`];
}

/** Every shard of one count present exactly once. */
function shardProblems(reports: readonly Report[]): string[] {
  const problems: string[] = [];
  reports.forEach((r, i) => {
    if (!r.shard) problems.push(`${label(r, i)} is not a shard report (it has no "shard" field)`);
  });
  const sharded = reports.filter((r) => r.shard !== undefined);
  const counts = new Set(sharded.map((r) => r.shard!.count));
  if (counts.size > 1) {
    problems.push(`the shards disagree on the shard count: ${sharded.map((r) => `${r.shard!.index}/${r.shard!.count}`).join(', ')}`);
    return problems;
  }
  const [count] = counts;
  if (count === undefined) return problems;
  const seen = new Map<number, number>();
  for (const r of sharded) seen.set(r.shard!.index, (seen.get(r.shard!.index) ?? 0) + 1);
  for (const [index, times] of [...seen].sort(([a], [b]) => a - b)) {
    if (index < 1 || index > count || !Number.isInteger(index)) problems.push(`shard ${index}/${count} is out of range`);
    else if (times > 1) problems.push(`shard ${index}/${count} appears ${times} times`);
  }
  for (let index = 1; index <= count; index++) if (!seen.has(index)) problems.push(`shard ${index}/${count} is missing`);
  return problems;
}

/** No case id in two shards (or twice in one). */
function duplicateCaseProblems(reports: readonly Report[]): string[] {
  const where = new Map<string, string[]>();
  reports.forEach((r, i) => {
    for (const c of r.cases) where.set(c.id, [...(where.get(c.id) ?? []), label(r, i)]);
  });
  return [...where]
    .filter(([, who]) => who.length > 1)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, who]) => `case "${id}" appears more than once: in ${who.join(', ')}`);
}

/** What a shard planned: its repetitions, or for an adaptive same-job run its range. */
function plannedRepetitions(r: Report): number | string {
  const s = r.settings.sampling;
  return s ? `${s.minRepetitions}–${s.maxRepetitions} (adaptive)` : r.settings.repetitions;
}

/** The first shard's settings, with the most repetitions any shard made; per-shard sampling details are not carried. */
function mergedSettings(reports: readonly Report[]): Report['settings'] {
  const { sampling: _perShard, ...settings } = reports[0]!.settings;
  return { ...settings, repetitions: Math.max(...reports.map((r) => r.settings.repetitions)) };
}

/** Every reason the reports cannot be merged; empty when they can. */
export function mergeProblems(reports: readonly Report[]): string[] {
  if (reports.length === 0) return ['no reports to merge'];
  return [
    ...shardProblems(reports),
    ...sameValue(reports, 'the schema version', (r) => r.schemaVersion),
    ...sameValue(reports, 'the tool version', (r) => r.tool.version),
    ...sameValue(reports, 'the dataset name', (r) => r.dataset.name),
    ...sameValue(reports, 'the full-dataset hash', (r) => r.dataset.hash),
    // Every setting that changes what is measured: k, repetitions, warm-up, timeout. The
    // shuffle seed only orders calls within a job, so shards may (and by default do) differ.
    ...sameValue(reports, 'settings.k', (r) => {
      const cutoffs = cutoffsOf(r.settings);
      return cutoffs.length === 1 ? cutoffs[0] : cutoffs.join(',');
    }),
    // Adaptive (same-job) shards stop after different numbers of repetitions by design: what must match is the plan.
    ...sameValue(reports, 'settings.repetitions', plannedRepetitions),
    ...sameValue(reports, 'settings.warmup', (r) => r.settings.warmup),
    ...sameValue(reports, 'settings.timeoutMs', (r) => r.settings.timeoutMs),
    ...sameValue(reports, 'settings.blockSize', (r) => r.settings.blockSize),
    ...sameValue(reports, 'the git commit', (r) => r.git.sha),
    // A same-job run's base and head arms are separate reports: merge each arm on its own.
    ...sameValue(reports, 'the same-job arm', (r) => r.sameJob?.role),
    // Task numbers from different agents (or with and without the uplift arm) do not add up; a shard that drew no task case has no agent to differ.
    ...sameValue(
      reports.filter((r) => r.tasks !== undefined),
      'the agent',
      (r) => ({ ...r.tasks!.agent, withoutDocs: r.tasks!.withoutDocs }),
    ),
    ...duplicateCaseProblems(reports),
  ];
}

function serverExitedBadly(server: Report['server']): boolean {
  return (typeof server.exitCode === 'number' && server.exitCode !== 0) || (typeof server.exitSignal === 'string' && server.exitSignal !== '');
}

/** The report with the largest value, the first one on ties; undefined when none has it. */
function maxBy<T>(reports: readonly Report[], pick: (r: Report) => T | undefined, size: (t: T) => number): T | undefined {
  let best: T | undefined;
  for (const r of reports) {
    const value = pick(r);
    if (value !== undefined && (best === undefined || size(value) > size(best))) best = value;
  }
  return best;
}

const byId = (a: CaseResult, b: CaseResult): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * One report over all the shards' cases. Throws MergeError listing every problem when
 * the reports are not exactly the n shards of one run of one suite.
 */
export function mergeReports(reports: readonly Report[]): Report {
  const problems = mergeProblems(reports);
  if (problems.length > 0) throw new MergeError(problems);
  const first = reports[0]!;
  const k = first.settings.k;
  // Sorted by id (code-unit order, locale-independent) so the merge does not depend on the order of the inputs.
  const cases = reports.flatMap((r) => r.cases).sort(byId);
  const errored = reports.find((r) => serverExitedBadly(r.server));
  const merged: Report = {
    schemaVersion: first.schemaVersion,
    tool: first.tool,
    // The latest: the merged result exists only once its last shard finished.
    createdAt: reports.map((r) => r.createdAt).reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a)),
    git: first.git,
    // The shards may have run on different runners; the first one's stands for all.
    environment: first.environment,
    target: first.target,
    dataset: { ...first.dataset, cases: cases.length },
    settings: mergedSettings(reports),
    // A failed server exit in any shard must not be hidden behind the first shard's clean one.
    server: (errored ?? first).server,
    health: assessHealth(cases, k, first.health?.policy ?? DEFAULT_HEALTH_POLICY),
    summary: summarize(cases, cutoffsOf(first.settings)),
    breakdowns: breakdowns(cases, cutoffsOf(first.settings)),
    cases,
  };
  // The index build runs once per job, in parallel across the matrix: the slowest
  // shard's build is what bounds the run's wall time, so it stands for the run.
  const build = maxBy(reports, (r) => r.build, (b) => b.ms);
  if (build) merged.build = build;
  // RSS is per job (each shard starts its own server): the merged memory is the worst
  // shard's, with that shard's trace, never a sum (the servers ran on different machines).
  const memory = maxBy(reports, (r) => r.memory, (m) => m.peakBytes);
  if (memory) merged.memory = memory;
  // Judging is paid per shard: the merged run cost the sum.
  const judging = mergeJudging(reports.map((r) => r.judging));
  if (judging) merged.judging = judging;
  // The task block is rebuilt over all the shards' task cases (the uplift's test needs every pair); skipped tasks are listed from every shard.
  const withTasks = reports.filter((r) => r.tasks !== undefined);
  if (withTasks.length > 0) {
    const { agent, withoutDocs, budget } = withTasks[0]!.tasks!;
    const skipped = withTasks.flatMap((r) => (r.tasks!.skipped ? [r.tasks!.skipped] : []));
    merged.tasks = taskSummary({ agent, withoutDocs, ...(budget ? { budget } : {}), ...(skipped.length > 0 ? { skipped: { reason: skipped[0]!.reason, cases: skipped.flatMap((s) => s.cases).sort() } } : {}) }, cases);
  }
  // sameJob is dropped: its id pairs one job's base and head arms, and a merged arm spans
  // n jobs, so the merged reports are compared as two ordinary reports. shard is dropped too.
  return merged;
}
