/**
 * The tree-sitter files code_parses needs, all from @vscode/tree-sitter-wasm (one package,
 * so the runtime and the grammars share an ABI). scripts/build.ts copies exactly these into
 * dist/grammars/; nothing here is bundled. Kept import-free so the build script can read it.
 *
 * Sizes (package 0.3.1): runtime tree-sitter.js 169 KB + tree-sitter.wasm 206 KB;
 * grammars: typescript 1,414 KB, tsx 1,446 KB, javascript 412 KB, python 458 KB,
 * rust 1,114 KB, go 217 KB. About 5.4 MB in all, read from disk only by code_parses.
 */

/** The package whose wasm/ folder holds these files. */
export const GRAMMAR_PACKAGE = '@vscode/tree-sitter-wasm';

/** The runtime's JS. It is CommonJS: the build copies it as tree-sitter.cjs, since dist/ is an ES module scope. */
export const RUNTIME_JS = 'tree-sitter.js';
export const RUNTIME_CJS = 'tree-sitter.cjs';
export const RUNTIME_WASM = 'tree-sitter.wasm';

/** Canonical language (languages.ts) -> grammars to try in order; a block parses if one accepts it. */
export const PARSER_GRAMMARS: Readonly<Record<string, readonly string[]>> = {
  // A ```ts block with JSX in it is still TypeScript to its author: tsx is the fallback.
  typescript: ['tree-sitter-typescript.wasm', 'tree-sitter-tsx.wasm'],
  tsx: ['tree-sitter-tsx.wasm'],
  // tree-sitter-javascript parses JSX itself.
  javascript: ['tree-sitter-javascript.wasm'],
  jsx: ['tree-sitter-javascript.wasm'],
  python: ['tree-sitter-python.wasm'],
  rust: ['tree-sitter-rust.wasm'],
  go: ['tree-sitter-go.wasm'],
};

/** Every file dist/grammars/ must hold, named as in the package (the runtime JS before renaming). */
export function grammarAssets(): string[] {
  return [RUNTIME_JS, RUNTIME_WASM, ...new Set(Object.values(PARSER_GRAMMARS).flat())];
}
