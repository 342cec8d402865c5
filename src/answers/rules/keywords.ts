/**
 * Keyword matching for expected and forbidden keywords: case-insensitive and whole-word,
 * not seed 000's substring test. A substring test makes forbidden "mina" fire on
 * "nomination" and forbidden "anchor" on "anchored", and lets expected "proof" be met by
 * "proofread". Rules:
 * - a keyword must not be glued to letters, digits or `_` on either side ("proof" is not
 *   found in "proofread" or "proof_size"), except an English plural or possessive after it
 *   ("proof" is found in "proofs", "proof's"; "box" in "boxes");
 * - spaces and hyphens inside a keyword match any run of whitespace or hyphens, so
 *   "private key" finds "private key", "private\nkey" and "private-key";
 * - a keyword that starts or ends with punctuation ("@state", ".deploy(") has no boundary
 *   on that side;
 * - the known miss: a keyword inside a longer word or a URL host ("minaprotocol.com")
 *   is not found; add that spelling as its own keyword when it matters.
 * The pattern is built from the escaped keyword (no user regex), so it cannot backtrack badly.
 */

const WORD_CHAR = /[\p{L}\p{N}_]/u;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

export function keywordPattern(keyword: string): RegExp {
  const trimmed = keyword.trim();
  const body = trimmed
    .split(/[\s-]+/)
    .map(escapeRegExp)
    .join('[\\s-]+');
  const first = trimmed[0] ?? '';
  const last = trimmed[trimmed.length - 1] ?? '';
  const before = WORD_CHAR.test(first) ? '(?<![\\p{L}\\p{N}_])' : '';
  const after = WORD_CHAR.test(last) ? "(?:'?s|es)?(?![\\p{L}\\p{N}_])" : '';
  return new RegExp(`${before}${body}${after}`, 'iu');
}

/** The first occurrence as written in the text, or undefined. */
export function findKeyword(text: string, keyword: string): string | undefined {
  if (keyword.trim() === '') return undefined;
  return keywordPattern(keyword).exec(text)?.[0];
}
