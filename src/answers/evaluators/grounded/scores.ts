/**
 * The arithmetic of the grounded metrics, as ragas defines it, pure so it is tested on
 * hand-computed values:
 * - faithfulness and context recall: a share of verdicts (supported claims / claims;
 *   attributed reference statements / statements);
 * - context precision: ragas' rank-weighted precision, sum over ranks k of
 *   precision@k * v_k, divided by the number of relevant contexts (0 when none is);
 * - answer relevancy: the mean cosine between the question and the generated questions,
 *   0 when the answer is noncommittal.
 */
import { cosine } from '../llm/semantic-similarity.ts';

export function share(verdicts: readonly boolean[]): number | undefined {
  if (verdicts.length === 0) return undefined;
  return verdicts.filter(Boolean).length / verdicts.length;
}

/** ragas' context precision (its "average precision" over the retrieved contexts, in rank order). */
export function rankWeightedPrecision(relevant: readonly boolean[]): number {
  let hits = 0;
  let sum = 0;
  relevant.forEach((v, i) => {
    if (!v) return;
    hits++;
    sum += hits / (i + 1);
  });
  return hits === 0 ? 0 : sum / hits;
}

/** The cosine of the question with each generated question, and their mean (raw, may be negative). */
export function questionCosines(question: readonly number[], generated: readonly (readonly number[])[]): { cosines: number[]; mean: number } {
  const cosines = generated.map((g) => cosine(question, g));
  return { cosines, mean: cosines.length === 0 ? 0 : cosines.reduce((s, c) => s + c, 0) / cosines.length };
}
