/**
 * Fenced code blocks, read line by line the way CommonMark does (``` or ~~~ fences, a
 * closing fence of the same character at least as long, info strings with attributes),
 * instead of a regex over the whole text: a regex pairs the wrong fences as soon as a
 * block contains ``` itself or uses ~~~, and cannot tell a fence from inline ```code```.
 *
 * One deliberate departure: a fence may be indented by any amount, because answers put
 * code inside list items ("1. Install:\n\n   ```sh"), which CommonMark allows only via
 * list parsing this module does not do. Block quotes (`> ````) are not read.
 */
import { normalizeLanguage } from './languages.ts';

export interface CodeBlock {
  /** 1-based position among all fenced blocks of the text, as messages name it ("block 2"). */
  index: number;
  /** The info string after the opening fence, trimmed (`ts title="x"`). */
  info: string;
  /** Normalized language of the info string's first word (see languages.ts); undefined when untagged. */
  language: string | undefined;
  /** The block's content, the fence's indentation removed from each line. */
  code: string;
  /** 1-based line of the opening fence in the text. */
  line: number;
  /** 1-based line of the closing fence, or of the text's last line when unclosed. */
  endLine: number;
  /** False when the text ended inside the block (a truncated answer). */
  closed: boolean;
}

const OPENING = /^([ \t]*)(`{3,}|~{3,})(.*)$/;
const CLOSING = /^[ \t]*(`{3,}|~{3,})[ \t]*$/;

export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** The language word of an info string: `ts title="x"` -> ts, `{.python}` -> python, `js:app.js` -> js. */
export function infoLanguage(info: string): string | undefined {
  const word = info
    .trim()
    .replace(/^\{\s*\.?/, '')
    .split(/[\s{},:]/, 1)[0]
    ?.replace(/^language-/, '');
  return word ? normalizeLanguage(word) : undefined;
}

export function extractCodeBlocks(text: string): CodeBlock[] {
  const lines = splitLines(text);
  const blocks: CodeBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const open = OPENING.exec(lines[i] ?? '');
    const fence = open?.[2];
    const info = open?.[3] ?? '';
    // A backtick fence's info string cannot hold a backtick: "```a``` b" is inline code.
    if (!open || fence === undefined || (fence.startsWith('`') && info.includes('`'))) {
      i += 1;
      continue;
    }
    const indent = open[1]?.length ?? 0;
    const body: string[] = [];
    let j = i + 1;
    let closed = false;
    for (; j < lines.length; j += 1) {
      const line = lines[j] ?? '';
      const close = CLOSING.exec(line);
      if (close?.[1] !== undefined && close[1][0] === fence[0] && close[1].length >= fence.length) {
        closed = true;
        break;
      }
      body.push(stripIndent(line, indent));
    }
    blocks.push({
      index: blocks.length + 1,
      info: info.trim(),
      language: infoLanguage(info),
      code: body.join('\n'),
      line: i + 1,
      endLine: closed ? j + 1 : lines.length,
      closed,
    });
    i = j + 1;
  }
  return blocks;
}

/** Removes up to `width` leading spaces or tabs: the fence's own indentation. */
function stripIndent(line: string, width: number): string {
  let k = 0;
  while (k < width && (line[k] === ' ' || line[k] === '\t')) k += 1;
  return line.slice(k);
}

/**
 * The text with fenced blocks and inline code spans blanked out (same line count, so
 * line numbers still hold): prose-only checks such as citations must not count `arr[0]`.
 */
export function proseOnly(text: string, blocks: CodeBlock[] = extractCodeBlocks(text)): string {
  const lines = splitLines(text);
  for (const block of blocks) {
    for (let n = block.line - 1; n < block.endLine && n < lines.length; n += 1) lines[n] = '';
  }
  return blankInlineCode(lines.join('\n'));
}

/**
 * Blanks `code` spans: a run of N backticks up to the next run of exactly N (CommonMark's
 * rule). A run without a partner is literal text. Linear in the number of runs.
 */
export function blankInlineCode(text: string): string {
  const runs: { start: number; length: number }[] = [];
  for (const match of text.matchAll(/`+/g)) runs.push({ start: match.index, length: match[0].length });
  // nextSame[r]: the next run as long as run r, found in one backward pass.
  const nextSame: (number | undefined)[] = new Array<number | undefined>(runs.length);
  const latest = new Map<number, number>();
  for (let r = runs.length - 1; r >= 0; r -= 1) {
    const length = runs[r]?.length ?? 0;
    nextSame[r] = latest.get(length);
    latest.set(length, r);
  }
  let out = '';
  let copied = 0;
  let r = 0;
  while (r < runs.length) {
    const open = runs[r] as { start: number; length: number };
    const partner = nextSame[r];
    const close = partner === undefined ? undefined : runs[partner];
    if (partner === undefined || close === undefined) {
      r += 1;
      continue;
    }
    const end = close.start + close.length;
    out += text.slice(copied, open.start) + text.slice(open.start, end).replace(/[^\n]/g, ' ');
    copied = end;
    r = partner + 1;
  }
  return out + text.slice(copied);
}
