/**
 * Text matching shared by the lexical evaluators: whitespace folding and term search
 * with Unicode-aware whole-word boundaries (JavaScript's \b only knows ASCII letters,
 * so "café" would end at "caf" and Cyrillic words would have no boundary at all).
 */

export interface MatchOptions {
  caseSensitive: boolean;
  wholeWord: boolean;
}

/** Runs of whitespace (line breaks, tabs, NBSP) become one space; ends are trimmed. */
export function foldWhitespace(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** A word character: letters, combining marks, digits and connector punctuation (the _ family). */
const WORD = String.raw`[\p{L}\p{M}\p{N}\p{Pc}]`;

/**
 * Escapes RegExp syntax characters. RegExp.escape is not on Node 20 (the CLI's floor),
 * and in `u` mode only syntax characters may be escaped, so `-` is left alone.
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/**
 * A global pattern for one term. Whole-word means "not touching a word character", which
 * also works for terms that start or end with punctuation (C++, .NET, node:test).
 */
export function termPattern(term: string, options: MatchOptions): RegExp {
  const body = escapeRegExp(term);
  const source = options.wholeWord ? `(?<!${WORD})${body}(?!${WORD})` : body;
  return new RegExp(source, options.caseSensitive ? 'gu' : 'giu');
}

/** How often the term occurs in the text. */
export function countTerm(text: string, term: string, options: MatchOptions): number {
  if (term === '') return 0;
  return text.match(termPattern(term, options))?.length ?? 0;
}
