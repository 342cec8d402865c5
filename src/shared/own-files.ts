/**
 * docs-mcp-eval's own files (its bundles' chunks, lazily loaded packages, tree-sitter
 * runtime and grammars) as they were read before the first command of the user's
 * started (action/own-code.ts). A server under test runs with the step's rights and can
 * rewrite any of them on disk; what is read from here afterwards is what was there
 * before it ran. Empty when nothing was read ahead (the CLI, the sources): callers then
 * read the disk.
 */
import path from 'node:path';

const files = new Map<string, Uint8Array>();

export function rememberOwnFile(file: string, bytes: Uint8Array): void {
  files.set(path.resolve(file), bytes);
}

/** The bytes `file` had when it was read ahead, or undefined when it was not. */
export function ownFile(file: string): Uint8Array | undefined {
  return files.get(path.resolve(file));
}

/** Every file read ahead, by absolute path. */
export function ownFiles(): ReadonlyMap<string, Uint8Array> {
  return files;
}
