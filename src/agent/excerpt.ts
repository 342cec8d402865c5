/**
 * What a trajectory keeps of long text: the start of a tool result or a message, and
 * arguments with their long strings cut, so a report of many task runs stays readable
 * (and small) while every call still shows what was asked and what came back.
 */

/** Characters kept of a tool result, a step's text, a final message. */
export const EXCERPT_CHARS = 600;
/** Characters kept of one string argument (a written file's content). */
export const ARG_CHARS = 2_000;
/** Characters kept of the final message (assertions read it whole; the report keeps this much). */
export const FINAL_CHARS = 4_000;

export function excerpt(text: string, max = EXCERPT_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}… [${text.length - max} more characters]`;
}

/** The arguments with every long string cut (plain JSON data in, plain JSON data out). */
export function shortArgs(value: unknown): unknown {
  if (typeof value === 'string') return excerpt(value, ARG_CHARS);
  if (Array.isArray(value)) return value.map(shortArgs);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shortArgs(v)]));
  return value;
}
