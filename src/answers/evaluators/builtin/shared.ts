/**
 * Pieces the single-score built-ins share: one result per criterion they were given, and
 * the "nothing to judge" result (a case without keywords or without a reference answer).
 */
import type { EvaluationCriteria, EvaluationResult } from '../../../model/evaluation.ts';

/**
 * The score of a skipped evaluation. It normalises to null on every scale, so the case
 * is neither rewarded nor penalised for a check that does not apply to it, and it is
 * not counted as an error either.
 */
export const NOT_APPLICABLE = 'n/a';

export function resultsFor(
  criteria: readonly EvaluationCriteria[],
  evaluatorType: string,
  result: Omit<EvaluationResult, 'criterionName' | 'evaluatorType'>,
): EvaluationResult[] {
  return criteria.map((c) => ({ criterionName: c.name, evaluatorType, ...result }));
}

export function skippedFor(criteria: readonly EvaluationCriteria[], evaluatorType: string, reasoning: string): EvaluationResult[] {
  return resultsFor(criteria, evaluatorType, { score: NOT_APPLICABLE, reasoning, metadata: { skipped: true } });
}
