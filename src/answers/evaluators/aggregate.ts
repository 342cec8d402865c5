/**
 * Aggregation, in two steps.
 *
 * Per case: each criterion's normalised score is the mean of the normalised scores of
 * its results (a result judged N times counts as the mean of its N samples) (two evaluators on one criterion -> their mean, each counted once in the
 * criterion, the criterion counted once in the case). The overall score is the weighted
 * mean (weight default 1) of the criteria.
 *
 * Missing evidence never raises a score. A criterion that has an errored result (a judge
 * that answered HTTP 500 or timed out) or a score that does not fit its scale is null,
 * and the case is then *not judged*: no overall score, and `unjudged` says which
 * criteria and why. Dropping such a criterion from the weighted mean instead would let a
 * judge outage lift the score (the remaining, cheaper criteria tend to score higher).
 * A criterion only an optional evaluator scores, skipped where its key is not set, is
 * left out of the mean as the user asked (`optional: true`); it is null, not an error.
 *
 * Per run: the mean of the judged cases' overall scores, and per criterion the mean of
 * its non-null case scores with how many cases scored it (n) and how many had an error.
 */
import { resultScore, sampleScores } from './samples.ts';
import { meanOf } from '../../stats/mean.ts';
import { UNJUDGED_CAUSES, type AggregatedEvaluationResult, type EvaluationCriteria, type EvaluationResult, type UnjudgedCause, type UnjudgedCriterion } from '../../model/evaluation.ts';

export interface CaseAggregate {
  normalized: Record<string, number | null>;
  overallScore?: number;
  /** Criteria without a usable score, with why; set (non-empty) exactly when there is no overall score for that reason. */
  unjudged?: UnjudgedCriterion[];
}

export interface RunAggregate {
  meanOverall: number | null;
  perCriterion: Record<string, { mean: number | null; n: number; errors: number }>;
}

/** A result an optional evaluator left because it was not configured here (no key): not an error, not evidence. */
export function isSkipped(result: EvaluationResult): boolean {
  return result.metadata?.['skipped'] === true;
}

/** A result that found nothing to judge on this case ('n/a', ragas' NaN: an answer without claims, a case without keywords): left out, like a skip. */
function notApplicable(result: EvaluationResult): boolean {
  return result.error === undefined && (isSkipped(result) || result.score === 'n/a');
}

/** A result left because the run's judging budget was spent: "not judged (budget)", counted by health on its own. */
export function isBudgetStop(result: EvaluationResult): boolean {
  return result.metadata?.['budget'] === true;
}

/** Why a failed result is not judged: what its evaluator said (metadata.cause), else what older results carry. */
export function failureCause(result: EvaluationResult): UnjudgedCause {
  const said = result.metadata?.['cause'];
  if (typeof said === 'string' && (UNJUDGED_CAUSES as readonly string[]).includes(said)) return said as UnjudgedCause;
  if (isBudgetStop(result)) return 'budget';
  if (result.metadata?.['contextError'] === true) return 'no_context';
  return 'evaluator_error';
}

type Unscored = { why: string; evaluator: string; cause: UnjudgedCause };

/** The criterion's score from its results, or why it has none. */
function criterionScore(criterion: EvaluationCriteria, results: readonly EvaluationResult[]): { score: number } | { skipped: true } | Unscored {
  const mine = results.filter((r) => r.criterionName === criterion.name);
  const failed = mine.find((r) => r.error !== undefined && !isSkipped(r));
  if (failed) return { why: failed.error ?? 'failed', evaluator: failed.evaluatorType, cause: failureCause(failed) };
  const counted = mine.filter((r) => r.error === undefined && !notApplicable(r));
  if (counted.length === 0) return mine.some((r) => isSkipped(r) || notApplicable(r)) ? { skipped: true } : { why: 'no evaluator scored it', evaluator: '', cause: 'evaluator_error' };
  const scores: number[] = [];
  for (const r of counted) {
    // Repeated judging: the mean of the samples (samples.ts).
    const score = resultScore(r, criterion.scale);
    if (score === null) return { why: `score ${JSON.stringify(sampleScores(r) ?? r.score)} is not on the ${criterion.scale} scale`, evaluator: r.evaluatorType, cause: 'off_scale' };
    scores.push(score);
  }
  return { score: meanOf(scores)! };
}

export function aggregateCase(results: readonly EvaluationResult[], criteria: readonly EvaluationCriteria[]): CaseAggregate {
  const normalized: Record<string, number | null> = {};
  const unjudged: UnjudgedCriterion[] = [];
  let weighted = 0;
  let weights = 0;
  for (const criterion of criteria) {
    const outcome = criterionScore(criterion, results);
    if ('skipped' in outcome) {
      normalized[criterion.name] = null;
      continue;
    }
    if (!('score' in outcome)) {
      normalized[criterion.name] = null;
      unjudged.push({ criterion: criterion.name, evaluator: outcome.evaluator, reason: outcome.why, cause: outcome.cause });
      continue;
    }
    normalized[criterion.name] = outcome.score;
    const weight = criterion.weight ?? 1;
    weighted += weight * outcome.score;
    weights += weight;
  }
  if (unjudged.length > 0) return { normalized, unjudged };
  return weights > 0 ? { normalized, overallScore: weighted / weights } : { normalized };
}

export function aggregateRun(results: readonly AggregatedEvaluationResult[]): RunAggregate {
  const overall = results.flatMap((r) => (r.overallScore === undefined ? [] : [r.overallScore]));
  const buckets = new Map<string, { scores: number[]; errors: number }>();
  for (const result of results) {
    for (const [name, score] of Object.entries(result.normalized)) {
      let bucket = buckets.get(name);
      if (!bucket) {
        bucket = { scores: [], errors: 0 };
        buckets.set(name, bucket);
      }
      if (score !== null) bucket.scores.push(score);
      if (result.results.some((r) => r.criterionName === name && r.error !== undefined && !isSkipped(r))) bucket.errors++;
    }
  }
  const perCriterion: RunAggregate['perCriterion'] = {};
  for (const [name, { scores, errors }] of buckets) perCriterion[name] = { mean: meanOf(scores), n: scores.length, errors };
  return { meanOverall: meanOf(overall), perCriterion };
}
