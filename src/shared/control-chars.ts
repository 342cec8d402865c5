/**
 * Text from a server, a dataset or a judge is printed where it can do harm: a terminal
 * obeys escape sequences (ANSI CSI colours and cursor moves, OSC titles and hyperlinks),
 * and bidi controls ("Trojan Source") make a line read as something else. Such text is
 * made inert before it is printed: escape sequences and the other C0/C1 controls are
 * dropped (tab and, when asked, newline kept), and so are bidi controls and the other
 * invisible characters (shared/invisible.ts: zero-width, tag characters, fillers).
 */

// ESC [ … final byte (CSI); ESC ] … BEL or ESC \ (OSC); ESC P/X/^/_ … ESC \ (DCS, SOS, PM, APC); ESC + one byte.
// eslint-disable-next-line no-control-regex -- control characters are what is matched
const ESCAPE_SEQUENCE = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[PX^_][^\u001b]*(?:\u001b\\)?|\u009b[0-?]*[ -/]*[@-~]|\u001b[\s\S]?/g;
// C0 but tab and newline, DEL, C1, and the format and default-ignorable characters (bidi controls among them).
// eslint-disable-next-line no-control-regex -- control characters are what is matched
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/** The text without escape sequences and control characters; newlines kept unless `oneLine` (then folded to spaces). */
export function inert(text: string, options: { oneLine?: boolean } = {}): string {
  const cleaned = text.replace(/\r\n?/g, '\n').replace(ESCAPE_SEQUENCE, '').replace(CONTROLS, '');
  return options.oneLine ? cleaned.replace(/\s*\n\s*/g, ' ⏎ ') : cleaned;
}
