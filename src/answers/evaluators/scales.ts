/**
 * What a criterion's `scale` means: seed 004's named scales plus explicit ranges and
 * ordered labels, parsed once so normalisation, the judge's output schema and load-time
 * validation agree. Anything else is rejected when the dataset loads (parseScale returns
 * a problem), never silently left out of the aggregate.
 *
 * - `binary`, `pass/fail`: true/false (and 1/0, yes/no, pass/fail words) -> 1/0.
 * - `likert5`: 1..5 -> (s - 1) / 4.
 * - `numeric`: seed 004's rule: 0..1 as is, (1, 100] / 100 (a percentage).
 * - a range `1-10`, `0-100`, `1-5`, `-2..2`, `0 to 10`: (s - min) / (max - min); outside it
 *   the score is off-scale (null), never clamped.
 * - ordered labels, BEST FIRST: a letter range `A-F` (every letter A..F, A best: write
 *   `[A, B, C, D, F]` for grades without E) or a list `[excellent, good, fair, poor]`
 *   (brackets optional, comma separated). Evenly spaced: the best is 1, the worst 0,
 *   label i of n (0-based) is (n - 1 - i) / (n - 1). Labels match case-insensitively.
 * Best first because that is how grades (A..F) and rubrics are written; the judge is shown
 * the labels in that order too.
 */

export type ScaleSpec =
  | { kind: 'truth'; name: 'binary' | 'pass/fail' }
  | { kind: 'range'; name: string; min: number; max: number; integer: boolean }
  | { kind: 'percent'; name: 'numeric' }
  | { kind: 'labels'; name: string; labels: string[] };

const NUMBER = String.raw`-?\d+(?:\.\d+)?`;
const RANGE = new RegExp(String.raw`^(${NUMBER})\s*(?:\.\.|to|–|-)\s*(${NUMBER})$`, 'i');
const LETTERS = /^([A-Za-z])\s*-\s*([A-Za-z])$/;

/** The named scales seed 004 defines, for messages. */
export const NAMED_SCALES = ['binary', 'pass/fail', 'likert5', 'numeric'];

export const SCALE_HELP =
  'binary, pass/fail, likert5, numeric (0-1, or 0-100 as a percentage), a range such as 1-10, or ordered labels best first such as A-F or "[excellent, good, fair, poor]"';

const parsed = new Map<string, ScaleSpec | string>();

/** The scale's meaning, or a one-line problem naming what is accepted. */
export function parseScale(scale: unknown): ScaleSpec | string {
  if (typeof scale !== 'string' || scale.trim() === '') return `a scale must be text: ${SCALE_HELP}`;
  let spec = parsed.get(scale);
  if (spec === undefined) {
    spec = parseUncached(scale.trim());
    parsed.set(scale, spec);
  }
  return spec;
}

export function scaleProblem(scale: unknown): string | undefined {
  const spec = parseScale(scale);
  return typeof spec === 'string' ? spec : undefined;
}

function parseUncached(text: string): ScaleSpec | string {
  const lower = text.toLowerCase();
  if (lower === 'binary' || lower === 'pass/fail') return { kind: 'truth', name: lower };
  if (lower === 'likert5') return { kind: 'range', name: 'likert5', min: 1, max: 5, integer: true };
  if (lower === 'numeric') return { kind: 'percent', name: 'numeric' };
  const range = RANGE.exec(text);
  if (range) {
    const min = Number(range[1]);
    const max = Number(range[2]);
    if (!(max > min)) return `scale "${text}": a range goes from the worst score to a higher best score (e.g. 1-10)`;
    return { kind: 'range', name: text, min, max, integer: Number.isInteger(min) && Number.isInteger(max) && max - min >= 2 };
  }
  const letters = LETTERS.exec(text);
  if (letters) {
    const from = letters[1]!.toUpperCase().charCodeAt(0);
    const to = letters[2]!.toUpperCase().charCodeAt(0);
    if (to <= from) return `scale "${text}": a letter scale runs from the best letter to a later, worse one (e.g. A-F)`;
    return { kind: 'labels', name: text, labels: Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i)) };
  }
  if (text.includes(',')) {
    const labels = text
      .replace(/^\[/, '')
      .replace(/\]$/, '')
      .split(',')
      .map((l) => l.trim().replace(/^(['"])(.*)\1$/, '$2'));
    if (labels.some((l) => l === '')) return `scale "${text}": a label list has an empty label`;
    const seen = new Set(labels.map((l) => l.toLowerCase()));
    if (seen.size !== labels.length) return `scale "${text}": a label is listed twice`;
    if (labels.length < 2) return `scale "${text}": a label list needs at least two labels`;
    return { kind: 'labels', name: text, labels };
  }
  return `unknown scale "${text}": use ${SCALE_HELP}`;
}

const TRUE_WORDS = new Set(['true', 'pass', 'yes']);
const FALSE_WORDS = new Set(['false', 'fail', 'no']);

/** A raw score on the scale -> 0..1, or null when it is off the scale. */
export function normalizeOn(spec: ScaleSpec, score: unknown): number | null {
  switch (spec.kind) {
    case 'truth':
      return truthValue(score);
    case 'percent': {
      const n = toNumber(score);
      if (n === null || n < 0 || n > 100) return null;
      return n <= 1 ? n : n / 100;
    }
    case 'range': {
      const n = toNumber(score);
      return n === null || n < spec.min || n > spec.max ? null : (n - spec.min) / (spec.max - spec.min);
    }
    case 'labels': {
      if (typeof score !== 'string') return null;
      const i = spec.labels.findIndex((l) => l.toLowerCase() === score.trim().toLowerCase());
      return i < 0 ? null : (spec.labels.length - 1 - i) / (spec.labels.length - 1);
    }
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

/** Numbers, and strings holding exactly one (' 4 '): LLM judges often answer in text. */
export function toNumber(score: unknown): number | null {
  if (typeof score === 'number') return Number.isFinite(score) ? score : null;
  if (typeof score !== 'string' || score.trim() === '') return null;
  const n = Number(score);
  return Number.isFinite(n) ? n : null;
}
