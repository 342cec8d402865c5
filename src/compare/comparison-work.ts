/**
 * How much work comparing two reports takes, counted before doing it, so a report from an
 * untrusted run (the comment workflow's input) cannot keep the job busy for minutes: every
 * quality row pairs the cases both reports ran and resamples them (a sign-flip test of
 * 10,000 patterns, a bootstrap of 2,000), and every latency and memory sample is
 * bootstrapped. Linear in the reports: one pass over each, with the case index built once.
 */
import { cutoffsOf, type Report } from '../model/report.ts';
import { criteriaIn, metricCatalog } from '../model/metric-catalog.ts';
import { casesById } from './samples.ts';

export interface ComparisonWork {
  /** Cases both reports ran. */
  sharedCases: number;
  /** Quality rows (each resamples the shared cases). */
  qualityRows: number;
  /** Latency and memory samples of both reports. */
  samples: number;
  /** sharedCases × qualityRows + samples. */
  total: number;
}

export function comparisonWork(baseline: Report, current: Report): ComparisonWork {
  const criteria = [...new Set([...criteriaIn(baseline.summary.metrics), ...criteriaIn(current.summary.metrics)])];
  const cutoffs = [...new Set([...cutoffsOf(baseline.settings), ...cutoffsOf(current.settings)])];
  const qualityRows = metricCatalog(cutoffs, criteria).filter((m) => m.group === 'quality').length;
  const before = casesById(baseline.cases);
  const sharedCases = current.cases.filter((c) => before.has(c.id)).length;
  let samples = 0;
  for (const report of [baseline, current]) {
    samples += report.memory?.samples.length ?? 0;
    for (const c of report.cases) samples += c.latency.search.length + c.latency.fetch.length + (c.latency.answer?.length ?? 0);
  }
  return { sharedCases, qualityRows, samples, total: sharedCases * qualityRows + samples };
}

/**
 * The most work the comment workflow does for a pull request's report: about 10 s on a
 * loaded 2-core runner, and far above any suite of a few thousand cases (the reference
 * suite is about 2,000). Past it the comment workflow does not compare (the PR's own run
 * did, in its job summary), rather than let a forged report hold it for minutes.
 */
export const UNTRUSTED_WORK_LIMIT = 100_000;
