/**
 * Code block languages: the tags people and models write (```ts, ```golang, ```node)
 * mapped to one canonical name, so rules compare languages, not spellings.
 */

/** Canonical name -> the tags that mean it (the canonical name itself included). */
const ALIASES: Record<string, readonly string[]> = {
  typescript: ['typescript', 'ts', 'mts', 'cts'],
  tsx: ['tsx'],
  javascript: ['javascript', 'js', 'node', 'nodejs', 'mjs', 'cjs', 'ecmascript'],
  jsx: ['jsx'],
  python: ['python', 'py', 'python3', 'py3'],
  rust: ['rust', 'rs'],
  go: ['go', 'golang'],
  shell: ['shell', 'sh', 'bash', 'zsh'],
  console: ['console', 'shell-session', 'terminal'],
  powershell: ['powershell', 'ps1', 'pwsh'],
  json: ['json', 'jsonc', 'json5'],
  yaml: ['yaml', 'yml'],
  toml: ['toml'],
  xml: ['xml'],
  html: ['html', 'htm'],
  css: ['css', 'scss', 'sass', 'less'],
  markdown: ['markdown', 'md', 'mdx'],
  sql: ['sql'],
  graphql: ['graphql', 'gql'],
  protobuf: ['protobuf', 'proto'],
  dockerfile: ['dockerfile', 'docker'],
  makefile: ['makefile', 'make'],
  c: ['c', 'h'],
  cpp: ['cpp', 'c++', 'cc', 'cxx', 'hpp'],
  csharp: ['csharp', 'cs', 'c#'],
  java: ['java'],
  kotlin: ['kotlin', 'kt'],
  swift: ['swift'],
  ruby: ['ruby', 'rb'],
  php: ['php'],
  solidity: ['solidity', 'sol'],
  move: ['move'],
  cairo: ['cairo'],
  haskell: ['haskell', 'hs'],
  ocaml: ['ocaml', 'ml'],
  elixir: ['elixir', 'ex', 'exs'],
  zig: ['zig'],
  diff: ['diff', 'patch'],
  text: ['text', 'txt', 'plaintext', 'plain'],
};

const CANONICAL = new Map<string, string>(Object.entries(ALIASES).flatMap(([name, tags]) => tags.map((tag) => [tag, name] as const)));

/**
 * A requested language also accepts its JSX dialect: a rule asking for TypeScript is
 * met by a ```tsx block, while one asking for tsx wants JSX specifically.
 */
const DIALECTS: Record<string, readonly string[]> = {
  typescript: ['tsx'],
  javascript: ['jsx'],
};

/** The canonical name of a tag, or undefined when the tag is not a known language. */
export function canonicalLanguage(tag: string): string | undefined {
  return CANONICAL.get(tag.trim().toLowerCase());
}

/** The canonical name when known, else the tag lower-cased: unknown tags still compare by spelling. */
export function normalizeLanguage(tag: string): string {
  return canonicalLanguage(tag) ?? tag.trim().toLowerCase();
}

/** Whether a block tagged `blockLanguage` (already normalized) satisfies a request for `wanted`. */
export function languageSatisfies(blockLanguage: string | undefined, wanted: string): boolean {
  if (blockLanguage === undefined) return false;
  const want = normalizeLanguage(wanted);
  return blockLanguage === want || (DIALECTS[want]?.includes(blockLanguage) ?? false);
}

export function knownLanguages(): string[] {
  return Object.keys(ALIASES);
}
