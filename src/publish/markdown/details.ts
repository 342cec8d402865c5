/** A collapsed section: GitHub renders <details> natively; the blank lines let markdown inside render. */
export function details(summary: string, body: string): string {
  return `<details><summary>${summary}</summary>\n\n${body}\n\n</details>`;
}
