/**
 * The markdown report as a terminal shows it: the same content, without what only a
 * markdown renderer undoes. Escapes (`Intel\(R\)`, `get\_doc`), entities (`&quot;`),
 * zero-width spaces, code-span backticks, bold markers, `<details>` tags and heading
 * hashes go; tables are re-padded cell by cell once their escapes are gone (a column
 * padded for `\(R\)` is misaligned after), their delimiter row becomes a rule, and
 * their alignment is kept. A legend of the verdict marks ends it. Pure.
 */

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#36;': '$', '&#124;': '|' };

/** One line of markdown text as plain text: escapes resolved, code and bold markers dropped. */
export function plainInline(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const next = text[i + 1];
    if (ch === '\\' && next !== undefined && /[\\[\]()!`*_~|#<>-]/.test(next)) {
      out += next;
      i++;
    } else if (ch === '`') continue;
    else if (ch === '*' && next === '*') i++;
    else out += ch;
  }
  return out.replace(/&(?:amp|lt|gt|quot|#36|#124);/g, (e) => ENTITIES[e] ?? e).replace(/\u200b/g, '');
}

/** Splits a table row on its unescaped pipes. */
function cells(row: string): string[] {
  const parts: string[] = [];
  let cell = '';
  const body = row.trim().replace(/^\|/, '').replace(/\|$/, '');
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '\\' && body[i + 1] !== undefined) {
      cell += body[i]! + body[i + 1]!;
      i++;
    } else if (body[i] === '|') {
      parts.push(cell);
      cell = '';
    } else cell += body[i]!;
  }
  parts.push(cell);
  return parts.map((c) => plainInline(c.trim()));
}

/** Display width, near enough for a terminal: code points (wide emoji count one more). */
function width(text: string): number {
  let w = 0;
  for (const ch of text) w += /\p{Extended_Pictographic}/u.test(ch) && !/[▲▼↑↓◦=〰·—…]/.test(ch) ? 2 : 1;
  return w;
}

function table(rows: string[]): string[] {
  const delimiter = rows[1] !== undefined && /^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$/.test(rows[1].trim()) ? cells(rows[1]) : undefined;
  const body = rows.filter((_, i) => !(delimiter && i === 1)).map(cells);
  const columns = Math.max(...body.map((r) => r.length));
  const widths = Array.from({ length: columns }, (_, c) => Math.max(...body.map((r) => width(r[c] ?? ''))));
  const right = Array.from({ length: columns }, (_, c) => /^-+:$/.test(delimiter?.[c] ?? ''));
  const pad = (text: string, c: number) => {
    const gap = ' '.repeat(Math.max(0, widths[c]! - width(text)));
    return right[c] ? gap + text : text + gap;
  };
  const line = (r: string[]) => Array.from({ length: columns }, (_, c) => pad(r[c] ?? '', c)).join('  ').trimEnd();
  const out = body.map(line);
  if (delimiter) out.splice(1, 0, widths.map((w) => '─'.repeat(w)).join('  '));
  return out;
}

export const VERDICT_LEGEND = 'Marks: ✅ better · ❌ worse · 〰 within noise · = same · ◦ not comparable · (indicative): a hint from one other run, not counted · ▲▼ the change';

export function markdownToPlainText(markdown: string): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trimStart().startsWith('|')) {
      const rows: string[] = [];
      while (i < lines.length && lines[i]!.trimStart().startsWith('|')) rows.push(lines[i++]!);
      i--;
      out.push(...table(rows));
      continue;
    }
    if (/^\s*<\/details>\s*$/.test(line)) continue;
    const summary = /<details><summary>(.*)<\/summary>/.exec(line);
    if (summary) {
      out.push(`${plainInline(summary[1]!)}:`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const text = plainInline(heading[2]!);
      out.push(text, (heading[1]!.length <= 2 ? '═' : '─').repeat(width(text)));
      continue;
    }
    out.push(plainInline(line.replace(/^>\s?/, '').replace(/^_(.*)_$/, '$1')));
  }
  const text = out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd();
  const legend = /[✅❌〰◦]/.test(text) ? `\n\n${VERDICT_LEGEND}` : '';
  return `${text}${legend}\n`;
}
