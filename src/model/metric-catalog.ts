/**
 * Every summary metric the report carries, with the one fact compare and render
 * need to treat it right: which direction is better. Ids embed k (`mrr@5`), so two
 * reports run at different cutoffs simply share the rows of the cutoffs both have.
 */

export type MetricGroup = 'quality' | 'latency' | 'memory' | 'build' | 'health';
export type MetricUnit = 'ratio' | 'ms' | 'bytes' | 'rounds' | 'count';

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
 * Answer metrics are treated as deterministic like retrieval ones: right for a
 * deterministic server; for an LLM-backed tool, run repetitions.
 */
export function metricCatalog(cutoffs: number | readonly number[], criteria: readonly string[] = []): MetricDef[] {
  const ks = typeof cutoffs === 'number' ? [cutoffs] : cutoffs;
  return [
    ...ks.flatMap(atCutoff),
    quality('rprec', 'R-precision'),
    quality('facet.precision', 'Facet precision'),
    quality('rounds.mean', 'Avg rounds to right doc', 'lower', 'rounds'),
    quality('answer.pass_rate', 'Answer pass rate'),
    quality('answer.score', 'Answer score'),
    ...criteria.map((name) => quality(`criterion.${name}`, `Criterion: ${name}`)),
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
