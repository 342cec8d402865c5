/**
 * String similarity, each 0..1 (1 = identical).
 *
 * Levenshtein comes from fastest-levenshtein (Myers' bit-parallel algorithm; webpack's
 * choice). Dice and Jaro–Winkler are written here because the maintained packages were
 * not usable: `dice-coefficient` always lower-cases (no case-sensitive option) and pairs
 * bigrams in O(n·m); `@skyra/jaro-winkler` counts a 4-character common prefix as 5
 * (abcdef/abcdxy gives 0.889, not 0.867); `jaro-winkler` is unmaintained since 2017.
 * Dice and Jaro–Winkler work on code points, so an emoji is one character.
 */
import { distance } from 'fastest-levenshtein';

/** Sørensen–Dice over character bigrams (a multiset: repeated bigrams count). */
export function diceCoefficient(a: string, b: string): number {
  if (a === b) return 1;
  const left = bigrams(a);
  const right = bigrams(b);
  const total = left.length + right.length;
  if (left.length === 0 || right.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const pair of left) counts.set(pair, (counts.get(pair) ?? 0) + 1);
  let shared = 0;
  for (const pair of right) {
    const remaining = counts.get(pair) ?? 0;
    if (remaining > 0) {
      shared++;
      counts.set(pair, remaining - 1);
    }
  }
  return (2 * shared) / total;
}

function bigrams(text: string): string[] {
  const chars = [...text];
  const pairs: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) pairs.push(`${chars[i]}${chars[i + 1]}`);
  return pairs;
}

/**
 * Jaro–Winkler as Wikipedia defines it: matches within ⌊max/2⌋−1, half-transpositions,
 * and a common-prefix bonus of up to 4 characters at 0.1 each (no 0.7 boost threshold).
 */
export function jaroWinkler(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  if (s.length === 0 && t.length === 0) return 1;
  if (s.length === 0 || t.length === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(s.length, t.length) / 2) - 1);
  const sMatched = new Uint8Array(s.length);
  const tMatched = new Uint8Array(t.length);
  let matches = 0;
  for (let i = 0; i < s.length; i++) {
    const end = Math.min(i + window + 1, t.length);
    for (let j = Math.max(0, i - window); j < end; j++) {
      if (tMatched[j] === 0 && s[i] === t[j]) {
        sMatched[i] = 1;
        tMatched[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let outOfOrder = 0;
  let k = 0;
  for (let i = 0; i < s.length; i++) {
    if (sMatched[i] === 0) continue;
    while (tMatched[k] === 0) k++;
    if (s[i] !== t[k]) outOfOrder++;
    k++;
  }
  const jaro = (matches / s.length + matches / t.length + (matches - outOfOrder / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < s.length && prefix < t.length && s[prefix] === t[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** 1 − edits / longer length; the distance counts UTF-16 code units, so lengths do too. */
export function levenshteinSimilarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 1;
  return 1 - distance(a, b) / longer;
}
