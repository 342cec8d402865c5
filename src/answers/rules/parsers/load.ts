/**
 * Finds and loads the tree-sitter runtime and grammars, on first use only: a run whose
 * dataset has no code_parses rule never touches them, and none of it is in the bundles.
 *
 * Where the files are looked for, first hit wins:
 * 1. `grammarsDir` when the caller gives one (tests, custom set-ups);
 * 2. `grammars/` beside the running bundle (dist/grammars/, copied by scripts/build.ts),
 *    or one folder up when this code sits in dist/chunks/;
 * 3. the package in node_modules (running the sources: tests, Node type stripping).
 * The runtime JS is required from that folder by path, so esbuild never sees it.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '@vscode/tree-sitter-wasm';
import type * as TreeSitter from '@vscode/tree-sitter-wasm';
import { GRAMMAR_PACKAGE, RUNTIME_CJS, RUNTIME_JS, RUNTIME_WASM } from './grammar-files.ts';
import { ownFile } from '../../../shared/own-files.ts';

/** The runtime module's shape, as far as this code uses it. */
export type TreeSitterModule = typeof TreeSitter;

export interface LoadedRuntime {
  dir: string;
  module: TreeSitterModule;
}

const runtimes = new Map<string, Promise<LoadedRuntime>>();
const languages = new Map<string, Promise<Language>>();

/** The folders to look in, in order. */
export function grammarDirCandidates(grammarsDir?: string): string[] {
  if (grammarsDir !== undefined) return [path.resolve(grammarsDir)];
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dirs = [path.join(here, 'grammars'), path.join(here, '..', 'grammars')];
  try {
    dirs.push(path.dirname(createRequire(import.meta.url).resolve(GRAMMAR_PACKAGE)));
  } catch {
    // Not installed (a user's copy of dist/): the bundle's own grammars/ is the place.
  }
  return dirs;
}

function runtimeFile(dir: string): string | undefined {
  if (!existsSync(path.join(dir, RUNTIME_WASM))) return undefined;
  return [RUNTIME_CJS, RUNTIME_JS].map((name) => path.join(dir, name)).find((file) => existsSync(file));
}

/** Loads (once per folder) and initializes the runtime; rejects with where it looked. */
export function loadRuntime(grammarsDir?: string): Promise<LoadedRuntime> {
  const candidates = grammarDirCandidates(grammarsDir);
  const dir = candidates.find((d) => runtimeFile(d) !== undefined);
  if (dir === undefined) {
    return Promise.reject(new Error(`tree-sitter runtime not found (looked in ${candidates.join(', ')}): run \`npm run build\` or install ${GRAMMAR_PACKAGE}`));
  }
  let loading = runtimes.get(dir);
  if (!loading) {
    loading = (async () => {
      const load = createRequire(import.meta.url);
      const module = load(runtimeFile(dir) as string) as TreeSitterModule;
      // The WASM as read before the server ran, where the Action read it ahead (shared/own-files.ts).
      const wasmBinary = ownFile(path.join(dir, RUNTIME_WASM));
      await module.Parser.init({ locateFile: (file: string) => path.join(dir, file), ...(wasmBinary ? { wasmBinary } : {}) });
      return { dir, module };
    })();
    runtimes.set(dir, loading);
    // A failed load is not cached: the next call tries again and reports its own error.
    loading.catch(() => runtimes.delete(dir));
  }
  return loading;
}

/** Loads a grammar file of the runtime's folder (once); undefined when the file is absent. */
export function loadGrammar(runtime: LoadedRuntime, file: string): Promise<Language> | undefined {
  const full = path.join(runtime.dir, file);
  if (!existsSync(full)) return undefined;
  let loading = languages.get(full);
  if (!loading) {
    const ahead = ownFile(full);
    loading = (ahead ? Promise.resolve(ahead) : readFile(full)).then((bytes) => runtime.module.Language.load(new Uint8Array(bytes)));
    languages.set(full, loading);
    loading.catch(() => languages.delete(full));
  }
  return loading;
}
