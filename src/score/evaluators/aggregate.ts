/**
 * Aggregation, in two steps.
 *
 * Per case: each criterion's normalised score is the mean of the normalised scores of
 * its results (two evaluators on one criterion -> their mean, each counted once in the
 * criterion, the criterion counted once in the case). Errored results and scores that do
 * not normalise (null) are left out; a criterion with none left is null. The overall
 * score is the weighted mean (weight default 1) of the non-null criteria; absent when
 * none, or when their weights sum to 0.
 *
 * Per run: the mean of the cases' overall scores, and per criterion the mean of its
 * non-null case scores with how many cases scored it (n) and how many had an error.
 */
import { normalizeScore } from './normalize.ts';
import type { AggregatedEvaluationResult, EvaluationCriteria, EvaluationResult } from './types.ts';

export interface CaseAggregate {
  normalized: Record<string, number | null>;
  overallScore?: number;
}

export interface RunAggregate {
  meanOverall: number | null;
  perCriterion: Record<string, { mean: number | null; n: number; errors: number }>;
}

export function aggregateCase(results: readonly EvaluationResult[], criteria: readonly EvaluationCriteria[]): CaseAggregate {
  const normalized: Record<string, number | null> = {};
  let weighted = 0;
  let weights = 0;
  for (const criterion of criteria) {
    const scores = results
      .filter((r) => r.criterionName === criterion.name && r.error === undefined)
      .map((r) => normalizeScore(r.score, criterion.scale))
      .filter((s): s is number => s !== null);
    const score = mean(scores);
    normalized[criterion.name] = score;
    if (score === null) continue;
    const weight = criterion.weight ?? 1;
    weighted += weight * score;
    weights += weight;
  }
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
      if (result.results.some((r) => r.criterionName === name && r.error !== undefined)) bucket.errors++;
    }
  }
  const perCriterion: RunAggregate['perCriterion'] = {};
  for (const [name, { scores, errors }] of buckets) perCriterion[name] = { mean: mean(scores), n: scores.length, errors };
  return { meanOverall: mean(overall), perCriterion };
}

function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}
