/**
 * The Action's own code, held before the first command of the user's runs. The server
 * under test, its build and setup run with the step's rights: they can rewrite the files
 * of dist/ that the Action loads later (publishing, comparison, GitHub's client, lazily
 * loaded packages, tree-sitter), which would then run inside the Action with its token.
 *
 * So, once, before the first such command: every file of dist/ the Action may load is
 * read into memory (a few MB from the page cache, read by libuv's threads while the
 * config is prepared, no parsing: the cold start keeps its split bundle), and a module load hook (`module.registerHooks`, Node ≥
 * 22.15 / 23.5; the Action runs on node24) serves every `file:` URL under dist/ from that
 * copy and refuses any file it does not hold. Tree-sitter's WASM is served from the same
 * copy (shared/own-files.ts). What runs after the spawn is the bytes read before it.
 *
 * Without `registerHooks` (Node 20 running dist/action.js by hand), every chunk and lazy
 * package is loaded before the spawn instead: slower to start, as safe.
 */
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import module, { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { distDir } from '../shared/lazy-require.ts';
import { ownFiles, rememberOwnFile } from '../shared/own-files.ts';

declare const DME_BUNDLE: boolean | undefined;

/** Bundles in dist/ the Action never loads (the CLI's and the library's). */
const NOT_OURS = new Set(['cli.js', 'index.js']);

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

type LoadHooks = { load: (url: string, context: { format?: string | null | undefined }, next: (url: string, context?: object) => object) => object };
type RegisterHooks = (hooks: LoadHooks) => unknown;

function serveFromMemory(register: RegisterHooks, dist: string): void {
  const root = pathToFileURL(`${dist}${path.sep}`).href;
  const sources = new Map([...ownFiles()].map(([file, bytes]) => [pathToFileURL(file).href, bytes]));
  register({
    load(url, context, next) {
      if (!url.startsWith(root)) return next(url, context);
      const source = sources.get(url.split(/[?#]/)[0]!);
      if (source === undefined) throw new Error(`docs-mcp-eval: refusing to load ${url}: it is not one of the Action's files as they were before the server under test started`);
      return { format: url.endsWith('.cjs') ? 'commonjs' : 'module', source, shortCircuit: true };
    },
  });
}

/** Node without load hooks: load what could be loaded later now, while the files are still ours. */
async function loadEverythingNow(dist: string): Promise<void> {
  const load = createRequire(import.meta.url);
  // Dynamic by path (every chunk found in dist/), so not in action/lazy.ts with the stage's fixed lazy loads.
  for (const file of ownFiles().keys()) {
    if (file.endsWith('.cjs')) load(file);
    else if (file.endsWith('.js') && path.dirname(file) === path.join(dist, 'chunks')) await import(pathToFileURL(file).href);
  }
}

let held: 'hooks' | 'loaded' | 'sources' | undefined;

/**
 * Holds the Action's own code; start it early and await it before the first command of
 * the user's starts (the build, the setup, the server). Returns how: 'hooks' (served from memory),
 * 'loaded' (no hooks: loaded ahead), 'sources' (not a bundle: nothing to hold).
 */
export async function holdOwnCode(): Promise<'hooks' | 'loaded' | 'sources'> {
  if (held) return held;
  if (typeof DME_BUNDLE === 'undefined') return (held = 'sources');
  const dist = distDir();
  const files = filesUnder(dist).filter((file) => !NOT_OURS.has(path.relative(dist, file)));
  for (const [i, bytes] of (await Promise.all(files.map((file) => readFile(file)))).entries()) rememberOwnFile(files[i]!, bytes);
  const register = (module as unknown as { registerHooks?: RegisterHooks }).registerHooks;
  if (register) {
    serveFromMemory(register.bind(module), dist);
    return (held = 'hooks');
  }
  await loadEverythingNow(dist);
  return (held = 'loaded');
}
