/**
 * Per-case results -> the summary metrics and breakdowns of the report, keyed by the
 * metric ids of catalog.ts. Means are macro averages: every case weighs the same.
 */
import { bootstrapQuantileCis } from '../stats/index.ts';
import { metricsAt, type Breakdown, type CaseResult, type LatencySummary, type MetricCount, type MetricValues, type Report, type RunSummary } from '../model/report.ts';
import { groupBy } from '../shared/group-by.ts';
import { meanOf, summarizeLatency } from '../retrieval/metrics/index.ts';
import { evaluatorFailed } from './evaluator-failures.ts';
import { taskMetrics } from './task-metrics.ts';

/** The @k means at every cutoff, then the cutoff-free ones (R-precision, facet precision, rounds). */
function qualityMetrics(all: readonly CaseResult[], cutoffs: readonly number[]): MetricValues {
  const results = all.filter((r) => r.kind === 'retrieval');
  if (results.length === 0) return {};
  const scored = results.map((r) => r.metrics).filter((m) => m !== undefined);
  const facetJudged = scored.map((m) => m.facetClean).filter((v) => v !== null);
  const metrics: MetricValues = {};
  for (const k of cutoffs) {
    const at = scored.map((m) => metricsAt(m, k)).filter((m) => m !== undefined);
    metrics[`mrr@${k}`] = meanOf(at.map((m) => m.reciprocalRank));
    metrics[`ndcg@${k}`] = meanOf(at.map((m) => m.ndcg));
    metrics[`map@${k}`] = meanOf(at.map((m) => m.averagePrecision ?? 0));
    metrics[`recall@${k}`] = meanOf(at.map((m) => m.recall));
    metrics[`precision@${k}`] = meanOf(at.map((m) => m.precision));
    metrics[`hit@${k}`] = meanOf(at.map((m) => m.hit));
  }
  metrics['rprec'] = meanOf(scored.map((m) => m.rPrecision ?? 0));
  metrics['facet.precision'] = meanOf(facetJudged.map((clean) => (clean ? 1 : 0)));
  metrics['rounds.mean'] = meanOf(scored.map((m) => m.rounds));
  return metrics;
}

/**
 * Answer quality: pass rate (every validation passed; an errored case fails), the mean
 * aggregate score and the mean of each criterion. Errored cases (the server's failure)
 * score 0 like an empty ranking, so breaking answers never raises a mean. Cases we could
 * not judge (an evaluator failed: our failure, not the server's) are left out of the
 * score and criterion means, and `counts` says over how many cases each mean is.
 */
export function answerMetrics(all: readonly CaseResult[]): { metrics: MetricValues; counts: Record<string, MetricCount> } {
  const results = all.filter((r) => r.kind === 'answer');
  if (results.length === 0) return { metrics: {}, counts: {} };
  const of = results.length;
  // An answer that never came is the server's failure (0); an answer we could not judge is left out.
  const scores = results.flatMap((r) => (!r.answer ? [0] : r.answer.score === null ? [] : [r.answer.score]));
  const metrics: MetricValues = {
    // A case asked N times counts the share of its answers that passed.
    'answer.pass_rate': meanOf(results.map((r) => r.answer?.repeats?.passRate ?? (r.answer?.passed ? 1 : 0))),
    'answer.score': meanOf(scores),
  };
  const counts: Record<string, MetricCount> = { 'answer.score': { n: scores.length, of } };
  const names = [...new Set(results.flatMap((r) => Object.keys(r.answer?.criteria ?? {})))].sort();
  for (const name of names) {
    const values = results.map((r) => r.answer?.criteria[name]).filter((v): v is number => typeof v === 'number');
    metrics[`criterion.${name}`] = meanOf(values);
    counts[`criterion.${name}`] = { n: values.length, of };
  }
  metrics['evaluator.errors'] = results.filter((r) => evaluatorFailed(r)).length;
  // Seed 000's average confidence: over the cases whose answer reported one (n says how many).
  const confidences = results.map((r) => r.answer?.confidence).filter((v): v is number => typeof v === 'number');
  metrics['answer.confidence'] = meanOf(confidences);
  counts['answer.confidence'] = { n: confidences.length, of };
  return { metrics, counts };
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
  const answers = answerMetrics(results);
  const tasks = taskMetrics(results);
  const counts = { ...answers.counts, ...tasks.counts };
  return {
    cases: results.length,
    ok: results.length - errors - notRun,
    errors,
    notRun,
    metrics: { ...qualityMetrics(results, cutoffs), ...answers.metrics, ...tasks.metrics, ...latencyMetrics(results), errors: errors + notRun },
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
    .map(([key, group]) => ({
      key,
      cases: group.length,
      ...(group.some((r) => r.kind === 'answer') ? { answerCases: group.filter((r) => r.kind === 'answer').length } : {}),
      ...(group.some((r) => r.kind === 'task') ? { taskCases: group.filter((r) => r.kind === 'task').length } : {}),
      metrics: { ...qualityMetrics(group, cutoffs), ...answerMetrics(group).metrics, ...taskMetrics(group).metrics, 'search.p50': summarizeLatency(group.flatMap((r) => r.latency.search))?.p50 ?? null },
    }));
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
