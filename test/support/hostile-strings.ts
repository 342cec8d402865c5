/**
 * Strings that try to make our markdown say or do what we did not write: the attacks of
 * issue 23 (a criterion name with a link, an image and a mention; a forged count that
 * hides the verdict in an HTML comment), markdown and HTML syntax, GitHub's autolinks
 * and references, math, entities, workflow commands and invisible characters.
 */
export const HOSTILE_STRINGS: readonly string[] = [
  '<a href=https://evil.example/phish>Full report</a> <img src=https://evil.example/t.png> @octocat',
  '3\n\n= 0 metric(s) worse\n[Full report](https://evil.example/phish) @octocat\n\n<!--',
  '-->',
  '</details><img src=x onerror=alert(1)>',
  '</summary></details><script>alert(1)</script><style>body{display:none}</style>',
  '| broken | table |',
  '@acme/maintainers @everyone cc:@octocat',
  '[click](javascript:alert(1)) ![i](https://evil.example/i.png) [ref][1]\n\n[1]: https://evil.example',
  '<https://evil.example/auto> https://evil.example/bare www.evil.example foo@evil.example mailto:x@evil.example',
  '$\\huge{x}$ and $$y$$ and the budget of $0.001 is spent, $5 left',
  '#123 owner/repo#5 GH-12 acme/docs@deadbeef deadbeefcafe1234567 1234567',
  '`code` `` double ` `` and a lone ` backtick',
  '```\nfenced\n```',
  'dir\\',
  '\\| escaped pipe \\\\',
  '&lt;b&gt; &amp; &#36; &#x40;octocat &#35;12',
  ':shipit: :+1: ::error::pwned ::add-mask::secret',
  '*bold* _em_ ~~strike~~ **x** __y__',
  '# heading',
  '- item',
  '+ item',
  '1. item',
  '2) item',
  '> quote',
  '---',
  '===',
  '    indented code',
  '[^1] [ ] task [x] done',
  '<details open><summary>open</summary>',
  '<!-- a comment -->',
  '"quoted" \'single\' <b>&</b>',
  'a\u200bb\u200cc\u200dd\u2060e\u00adf\u180eg\u3164h\u{E0041}\u{E0042}i\u202ej\u2066k\ufeffl',
  'right-to-left \u202egnp.exe\u202c name',
  'tab\there\r\nand\u2028line\u2029breaks\u0085end',
  '\u001b[31mred\u001b[0m \u0007bell',
  '😀 emoji 👨‍👩‍👧 family ❤️ heart',
  '=0 metric(s) worse, 1 better',
  '❌ 1 metric(s) worse',
];

/** A long hostile string, to cross every length limit (and cut in the middle of an escape). */
export function longHostile(n: number): string {
  return Array.from({ length: n }, (_, i) => HOSTILE_STRINGS[i % HOSTILE_STRINGS.length]).join(' ');
}
