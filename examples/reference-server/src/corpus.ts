/**
 * Read a corpus directory into chunks. Files are visited in sorted order so the
 * same directory always yields the same chunk order and the same index file.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { chunkMarkdown } from './chunk.ts';
import type { Chunk } from './chunk.ts';

export interface Corpus {
  /** Paths relative to the root, '/'-separated, sorted. */
  files: string[];
  chunks: Chunk[];
}

/**
 * Every *.md file under `root`, relative and '/'-separated, sorted by code point.
 * Hidden entries (.git, .cache) are skipped. A hand-written walk rather than
 * readdir({ recursive }) because Dirent.parentPath is missing from early Node 20.
 */
export async function listMarkdownFiles(root: string): Promise<string[]> {
  const info = await stat(root).catch(() => undefined);
  if (!info?.isDirectory()) throw new Error(`docs directory not found: ${root}`);
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && entry.name.toLowerCase().endsWith('.md')) {
        // Chunk ids embed this path, so it must look the same on Windows as on Linux.
        found.push(relative(root, full).split(sep).join('/'));
      }
    }
  };
  await walk(root);
  // Plain comparison, not localeCompare: the order must not depend on the machine's locale.
  return found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export async function readCorpus(root: string): Promise<Corpus> {
  const files = await listMarkdownFiles(root);
  const chunks: Chunk[] = [];
  for (const file of files) {
    chunks.push(...chunkMarkdown(file, await readFile(join(root, file), 'utf8')));
  }
  return { files, chunks };
}
