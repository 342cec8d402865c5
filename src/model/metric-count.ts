/**
 * "n of m", and why the rest are missing: one reading of a MetricCount for every place a
 * mean shows (the markdown, the comment, stderr, gates). Some causes are the metric's
 * nature (a confidence the answer did not report, a metric that does not apply to a case);
 * the others mean the mean is over part of the cases it should be over: it is *partial*,
 * and no gate is judged on it (compare/judge-gates.ts).
 */
import type { MetricCount, MissingCause } from './report.ts';

const WORDS: Record<MissingCause, [string, string]> = {
  evaluator_error: ['evaluator error', 'evaluator errors'],
  judge_timeout: ['judge timeout', 'judge timeouts'],
  cut_off: ['judge answer cut off', 'judge answers cut off'],
  off_scale: ['off-scale score', 'off-scale scores'],
  budget: ['stopped by the budget', 'stopped by the budget'],
  no_context: ['without context', 'without context'],
  no_answer: ['without an answer', 'without an answer'],
  not_run: ['not run', 'not run'],
  not_reported: ['not reported', 'not reported'],
  not_applicable: ['not applicable', 'not applicable'],
};

/** Causes that are the metric's nature, not a gap in the run. */
const BENIGN: readonly MissingCause[] = ['not_reported', 'not_applicable'];

/** The causes of a count's missing cases that make its mean partial, with how many each (old reports without causes: one unknown cause). */
export function partialCauses(count: MetricCount | undefined): [MissingCause | 'unknown', number][] {
  if (!count || count.n >= count.of) return [];
  if (!count.missing) return [['unknown', count.of - count.n]];
  return (Object.entries(count.missing) as [MissingCause, number][]).filter(([cause, k]) => k > 0 && !BENIGN.includes(cause));
}

/** Whether a mean is over part of the cases it should be over (never a gate's to judge). */
export function isPartial(count: MetricCount | undefined): boolean {
  return partialCauses(count).length > 0;
}

/** "2 evaluator errors, 1 not run"; '' when nothing is missing. */
export function missingText(count: MetricCount | undefined): string {
  if (!count || count.n >= count.of) return '';
  if (!count.missing) return `${count.of - count.n} not judged`;
  return (Object.entries(count.missing) as [MissingCause, number][])
    .filter(([, k]) => k > 0)
    .map(([cause, k]) => `${k} ${WORDS[cause][k === 1 ? 0 : 1]}`)
    .join(', ');
}

/** "3 of 5 (2 evaluator errors)", "5 of 5". */
export function countText(count: MetricCount): string {
  const missing = missingText(count);
  return `${count.n} of ${count.of}${missing ? ` (${missing})` : ''}`;
}
