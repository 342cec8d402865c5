/**
 * Every summary metric the report carries, with the one fact compare and render
 * need to treat it right: which direction is better. Ids embed k (`mrr@5`), so two
 * reports run at different cutoffs simply share the rows of the cutoffs both have.
 */

export type MetricGroup = 'quality' | 'latency' | 'memory' | 'build' | 'health' | 'agent';
/** `number`: a mean of counts (turns, tool calls); `tokens`; `usd`. */
export type MetricUnit = 'ratio' | 'ms' | 'bytes' | 'rounds' | 'count' | 'number' | 'tokens' | 'usd';

export interface MetricDef {
  id: string;
  label: string;
  better: 'higher' | 'lower';
  unit: MetricUnit;
  group: MetricGroup;
  /** Deterministic for a deterministic server: any change is a real change. */
  deterministic: boolean;
  /** One measured value per run, no samples (the index size): a change beyond this relative band is real, within it is not called. */
  exactBand?: number;
}

function quality(id: string, label: string, better: 'higher' | 'lower' = 'higher', unit: MetricUnit = 'ratio'): MetricDef {
  return { id, label, better, unit, group: 'quality', deterministic: true };
}

function latency(id: string, label: string): MetricDef {
  return { id, label, better: 'lower', unit: 'ms', group: 'latency', deterministic: false };
}

/** What a task run costs (turns, calls, tokens, money, time): judged on the interval of the paired mean difference, never as exact. */
function agent(id: string, label: string, unit: MetricUnit): MetricDef {
  return { id, label, better: 'lower', unit, group: 'agent', deterministic: false };
}

/**
 * Task cases (model/task.ts): pass rates are per task (over its judged runs), then the mean
 * over tasks; pass^k and pass@k per task over its k runs; the cost rows are per-task means
 * (duration: the median run). `tools`: the tools the reports saw called (`task.tool_calls.<tool>` rows).
 */
export function taskMetrics(tools: readonly string[] = []): MetricDef[] {
  return [
    quality('task.pass_rate', 'Task pass rate'),
    quality('task.pass_rate.without_docs', 'Task pass rate without docs'),
    quality('task.uplift', 'Task uplift (with − without docs)'),
    quality('task.pass_hat_k', 'Task pass^k'),
    quality('task.pass_at_k', 'Task pass@k'),
    quality('task.activation', 'Task docs activation'),
    agent('task.turns', 'Task turns (mean)', 'number'),
    agent('task.tool_calls', 'Task tool calls (mean)', 'number'),
    ...tools.map((tool) => agent(`task.tool_calls.${tool}`, `Task calls: ${tool}`, 'number')),
    agent('task.tokens', 'Task tokens (mean)', 'tokens'),
    agent('task.cost', 'Task cost (mean)', 'usd'),
    agent('task.duration', 'Task duration p50', 'ms'),
  ];
}

/** Tool names found in a report's summary (`task.tool_calls.<tool>` keys). */
export function taskToolsIn(metrics: Record<string, unknown>): string[] {
  return Object.keys(metrics).filter((id) => id.startsWith('task.tool_calls.')).map((id) => id.slice('task.tool_calls.'.length));
}

/** The @k rows of one cutoff. */
function atCutoff(k: number): MetricDef[] {
  return [
    quality(`mrr@${k}`, `MRR@${k}`),
    quality(`ndcg@${k}`, `NDCG@${k}`),
    quality(`map@${k}`, `MAP@${k}`),
    quality(`recall@${k}`, `Recall@${k}`),
    quality(`precision@${k}`, `Precision@${k}`),
    quality(`hit@${k}`, `Hit@${k}`),
  ];
}

/**
 * `cutoffs`: the run's metric cutoffs (one or several: `k: 1,5,10`), each with its @k rows.
 * `criteria`: the evaluation criteria names the reports carry (`criterion.<name>` rows).
 * `tools`: the tools task runs called (`task.tool_calls.<tool>` rows).
 * Answer metrics are treated as deterministic like retrieval ones: right for a
 * deterministic server; for an LLM-backed tool, run repetitions.
 */
export function metricCatalog(cutoffs: number | readonly number[], criteria: readonly string[] = [], tools: readonly string[] = []): MetricDef[] {
  const ks = typeof cutoffs === 'number' ? [cutoffs] : cutoffs;
  return [
    ...ks.flatMap(atCutoff),
    quality('rprec', 'R-precision'),
    quality('facet.precision', 'Facet precision'),
    quality('rounds.mean', 'Avg rounds to right doc', 'lower', 'rounds'),
    quality('answer.pass_rate', 'Answer pass rate'),
    quality('answer.score', 'Answer score'),
    ...criteria.map((name) => quality(`criterion.${name}`, `Criterion: ${name}`)),
    ...taskMetrics(tools),
    latency('search.p50', 'Search p50'),
    latency('search.p95', 'Search p95'),
    latency('search.p99', 'Search p99'),
    latency('fetch.p50', 'Fetch p50'),
    latency('fetch.p95', 'Fetch p95'),
    latency('answer.p50', 'Answer p50'),
    { id: 'build.ms', label: 'Index build', better: 'lower', unit: 'ms', group: 'build', deterministic: false },
    // A build writes the same bytes for the same input, give or take a timestamp: 1% is not called a change.
    { id: 'index.bytes', label: 'Index size', better: 'lower', unit: 'bytes', group: 'build', deterministic: true, exactBand: 0.01 },
    { id: 'rss.peak', label: 'Peak RSS', better: 'lower', unit: 'bytes', group: 'memory', deterministic: false },
    { id: 'errors', label: 'Errored cases', better: 'lower', unit: 'count', group: 'health', deterministic: true },
    { id: 'evaluator.errors', label: 'Cases an evaluator failed on', better: 'lower', unit: 'count', group: 'health', deterministic: true },
  ];
}

/** Criterion names found in a report's summary (`criterion.<name>` keys). */
export function criteriaIn(metrics: Record<string, unknown>): string[] {
  return Object.keys(metrics).filter((id) => id.startsWith('criterion.')).map((id) => id.slice('criterion.'.length));
}

export function metricDef(catalog: readonly MetricDef[], id: string): MetricDef | undefined {
  return catalog.find((m) => m.id === id);
}
