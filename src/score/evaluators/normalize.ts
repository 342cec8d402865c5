/**
 * Seed 004's score normalisation: every result becomes a 0..1 number, or null when its
 * score has no place on its criterion's scale. Null never fails a run: it only keeps the
 * score out of the weighted aggregate (the raw score stays in the results for the report).
 */
import type { EvaluationScale } from './types.ts';

const TRUE_WORDS = new Set(['true', 'pass', 'yes']);
const FALSE_WORDS = new Set(['false', 'fail', 'no']);

/**
 * - `binary`, `pass/fail`: true / 'true' / 'pass' / 'yes' (any case) and the number 1 -> 1;
 *   their opposites and 0 -> 0; anything else -> null.
 * - `likert5`: 1..5 -> (s - 1) / 4; outside 1..5 -> null (a judge that answered 0 or 7
 *   broke the scale, and clamping would hide that).
 * - `numeric`: 0..1 as is; (1, 100] divided by 100 (a percentage); else null: seed 004's
 *   "not normalised for aggregation".
 * - any other scale (custom): the true/pass words -> 1/0, numbers by the numeric rule, else null.
 * Numeric strings ('4', ' 0.75 ') count as their number: LLM judges often answer in text.
 * `score` is `unknown` because custom evaluators can return anything; non-scores -> null.
 */
export function normalizeScore(score: unknown, scale: EvaluationScale): number | null {
  switch (scale.trim().toLowerCase()) {
    case 'binary':
    case 'pass/fail':
      return truthValue(score);
    case 'likert5':
      return likert5(toNumber(score));
    case 'numeric':
      return numeric(toNumber(score));
    default:
      return truthValue(score) ?? numeric(toNumber(score));
  }
}

function truthValue(score: unknown): 0 | 1 | null {
  if (typeof score === 'boolean') return score ? 1 : 0;
  if (typeof score === 'string') {
    const word = score.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return 1;
    if (FALSE_WORDS.has(word)) return 0;
  }
  const n = toNumber(score);
  return n === 0 || n === 1 ? n : null;
}

function likert5(n: number | null): number | null {
  return n !== null && n >= 1 && n <= 5 ? (n - 1) / 4 : null;
}

function numeric(n: number | null): number | null {
  if (n === null || n < 0 || n > 100) return null;
  return n <= 1 ? n : n / 100;
}

function toNumber(score: unknown): number | null {
  if (typeof score === 'number') return Number.isFinite(score) ? score : null;
  if (typeof score !== 'string' || score.trim() === '') return null;
  const n = Number(score);
  return Number.isFinite(n) ? n : null;
}
