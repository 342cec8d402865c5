/**
 * has_citation: does the answer's prose cite its sources? Read outside fenced blocks and
 * inline code, so `arr[0]` or `matrix[1]` in code is not a citation. Accepted forms:
 * - [Source 1], [source: 2], [Sources 1, 3]
 * - [1], [1, 2], [1-3] (not glued to a word or bracket before it: prose `proofs[0]` is indexing)
 * - footnote references [^1], [^note]
 * - markdown links to a web page [text](https://…), and reference definitions `[1]: https://…`
 */
import { proseOnly } from './code-blocks.ts';
import type { CodeBlock } from './code-blocks.ts';

const FORMS: { kind: string; pattern: RegExp }[] = [
  { kind: 'source', pattern: /\[sources?:?[ \t]*\d+(?:[ \t]*[,–-][ \t]*\d+)*\]/gi },
  { kind: 'numbered', pattern: /(?<![\w\])])\[\d{1,3}(?:[ \t]*[,–-][ \t]*\d{1,3})*\](?!\()/g },
  { kind: 'footnote', pattern: /\[\^[^\]\s]{1,40}\]/g },
  { kind: 'link', pattern: /\[[^\]\n]+\]\(<?https?:\/\/[^)\s>]+>?(?:[ \t]+"[^"\n]*")?\)/g },
  { kind: 'reference', pattern: /^[ \t]{0,3}\[[^\]\n]+\]:[ \t]*<?https?:\/\/\S+/gm },
];

export interface Citation {
  kind: string;
  text: string;
}

export function findCitations(text: string, blocks?: CodeBlock[]): Citation[] {
  const prose = proseOnly(text, blocks);
  const found: { index: number; end: number; citation: Citation }[] = [];
  for (const { kind, pattern } of FORMS) {
    for (const m of prose.matchAll(pattern)) found.push({ index: m.index, end: m.index + m[0].length, citation: { kind, text: m[0] } });
  }
  // Forms overlap (the "[1]" of "[1]: https://…"): keep the longest at each place, once.
  found.sort((a, b) => a.index - b.index || b.end - a.end);
  const kept: typeof found = [];
  for (const f of found) if (f.index >= (kept[kept.length - 1]?.end ?? 0)) kept.push(f);
  return kept.map((f) => f.citation);
}
