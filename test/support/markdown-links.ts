/**
 * Reading markdown the way GitHub renders it, for the docs' link checks
 * (test/docs-reference.test.ts): the prose outside code, the links in it, and the
 * anchors a page offers. Pure string functions, no markdown library: the pages are ours
 * and use a small subset (ATX headings, fenced code, inline links, reference definitions,
 * a few HTML tags).
 */

export interface Link {
  target: string;
  line: number;
}

/**
 * The page with code blanked out: fenced blocks (``` and ~~~) and inline code spans become
 * spaces, so a `](x)` or a heading-like line inside code is never read as markdown. Line
 * numbers and columns are kept.
 */
export function proseOf(markdown: string): string {
  let fence: string | null = null;
  return markdown
    .split('\n')
    .map((line) => {
      const opener = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence !== null) {
        if (opener !== undefined && opener[0] === fence[0] && opener.length >= fence.length) fence = null;
        return '';
      }
      if (opener !== undefined) {
        fence = opener;
        return '';
      }
      // Inline code: a run of n backticks up to the next run of exactly n.
      return line.replace(/(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g, (m) => ' '.repeat(m.length));
    })
    .join('\n');
}

/** Every link target in the prose: inline links and images, reference definitions, HTML href/src. */
export function linksOf(markdown: string): Link[] {
  const out: Link[] = [];
  proseOf(markdown)
    .split('\n')
    .forEach((line, i) => {
      const add = (target: string | undefined) => target !== undefined && target !== '' && out.push({ target: target.replace(/^<|>$/g, ''), line: i + 1 });
      // [text](target) and [text](target "title"), ![alt](target)
      for (const m of line.matchAll(/\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)/g)) add(m[1]);
      // [id]: target
      const definition = /^\s{0,3}\[[^\]]+\]:\s+(\S+)/.exec(line);
      if (definition) add(definition[1]);
      for (const m of line.matchAll(/\b(?:href|src)="([^"]+)"/g)) add(m[1]);
    });
  return out;
}

/** A heading's text as GitHub sees it: inline markup dropped, link text kept. */
function headingText(raw: string): string {
  return raw
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*_]/g, '')
    .trim();
}

/** GitHub's slug of a heading: lower case, every character but letters, digits, spaces, `-` and `_` dropped, spaces to `-`. */
export function slug(text: string): string {
  return headingText(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The headings of a page (their text, in order), outside code. */
export function headingsOf(markdown: string): string[] {
  return proseOf(markdown)
    .split('\n')
    .map((line) => /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1])
    .filter((h): h is string => h !== undefined)
    .map(headingText);
}

/** Every anchor a page offers: heading slugs (a repeated one gets -1, -2, … as GitHub numbers them) and HTML ids. */
export function anchorsOf(markdown: string): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  for (const heading of headingsOf(markdown)) {
    const base = slug(heading);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of proseOf(markdown).matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) out.add(m[1]!);
  return out;
}

/**
 * Italic phrases that name a section of the docs without linking to it (`see *Run
 * health*`): each `*phrase*` of the prose, outside a link's text, whose words are a
 * heading's (all of it, or the part before a colon or a parenthesis). A reader cannot
 * click a name; a link also breaks loudly when the heading moves.
 */
export function unlinkedSectionNames(markdown: string, headings: readonly string[]): { name: string; line: number }[] {
  const key = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  const names = new Set(headings.flatMap((h) => [key(h), key(h.split(/[:(]/)[0]!)]).filter((k) => k !== ''));
  const out: { name: string; line: number }[] = [];
  proseOf(markdown)
    .split('\n')
    .forEach((line, i) => {
      // Link texts may be italic: blank them first. Bold (**x**) is emphasis, not a reference.
      const text = line.replace(/\[[^\]]*\]\([^)]*\)/g, (m) => ' '.repeat(m.length)).replace(/\*\*[^*]+\*\*/g, (m) => ' '.repeat(m.length));
      for (const m of text.matchAll(/(?<![*\w])\*([^*\s][^*]*?)\*(?![*\w])/g)) {
        if (names.has(key(m[1]!))) out.push({ name: m[1]!, line: i + 1 });
      }
    });
  return out;
}

/** Phrases that point at a place without naming it: "described above", "(see below)". */
export function vagueReferences(markdown: string): { phrase: string; line: number }[] {
  const out: { phrase: string; line: number }[] = [];
  proseOf(markdown)
    .split('\n')
    .forEach((line, i) => {
      for (const m of line.matchAll(/\b(?:see|described|explained) (?:above|below)\b/gi)) out.push({ phrase: m[0], line: i + 1 });
    });
  return out;
}
