/**
 * What the Action loads before it spawns the server: the files dist/action.js imports
 * statically, transitively (dynamic import() chunks load later, when used). Measured by the
 * start-up path test, the cold-start bench and the bundle-size fact in the docs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const STATIC_IMPORT = /(?:^|[;}\n])\s*import\s*(?:[^'"()]*?from\s*)?"(\.[^"]+)"/g;

/** Each file on the start-up path of `entry` (a bundle in `dist`), with its text. */
export function startupFiles(dist: string, entry: string): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    const text = readFileSync(file, 'utf8');
    files.set(file, text);
    for (const m of text.matchAll(STATIC_IMPORT)) visit(path.join(path.dirname(file), m[1]!));
  };
  visit(path.join(dist, entry));
  return files;
}

/** Bytes on the start-up path of `entry`. */
export function startupBytes(dist: string, entry: string): number {
  return [...startupFiles(dist, entry).values()].reduce((sum, text) => sum + Buffer.byteLength(text), 0);
}
