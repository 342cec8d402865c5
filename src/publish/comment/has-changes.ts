/**
 * For `comment: on-change`: is there anything a reviewer should see? Measurement-backed
 * metric changes and case changes count; indicative rows (latency, memory, build across
 * runs of a threshold model) do not, or every PR would comment on runner noise. A run
 * with errored or skipped cases always counts, with or without a baseline.
 */
import type { Evaluation } from '../../model/comparison.ts';

export function hasChangesBeyondNoise(evaluation: Evaluation): boolean {
  const { report, comparison } = evaluation;
  if (report.summary.errors + report.summary.notRun > 0 || evaluation.stoppedEarly !== undefined) return true;
  if (!comparison) return false;
  return (
    comparison.counts.better + comparison.counts.worse > 0 ||
    comparison.caseChanges.length > 0 ||
    comparison.addedCases.length + comparison.removedCases.length > 0 ||
    !comparison.sameDataset
  );
}
