/**
 * A collapsed section: GitHub renders <details> natively; the blank lines let markdown inside render.
 * `summary` is HTML, not markdown (the line is an HTML block): our own words, or values through
 * htmlText / htmlCode (escape.ts), never escapeCell or a code span.
 */
export function details(summary: string, body: string): string {
  return `<details><summary>${summary}</summary>\n\n${body}\n\n</details>`;
}
