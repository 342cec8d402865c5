/**
 * The one escaping layer of every markdown we write (the PR comment, the job summary,
 * the markdown report): a value that came from a dataset, a server, a judge or a
 * pull request's report is shown as written and does nothing else. It cannot break a
 * table or a line, open HTML, a link, an image, math or emphasis, ping anyone (@user,
 * @org/team), link an issue, a pull request or a commit (#123, owner/repo#5, GH-12,
 * shas), autolink a URL or an e-mail address, or draw an emoji (:shipit:).
 *
 * How: the text is made one line without invisible characters (shared/invisible.ts) and
 * cut; then a zero-width space (U+200B, the only invisible character we add) goes where
 * GitHub would otherwise link; then markdown punctuation is backslash-escaped and `& < >
 * $` become entities, in one pass so nothing is escaped twice. A quote needs no entity in
 * markdown: with `<`, `[` and `(` escaped it cannot open an attribute or a link title
 * (and `&quot;` made messages unreadable in a terminal). `$` needs the entity:
 * GitHub's math does not honour a backslash before it, and the guard against `#123`
 * runs before entities exist, so `&#36;` stays whole.
 *
 * Four contexts, four functions: `escapeCell` (markdown text: table cells, paragraphs,
 * list items, blockquotes), `codeCell` / `codeSpan` (ids as code spans, in a table or in
 * prose), `htmlText` and `htmlCode` (inside an HTML block such as `<summary>`, where
 * markdown is not parsed: no code spans and no backslashes there).
 */
import { stripInvisible } from '../../shared/invisible.ts';

/** What this layer inserts to break a link or a reference apart. */
export const ZWSP = '\u200b';

/** One line, no invisible characters, at most maxLength code points (never half a surrogate pair). */
export function oneLine(text: string, maxLength: number): string {
  const line = stripInvisible(String(text).replace(/\s+/g, ' ')).replace(/ {2,}/g, ' ').trim();
  if (line.length <= maxLength) return line;
  const points = Array.from(line);
  return points.length > maxLength ? `${points.slice(0, Math.max(0, maxLength - 1)).join('')}…` : line;
}

/**
 * Zero-width spaces where GitHub would link: after `@` where it starts a mention (not
 * after a letter or digit: `MRR@5` stays as it is) or an e-mail address's domain, after `#` before a digit (issues and PRs, `owner/repo#5`), in `GH-12`,
 * `://` and `www.` (bare URLs), after the first colon of `:shortcode:` (emoji), and every
 * 6 characters of a hex word of 7 or more (commit shas).
 */
function breakLinks(text: string): string {
  return text
    .replace(/(?<![\p{L}\p{N}])@(?=[\p{L}\p{N}_])|@(?=[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)+)/gu, `@${ZWSP}`)
    .replace(/#(?=\d)/g, `#${ZWSP}`)
    .replace(/\bGH-(?=\d)/gi, (m) => `${m.slice(0, 2)}${ZWSP}-`)
    .replace(/:\/\//g, `:${ZWSP}//`)
    .replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}${ZWSP}.`)
    .replace(/:(?=[a-z0-9_+-]+:)/gi, `:${ZWSP}`)
    .replace(/\b[0-9a-f]{7,}\b/gi, (hex) => hex.replace(/(.{6})(?=.)/g, `$1${ZWSP}`));
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', $: '&#36;' };

/** Markdown text: punctuation with a meaning is backslash-escaped, `& < > $` become entities. */
function escapeMarkdown(text: string): string {
  const escaped = text.replace(/[\\`*_[\]()!|~#&<>$]/g, (ch) => ENTITIES[ch] ?? `\\${ch}`);
  // What opens a block at the start of a line (a value may land there): a list, a setext underline, an ordered list.
  return escaped.replace(/^([-+=])/, '\\$1').replace(/^(\d+)\./, '$1\\.');
}

/**
 * Text in markdown (a table cell, a paragraph, a list item, a blockquote): one line,
 * shown as written, inert. Cut to `maxLength` code points with an ellipsis.
 */
export function escapeCell(text: string, maxLength = 120): string {
  return escapeMarkdown(breakLinks(oneLine(text, maxLength)));
}

/** Text inside an HTML element of ours (`<summary>`): entities only (markdown is not parsed there), links broken. */
export function htmlText(text: string, maxLength = 120): string {
  return breakLinks(oneLine(text, maxLength)).replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
}

/** `<code>` for an id inside an HTML element, where a backtick span would show its backticks and leave HTML in the id live. */
export function htmlCode(text: string, maxLength = 80): string {
  const line = oneLine(text, maxLength);
  return `<code>${(line === '' ? '""' : line).replace(/[&<>"']/g, (ch) => ENTITIES[ch]!)}</code>`;
}

/**
 * A code span holding `text` as written: its fence is one backtick longer than the
 * longest run inside, padded with a space when the text starts or ends with a backtick
 * (CommonMark strips one such space). Code is never linked or rendered, so nothing else
 * is escaped, except `|` in a table (GFM splits cells on it even inside code).
 */
function codeSpanOf(text: string, maxLength: number, inTable: boolean): string {
  const line = oneLine(text, maxLength);
  // An empty span would be a bare run of backticks: an opener that could pair with a later one.
  if (line === '') return '`""`';
  const longest = Math.max(0, ...Array.from(line.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = line.startsWith('`') || line.endsWith('`') ? ' ' : '';
  // In a table: `\|` keeps a pipe in the cell; a backslash right before a pipe would pair with that escape instead, so a zero-width space parts them.
  const body = inTable ? line.replace(/\\(?=\|)/g, `\\${ZWSP}`).replace(/\|/g, '\\|') : line;
  return `${fence}${pad}${body}${pad}${fence}`;
}

/** An id as a code span in a table cell. */
export function codeCell(text: string, maxLength = 80): string {
  return codeSpanOf(text, maxLength, true);
}

/** An id as a code span in prose (a list item, a paragraph): pipes need no escape there. */
export function codeSpan(text: string, maxLength = 80): string {
  return codeSpanOf(text, maxLength, false);
}
