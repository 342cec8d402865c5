/**
 * Characters that show nothing, or change how the text around them shows: control
 * characters (C0, DEL, C1), Unicode format characters (Cf: bidi marks, embeddings,
 * overrides and isolates, zero-width space, joiners and word joiner, soft hyphen,
 * U+180E, the tag characters U+E0000–U+E007F) and every other default-ignorable code
 * point (U+3164 and the other Hangul fillers, variation selectors). In names they make
 * two different strings look the same, and they can hide text that a reader never sees
 * but an LLM reviewer reads. Text from a dataset, a server, a judge or a pull request's
 * report loses them before it is shown (markdown, log, terminal).
 */
export const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/** `text` without invisible characters (whitespace controls such as tab and newline included: fold them first if they matter). */
export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}
