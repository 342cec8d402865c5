/**
 * Text from servers, datasets and judges on the page, for both the static HTML and the
 * page script: invisible controls shown, long text cut, HTML escaped. The page script
 * only ever sets textContent, so escaping matters for the static part; showing controls
 * matters for both: a bidi override ("Trojan Source") would otherwise make a case id or
 * an answer read as something else. Pure, no DOM.
 */

/** C0/C1 controls but tab and newline, and the bidi marks, embeddings, overrides and isolates. */
// eslint-disable-next-line no-control-regex -- control characters are what is matched
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The text with every invisible control shown as ⟨U+XXXX⟩, so it is seen and cannot reorder what follows. */
export function visible(text: string): string {
  return text.replace(INVISIBLE, (ch) => `⟨U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}⟩`);
}

/** At most `max` code points (never half a surrogate pair), with how much was left out. */
export function cut(text: string, max: number): { text: string; omitted: number } {
  if (text.length <= max) return { text, omitted: 0 };
  const points = Array.from(text);
  if (points.length <= max) return { text, omitted: 0 };
  return { text: points.slice(0, max).join(''), omitted: points.length - max };
}

/** One line for a table cell or a label: whitespace folded, controls shown, cut with an ellipsis. */
export function oneLine(text: string, max = 200): string {
  const folded = visible(text.replace(/[\t\n\r]+/g, ' '));
  const { text: kept, omitted } = cut(folded, max);
  return omitted > 0 ? `${kept}…` : kept;
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escaped for HTML text and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ENTITIES[ch] ?? ch);
}

/** Untrusted text for the static HTML: shown controls, cut, escaped. */
export function html(text: string, max = 200): string {
  return escapeHtml(oneLine(text, max));
}
