/**
 * Repeated judging: a criterion judged N times on one case. The case's score for the
 * criterion is the MEAN of the N normalised samples (what the aggregate and the paired
 * comparison use); the report keeps every sample with its spread and agreement:
 *  - sd: the population standard deviation of the normalised samples (0..0.5);
 *  - agreement: the share of samples equal to the most common one (1 = every sample
 *    agreed). Chosen over Krippendorff's alpha because it is per case and per criterion,
 *    needs no minimum number of cases, and reads directly as "how often one sample would
 *    have given the usual answer"; alpha mixes in how much cases differ from each other,
 *    which is not the judge's noise. On continuous scales (numeric, wide ranges) exact
 *    agreement is naturally low: read sd there.
 */
import { normalizeScore } from './normalize.ts';
import type { EvaluationResult, EvaluationScale } from '../../model/evaluation.ts';

export interface SampleStats {
  n: number;
  /** Mean of the normalised samples. */
  mean: number;
  sd: number;
  min: number;
  max: number;
  /** Share of samples equal to the modal one. */
  agreement: number;
}

/** Normalised samples -> their summary; undefined for no samples. */
export function summarizeSamples(normalized: readonly number[]): SampleStats | undefined {
  const n = normalized.length;
  if (n === 0) return undefined;
  const mean = normalized.reduce((s, v) => s + v, 0) / n;
  const sd = Math.sqrt(normalized.reduce((s, v) => s + (v - mean) ** 2, 0) / n);
  const counts = new Map<number, number>();
  for (const v of normalized) counts.set(v, (counts.get(v) ?? 0) + 1);
  const modal = Math.max(...counts.values());
  return { n, mean, sd, min: Math.min(...normalized), max: Math.max(...normalized), agreement: modal / n };
}

/** The raw score seen most often (the first such on a tie): what a single-score reader is shown. */
export function modalScore<T>(scores: readonly T[]): T | undefined {
  let best: T | undefined;
  let bestCount = 0;
  for (const s of scores) {
    const count = scores.filter((x) => x === s).length;
    if (count > bestCount) {
      best = s;
      bestCount = count;
    }
  }
  return best;
}

/** The raw sample scores a result carries (metadata.samples), or undefined for a single judgement. */
export function sampleScores(result: EvaluationResult): unknown[] | undefined {
  const samples = result.metadata?.['samples'];
  if (!Array.isArray(samples) || samples.length === 0) return undefined;
  return samples.map((s: unknown) => (typeof s === 'object' && s !== null ? (s as { score?: unknown }).score : s));
}

/** A result's normalised score: the mean of its samples when it has several, else its score; null when any is off-scale. */
export function resultScore(result: EvaluationResult, scale: EvaluationScale): number | null {
  const samples = sampleScores(result);
  if (!samples) return normalizeScore(result.score, scale);
  const normalized = samples.map((s) => normalizeScore(s, scale));
  if (normalized.some((v) => v === null)) return null;
  return summarizeSamples(normalized as number[])!.mean;
}
