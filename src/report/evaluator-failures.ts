/**
 * What counts as an evaluator failing on an answer case, in one place for run health
 * (report/health.ts) and the `evaluator.errors` metric (report/summarize.ts):
 * - a result with an error (a judge answering HTTP 500 or timing out, a budget stop, a
 *   grounded metric without its context); a skipped optional evaluator is not one;
 * - a criterion left not judged although no result errored: its score was off the
 *   criterion's scale (a judge answering 7 on likert5, a custom evaluator returning 1.4
 *   on numeric). Such a case is as unjudged as one whose judge was down, so it must not
 *   leave the run looking healthy.
 * Pure: a case result in, plain data out.
 */
import type { UnjudgedCriterion } from '../model/evaluation.ts';
import type { CaseResult } from '../model/report.ts';

const skipped = (metadata: Record<string, unknown> | undefined) => metadata?.['skipped'] === true;

/** The case's criteria left not judged with no errored result behind them (a score off its scale); [] for most cases. */
export function offScaleUnjudged(r: CaseResult): UnjudgedCriterion[] {
  const answer = r.answer;
  if (!answer?.unjudged?.length) return [];
  const errored = new Set(answer.evaluations.filter((e) => e.error !== undefined && !skipped(e.metadata)).map((e) => e.criterionName));
  return answer.unjudged.filter((u) => !errored.has(u.criterion));
}

/** Whether an evaluator failed on the case: an errored result (a skip is not one) or a criterion scored off its scale. */
export function evaluatorFailed(r: CaseResult): boolean {
  const errored = r.answer?.evaluations.some((e) => e.error !== undefined && !skipped(e.metadata)) ?? false;
  return errored || offScaleUnjudged(r).length > 0;
}
