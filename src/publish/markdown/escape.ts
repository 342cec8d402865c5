/**
 * Text that came from a dataset or a server goes into markdown tables: it must not
 * break the table (pipes, newlines) nor smuggle HTML, links, images or @mentions.
 */

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function escapeCell(text: string, maxLength = 120): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const cut = oneLine.length > maxLength ? `${oneLine.slice(0, maxLength - 1)}…` : oneLine;
  // One pass over markdown punctuation (backslash included), so no escape is escaped twice.
  return cut
    .replace(/[\\[\]()!`*_~|]/g, (ch) => `\\${ch}`)
    .replace(/[&<>"]/g, (ch) => HTML_ENTITIES[ch] ?? ch)
    .replace(/@(?=\w)/g, '@\u200b');
}

/** Inline code for ids; backticks inside are replaced so the span cannot be closed early. */
export function codeCell(text: string, maxLength = 80): string {
  const oneLine = text.replace(/\s+/g, ' ').trim().replace(/`/g, "'").replace(/\|/g, '\\|');
  const cut = oneLine.length > maxLength ? `${oneLine.slice(0, maxLength - 1)}…` : oneLine;
  return `\`${cut}\``;
}
