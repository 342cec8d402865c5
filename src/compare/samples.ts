/**
 * What the statistics test, read out of a report: the per-case score behind each quality
 * mean (for the paired test), and the raw samples behind each timing and memory figure
 * (for the ratio bootstrap). A new quality metric needs its line in report/case-value.ts
 * (which the summary's means read too), a timing one its spec here; a metric without
 * one is never silently judged.
 */
import type { CaseResult, Report } from '../model/report.ts';
import { caseValue } from '../report/case-value.ts';
import { percentile } from '../retrieval/metrics/latency.ts';

/** The per-case value whose mean is the metric, or undefined when the case does not count toward it. */
export { caseValue };

export interface Pair {
  id: string;
  baseline: number;
  current: number;
}

const indexes = new WeakMap<readonly CaseResult[], ReadonlyMap<string, CaseResult>>();

/** A report's cases by id, built once per list (every row of a comparison looks cases up by id). */
export function casesById(cases: readonly CaseResult[]): ReadonlyMap<string, CaseResult> {
  let index = indexes.get(cases);
  if (!index) {
    index = new Map(cases.map((r) => [r.id, r]));
    indexes.set(cases, index);
  }
  return index;
}

/** Cases judged on both sides for metric `id`, paired by case id, in the current report's order. */
export function pairedValues(baseline: readonly CaseResult[], current: readonly CaseResult[], id: string): Pair[] {
  const before = casesById(baseline);
  const pairs: Pair[] = [];
  for (const after of current) {
    const was = before.get(after.id);
    if (!was) continue;
    const a = caseValue(was, id);
    const b = caseValue(after, id);
    if (a !== undefined && b !== undefined) pairs.push({ id: after.id, baseline: a, current: b });
  }
  return pairs;
}

/** Each case both sides ran, with its samples on either side, in the current side's order. */
export function pairedSamples(base: ReadonlyMap<string, number[]>, current: ReadonlyMap<string, number[]>): { base: number[]; current: number[] }[] {
  return [...current].flatMap(([id, samples]) => {
    const was = base.get(id);
    return was ? [{ base: was, current: samples }] : [];
  });
}

/** A timing or memory row: which samples and which statistic of them the row shows. */
export interface SampleSpec {
  /** The samples, grouped by case id where the same cases ran on both sides (one group otherwise). */
  samples: (report: Report) => Map<string, number[]>;
  /** Quantile of the samples the row's value is (0.5 = median). */
  quantile: number;
  statistic: string;
  /** Judged case by case (per-case ratios of medians), rather than on the pooled samples. */
  pairedByCase?: boolean;
}

const latencyOf = (key: 'search' | 'fetch' | 'answer') => (report: Report) =>
  new Map(report.cases.map((c) => [c.id, c.latency[key] ?? []] as const).filter(([, xs]) => xs.length > 0));
const rssOf = (report: Report) => new Map([['trace', (report.memory?.samples ?? []).map((s) => s.bytes)]]);
const buildOf = (report: Report) => new Map([['build', report.build ? [report.build.ms] : []]]);

/**
 * Peak RSS is judged on the median of the RSS trace, the server's steady-state memory:
 * a single peak per run cannot be resampled, and the trace's top few samples are too few
 * for a CI of a high quantile. A bigger index or a leak moves the median with the peak.
 */
const SAMPLE_SPECS: Record<string, SampleSpec> = {
  'search.p50': { samples: latencyOf('search'), quantile: 0.5, statistic: 'median', pairedByCase: true },
  'search.p95': { samples: latencyOf('search'), quantile: 0.95, statistic: 'p95' },
  'search.p99': { samples: latencyOf('search'), quantile: 0.99, statistic: 'p99' },
  'fetch.p50': { samples: latencyOf('fetch'), quantile: 0.5, statistic: 'median', pairedByCase: true },
  'fetch.p95': { samples: latencyOf('fetch'), quantile: 0.95, statistic: 'p95' },
  'answer.p50': { samples: latencyOf('answer'), quantile: 0.5, statistic: 'median', pairedByCase: true },
  'rss.peak': { samples: rssOf, quantile: 0.5, statistic: 'median of the RSS trace' },
  'build.ms': { samples: buildOf, quantile: 0.5, statistic: 'build time' },
};

export function sampleSpec(id: string): SampleSpec | undefined {
  return SAMPLE_SPECS[id];
}

/** Per-case median latency, for naming the cases that slowed most. */
export function caseMedians(report: Report, key: 'search' | 'fetch' | 'answer'): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of report.cases) {
    const xs = [...(c.latency[key] ?? [])].filter(Number.isFinite).sort((a, b) => a - b);
    if (xs.length > 0) out.set(c.id, percentile(xs, 0.5));
  }
  return out;
}
