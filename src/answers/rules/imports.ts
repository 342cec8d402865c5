/**
 * has_import and expected imports: which modules an answer's code imports, read per
 * language from the import statements themselves (seed 000 searched the module name
 * after "use " or "import" anywhere, so prose "use o1js to…" counted).
 *
 * A module counts when imported itself or through a subpath, never through a longer name:
 * `o1js` is met by 'o1js' and 'o1js/dist/node', not by 'o1js-pack'. Subpaths are spelled
 * per language: JS `m/sub`, Python `m.sub`, Rust `m::sub`, Go `m/sub`. Rust crate names are
 * compared with `-` read as `_` (the crate anchor-lang is `use anchor_lang::…`), and JS
 * 'node:fs' counts as 'fs'. Comments are not told apart from code.
 */
import type { CodeBlock } from './code-blocks.ts';
import { normalizeLanguage } from './languages.ts';

export type ImportFamily = 'js' | 'python' | 'rust' | 'go';

export interface FoundImport {
  family: ImportFamily;
  specifier: string;
}

const FAMILY: Record<string, ImportFamily> = {
  typescript: 'js',
  tsx: 'js',
  javascript: 'js',
  jsx: 'js',
  python: 'python',
  rust: 'rust',
  go: 'go',
};

/** The import family of a language tag, or undefined when has_import cannot read that language. */
export function importFamily(language: string): ImportFamily | undefined {
  return FAMILY[normalizeLanguage(language)];
}

export function importLanguages(): string[] {
  return Object.keys(FAMILY);
}

const JS_PATTERNS = [
  // import x from 'm', import { a,\n b } from 'm', import type T from 'm', export * from 'm'
  /\b(?:import|export)\s+[\w$*{}\s,]*?\bfrom\s*(['"])([^'"\n]+)\1/g,
  // import 'm' (side effects only)
  /\bimport\s*(['"])([^'"\n]+)\1/g,
  // import('m'), require('m'), import x = require('m')
  /\b(?:import|require)\s*\(\s*(['"`])([^'"`\n]+)\1\s*\)/g,
];

const PY_IMPORT = /(?:^|;)[ \t]*import[ \t]+([^\n#;]+)/gm;
const PY_FROM = /(?:^|;)[ \t]*from[ \t]+([\w.]+)[ \t]+import\b/gm;
const RUST_USE = /(?:^|[;{}])[ \t]*(?:pub(?:\([^)\n]*\))?[ \t]+)?use[ \t]+(?:::)?([A-Za-z_]\w*(?:::[A-Za-z_]\w*)*)/gm;
const RUST_CRATE = /\bextern[ \t]+crate[ \t]+([A-Za-z_]\w*)/g;
const GO_SINGLE = /(?:^|;)[ \t]*import[ \t]+(?:[\w.]+[ \t]+)?(["`])([^"`\n]+)\1/gm;
const GO_BLOCK = /(?:^|;)[ \t]*import[ \t]*\(([^)]*)\)/gm;
const GO_STRING = /(["`])([^"`\n]+)\1/g;

export function extractImports(code: string, family: ImportFamily): FoundImport[] {
  const specifiers: string[] = [];
  if (family === 'js') {
    for (const pattern of JS_PATTERNS) for (const m of code.matchAll(pattern)) specifiers.push(m[2] ?? '');
  } else if (family === 'python') {
    for (const m of code.matchAll(PY_IMPORT)) {
      // import a, b.c as d
      for (const part of (m[1] ?? '').split(',')) specifiers.push(/^\s*([\w.]+)/.exec(part)?.[1] ?? '');
    }
    // Relative imports (from . import x) name no module.
    for (const m of code.matchAll(PY_FROM)) if (!m[1]?.startsWith('.')) specifiers.push(m[1] ?? '');
  } else if (family === 'rust') {
    for (const m of code.matchAll(RUST_USE)) specifiers.push(m[1] ?? '');
    for (const m of code.matchAll(RUST_CRATE)) specifiers.push(m[1] ?? '');
  } else {
    for (const m of code.matchAll(GO_SINGLE)) specifiers.push(m[2] ?? '');
    for (const m of code.matchAll(GO_BLOCK)) for (const s of (m[1] ?? '').matchAll(GO_STRING)) specifiers.push(s[2] ?? '');
  }
  return specifiers.filter((s) => s !== '').map((specifier) => ({ family, specifier }));
}

/** Whether an import of `found` brings in `module` (itself or a subpath of it). */
export function importMatches(found: FoundImport, module: string): boolean {
  const want = module.trim();
  switch (found.family) {
    case 'js': {
      const strip = (s: string) => s.replace(/^node:/, '');
      return underPath(strip(found.specifier), strip(want), '/');
    }
    case 'python':
      return underPath(found.specifier, want, '.');
    case 'rust': {
      const crate = (s: string) => s.replace(/-/g, '_');
      return underPath(crate(found.specifier), crate(want), '::');
    }
    case 'go':
      return underPath(found.specifier, want, '/');
  }
}

function underPath(specifier: string, module: string, separator: string): boolean {
  return module !== '' && (specifier === module || specifier.startsWith(module + separator));
}

export interface ImportSearch {
  /** The matching import and where it was seen ("block 2" or "text"). */
  found: (FoundImport & { where: string }) | undefined;
  /** Every import seen, for the failure message. */
  seen: string[];
  /** Where the search looked: the answer's code blocks, or its text when it has none. */
  scope: 'code blocks' | 'text';
}

/**
 * Looks in the code blocks first (those of `language` and untagged ones when a language
 * is given), and in the whole text only when the answer has no code block at all.
 */
export function searchImport(text: string, blocks: CodeBlock[], module: string, language?: string): ImportSearch {
  const wanted = language === undefined ? undefined : importFamily(language);
  const families = (tag: string | undefined): ImportFamily[] => {
    if (wanted) return [wanted];
    const own = tag === undefined ? undefined : FAMILY[tag];
    return own ? [own] : ['js', 'python', 'rust', 'go'];
  };
  const sources =
    blocks.length > 0
      ? blocks
          .filter((b) => wanted === undefined || b.language === undefined || FAMILY[b.language] === wanted)
          .map((b) => ({ code: b.code, tag: b.language, where: `block ${b.index}` }))
      : [{ code: text, tag: undefined, where: 'text' }];
  const seen: string[] = [];
  for (const source of sources) {
    for (const family of families(source.tag)) {
      for (const found of extractImports(source.code, family)) {
        if (importMatches(found, module)) return { found: { ...found, where: source.where }, seen, scope: blocks.length > 0 ? 'code blocks' : 'text' };
        if (!seen.includes(found.specifier)) seen.push(found.specifier);
      }
    }
  }
  return { found: undefined, seen, scope: blocks.length > 0 ? 'code blocks' : 'text' };
}
