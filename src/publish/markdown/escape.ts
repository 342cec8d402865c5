/**
 * Text that came from a dataset or a server goes into markdown tables: it must not
 * break the table (pipes, newlines) nor smuggle HTML, links, images, math, @mentions or
 * GitHub's autolinked references (#123, owner/repo#5, GH-12, commit shas).
 */

// No entity for `"`: with `<` escaped no attribute can be opened, and with `[` and `(` escaped no
// link title, so a quote is plain text; `&quot;` only made messages unreadable in a terminal.
const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', $: '&#36;' };

/**
 * C0/C1 controls and the bidi overrides ("Trojan Source"): invisible, and the latter can
 * make a case name read as something else. Whitespace is collapsed before this runs.
 */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** One line, no invisible characters, at most maxLength code points (never half a surrogate pair). */
function clean(text: string, maxLength: number): string {
  const oneLine = text.replace(/\s+/g, ' ').replace(INVISIBLE, '').trim();
  if (oneLine.length <= maxLength) return oneLine;
  const points = Array.from(oneLine);
  return points.length > maxLength ? `${points.slice(0, maxLength - 1).join('')}…` : oneLine;
}

export function escapeCell(text: string, maxLength = 120): string {
  // One pass over markdown punctuation (backslash included), so no escape is escaped twice.
  return (
    clean(text, maxLength)
      .replace(/[\\[\]()!`*_~|]/g, (ch) => `\\${ch}`)
      // `$` opens GitHub math, where a backslash does not escape it; an entity does.
      .replace(/[&<>$]/g, (ch) => HTML_ENTITIES[ch] ?? ch)
      // A zero-width space after `@` stops mentions (and e-mail autolinks) from pinging.
      .replace(/@(?=\w)/g, '@\u200b')
      // GitHub autolinks bare URLs: a zero-width space breaks the scheme and `www.` apart.
      .replace(/:\/\//g, ':\u200b//')
      .replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}\u200b.`)
      // GitHub references: #123 and owner/repo#5 (issues, PRs), GH-12, and commit shas (7-40 hex, a digit and a letter).
      .replace(/#(?=\d)/g, '#\u200b')
      .replace(/\bGH-(?=\d)/gi, (m) => `${m.slice(0, 2)}\u200b-`)
      // A zero-width space every 6 characters: no run of 7 hex characters is left to link.
      .replace(/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,}\b/gi, (hex) => hex.replace(/(.{6})(?=.)/g, '$1\u200b'))
  );
}

/** Inline code for ids; backticks inside are replaced so the span cannot be closed early. */
export function codeCell(text: string, maxLength = 80): string {
  const cut = clean(text, maxLength).replace(/`/g, "'").replace(/\|/g, '\\|');
  // An empty span would be two backticks: an opener that could pair with a later one.
  return cut === '' ? '`""`' : `\`${cut}\``;
}
