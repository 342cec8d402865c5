/**
 * Per-case results -> the summary metrics and breakdowns of the report, keyed by the
 * metric ids of catalog.ts. Means are macro averages: every case weighs the same.
 */
import { bootstrapQuantileCis } from '../stats/index.ts';
import type { Breakdown, CaseResult, LatencySummary, MetricCount, MetricValues, MissingCause, Report, RunSummary } from '../model/report.ts';
import { caseOutcome } from './case-value.ts';
import { isPartial } from '../model/metric-count.ts';
import { groupBy } from '../shared/group-by.ts';
import { meanOf, summarizeLatency } from '../retrieval/metrics/index.ts';
import { evaluatorFailed } from './evaluator-failures.ts';
import { taskMetrics } from './task-metrics.ts';

/** A mean over the cases a metric applies to, and how many of them it is over, with why the rest are left out (case-value.ts). */
function meanWithCount(results: readonly CaseResult[], id: string): { mean: number | null; count: MetricCount } {
  const values: number[] = [];
  const missing: Partial<Record<MissingCause, number>> = {};
  let of = 0;
  for (const r of results) {
    const outcome = caseOutcome(r, id);
    if (outcome === undefined) continue;
    of++;
    if ('value' in outcome) values.push(outcome.value);
    else missing[outcome.missing] = (missing[outcome.missing] ?? 0) + 1;
  }
  return { mean: meanOf(values), count: { n: values.length, of, ...(values.length < of ? { missing } : {}) } };
}

interface Means {
  metrics: MetricValues;
  counts: Record<string, MetricCount>;
}

function meansOf(results: readonly CaseResult[], ids: readonly string[], into: Means): void {
  for (const id of ids) {
    const { mean, count } = meanWithCount(results, id);
    into.metrics[id] = mean;
    into.counts[id] = count;
  }
}

/** The @k means at every cutoff, then the cutoff-free ones (R-precision, facet precision, rounds). */
function qualityMetrics(all: readonly CaseResult[], cutoffs: readonly number[]): Means {
  const out: Means = { metrics: {}, counts: {} };
  const results = all.filter((r) => r.kind === 'retrieval');
  if (results.length === 0) return out;
  const ids = [...cutoffs.flatMap((k) => [`mrr@${k}`, `ndcg@${k}`, `map@${k}`, `recall@${k}`, `precision@${k}`, `hit@${k}`]), 'rprec', 'facet.precision', 'rounds.mean'];
  meansOf(results, ids, out);
  return out;
}

/**
 * Answer quality: pass rate (every validation passed; an errored case fails), the mean
 * aggregate score and the mean of each criterion. Errored cases (the server's failure)
 * score 0 like an empty ranking, so breaking answers never raises a mean. Cases we could
 * not judge (an evaluator failed, the budget: our failure, not the server's) and cases
 * that never ran are left out of the means, and `counts` says over how many cases each
 * mean is and why the rest are missing (case-value.ts).
 */
export function answerMetrics(all: readonly CaseResult[]): Means {
  const out: Means = { metrics: {}, counts: {} };
  const results = all.filter((r) => r.kind === 'answer');
  if (results.length === 0) return out;
  const names = [...new Set(results.flatMap((r) => Object.keys(r.answer?.criteria ?? {})))].sort();
  meansOf(results, ['answer.pass_rate', 'answer.score', ...names.map((name) => `criterion.${name}`)], out);
  out.metrics['evaluator.errors'] = results.filter((r) => evaluatorFailed(r)).length;
  // Seed 000's average confidence: over the cases whose answer reported one (n says how many).
  meansOf(results, ['answer.confidence'], out);
  return out;
}

function latencyMetrics(results: readonly CaseResult[]): MetricValues {
  const search = summarizeLatency(results.flatMap((r) => r.latency.search));
  const fetch = summarizeLatency(results.flatMap((r) => r.latency.fetch));
  return {
    'search.p50': search?.p50 ?? null,
    'search.p95': search?.p95 ?? null,
    'search.p99': search?.p99 ?? null,
    'fetch.p50': fetch?.p50 ?? null,
    'fetch.p95': fetch?.p95 ?? null,
    ...(results.some((r) => r.kind === 'answer') ? { 'answer.p50': summarizeLatency(results.flatMap((r) => r.latency.answer ?? []))?.p50 ?? null } : {}),
  };
}

/** Seeded so that the same samples always get the same intervals. */
const CI_OPTIONS = { seed: 20_070_101, draws: 2_000 } as const;

/** The run-level latency summary, with bootstrap CIs of p50 and p95 (read from the same resamples). */
function latencyWithCis(samples: readonly number[]): LatencySummary | null {
  const summary = summarizeLatency(samples);
  if (!summary || summary.n < 2) return summary;
  const [p50, p95] = bootstrapQuantileCis(samples, [0.5, 0.95], CI_OPTIONS);
  if (p50) summary.p50Ci = { lower: p50.lower, upper: p50.upper, level: p50.level };
  if (p95) summary.p95Ci = { lower: p95.lower, upper: p95.upper, level: p95.level };
  return summary;
}

export function summarize(results: readonly CaseResult[], cutoffs: readonly number[]): RunSummary {
  const errors = results.filter((r) => r.status === 'error').length;
  const notRun = results.filter((r) => r.status === 'not_run').length;
  const quality = qualityMetrics(results, cutoffs);
  const answers = answerMetrics(results);
  const tasks = taskMetrics(results);
  const counts = { ...quality.counts, ...answers.counts, ...tasks.counts };
  return {
    cases: results.length,
    ok: results.length - errors - notRun,
    errors,
    notRun,
    metrics: { ...quality.metrics, ...answers.metrics, ...tasks.metrics, ...latencyMetrics(results), errors: errors + notRun },
    ...(Object.keys(counts).length > 0 ? { counts } : {}),
    latency: {
      search: latencyWithCis(results.flatMap((r) => r.latency.search)),
      fetch: latencyWithCis(results.flatMap((r) => r.latency.fetch)),
      ...(results.some((r) => r.kind === 'answer') ? { answer: latencyWithCis(results.flatMap((r) => r.latency.answer ?? [])) } : {}),
      // The server's tools as the task agents called them: timed at the transport like every other call.
      ...(results.some((r) => r.kind === 'task') ? { agent: latencyWithCis(results.flatMap((r) => r.latency.agent ?? [])) } : {}),
    },
  };
}

function breakdown(results: readonly CaseResult[], cutoffs: readonly number[], keysOf: (r: CaseResult) => string[]): Breakdown[] {
  return [...groupBy(results, keysOf)]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, group]) => {
      const quality = qualityMetrics(group, cutoffs);
      const answers = answerMetrics(group);
      const tasks = taskMetrics(group);
      // Only the means over part of the group's cases carry their count: the rest are over all of them.
      const partial = Object.entries({ ...quality.counts, ...answers.counts, ...tasks.counts }).filter(([, c]) => isPartial(c));
      return {
        key,
        cases: group.length,
        ...(group.some((r) => r.kind === 'answer') ? { answerCases: group.filter((r) => r.kind === 'answer').length } : {}),
        ...(group.some((r) => r.kind === 'task') ? { taskCases: group.filter((r) => r.kind === 'task').length } : {}),
        metrics: { ...quality.metrics, ...answers.metrics, ...tasks.metrics, 'search.p50': summarizeLatency(group.flatMap((r) => r.latency.search))?.p50 ?? null },
        ...(partial.length > 0 ? { counts: Object.fromEntries(partial) } : {}),
      };
    });
}

export function breakdowns(results: readonly CaseResult[], cutoffs: readonly number[]): Report['breakdowns'] {
  const out: Report['breakdowns'] = {
    category: breakdown(results, cutoffs, (r) => [r.category]),
    difficulty: breakdown(results, cutoffs, (r) => (r.difficulty ? [r.difficulty] : ['unspecified'])),
    tag: breakdown(results, cutoffs, (r) => r.tags),
  };
  const answers = results.filter((r) => r.kind === 'answer');
  if (answers.length > 0) {
    out.tool = breakdown(answers, cutoffs, (r) => [r.tool ?? 'unknown']);
    out.project = breakdown(answers, cutoffs, (r) => [r.project ?? 'unspecified']);
  }
  return out;
}
