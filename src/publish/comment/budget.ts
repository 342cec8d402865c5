/**
 * Fitting a comment into GitHub's body limit (65,536 characters). The comment is a list
 * of sections; each has variants from full to shortest ('' = left out). When the whole
 * is too long, a fixed plan shortens the least important sections first, one variant at
 * a time, then gives room back to the most important ones, and a note says the comment
 * was truncated.
 */

export interface Section {
  id: string;
  /** variants[0] is the full text; later ones are shorter; '' leaves the section out. */
  variants: readonly string[];
}

/** One step of the plan: shorten section `id` until it reaches variant `level` (or fits). */
export type Step = readonly [id: string, level: number];

export const GITHUB_COMMENT_LIMIT = 65_536;

const SEPARATOR = '\n\n';

/**
 * The size we hold against the limit: UTF-8 bytes. GitHub says "characters" without
 * saying which; bytes are never fewer than UTF-16 code units nor code points, so
 * whichever it counts, a body within this size is within the limit.
 */
export function textSize(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}

function join(parts: readonly string[]): string {
  return `${parts.filter((p) => p !== '').join(SEPARATOR)}\n`;
}

/** The longest prefix of whole lines within maxSize, else of code points. */
function cutTo(text: string, maxSize: number): string {
  if (maxSize <= 0) return '';
  let out = '';
  let size = 0;
  for (const line of text.split('\n')) {
    const lineSize = textSize(line) + (out === '' ? 0 : 1);
    if (size + lineSize > maxSize) break;
    out += (out === '' ? '' : '\n') + line;
    size += lineSize;
  }
  if (out !== '') return out;
  let cut = '';
  for (const ch of text) {
    if (size + textSize(ch) > maxSize) break;
    cut += ch;
    size += textSize(ch);
  }
  return cut;
}

/**
 * The sections joined, shortened per `plan` until within maxSize. `note` (the truncation
 * notice) is appended as soon as anything had to go. Sections the plan never names are
 * kept whole; if they alone are too long, the text is cut at a line and the note kept.
 */
export function fitSections(sections: readonly Section[], plan: readonly Step[], maxSize: number, note: string): string {
  const full = join(sections.map((s) => s.variants[0] ?? ''));
  if (textSize(full) <= maxSize) return full;

  const level = new Map(sections.map((s) => [s.id, 0]));
  const sizes = sections.map((s) => textSize(s.variants[0] ?? ''));
  const total = (): number => {
    const kept = sizes.filter((n) => n > 0);
    return kept.reduce((a, b) => a + b, 0) + (kept.length + 1) * SEPARATOR.length + textSize(note);
  };
  for (const [id, target] of plan) {
    const index = sections.findIndex((s) => s.id === id);
    const section = sections[index];
    if (!section) continue;
    while (total() > maxSize && (level.get(id) ?? 0) < Math.min(target, section.variants.length - 1)) {
      const next = (level.get(id) ?? 0) + 1;
      level.set(id, next);
      sizes[index] = textSize(section.variants[next] ?? '');
    }
  }
  // The plan goes in coarse steps: give back room, most important section first.
  for (const id of [...new Set([...plan].reverse().map(([planned]) => planned))]) {
    const index = sections.findIndex((s) => s.id === id);
    const section = sections[index];
    if (!section) continue;
    while ((level.get(id) ?? 0) > 0) {
      const before = sizes[index] ?? 0;
      const next = (level.get(id) ?? 0) - 1;
      const size = textSize(section.variants[next] ?? '');
      sizes[index] = size;
      if (total() > maxSize) {
        sizes[index] = before;
        break;
      }
      level.set(id, next);
    }
  }
  const body = join([...sections.map((s) => s.variants[level.get(s.id) ?? 0] ?? ''), note]);
  if (textSize(body) <= maxSize) return body;
  // Last resort, for a budget smaller than the sections that are never shortened.
  const kept = join(sections.map((s) => s.variants[level.get(s.id) ?? 0] ?? ''));
  const room = maxSize - textSize(note) - SEPARATOR.length - 1;
  return room > 0 ? join([cutTo(kept, room), note]) : cutTo(kept, maxSize);
}
