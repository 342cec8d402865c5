/**
 * mode: merge's `reports` input: files, or directories searched for *.json (what
 * actions/download-artifact leaves: one directory per artifact), relative to the workspace.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export function reportFiles(entries: readonly string[], workspace: string): string[] {
  const files: string[] = [];
  for (const entry of entries) {
    const at = path.resolve(workspace, entry);
    if (!existsSync(at)) continue;
    if (statSync(at).isFile()) files.push(at);
    else files.push(...readdirSync(at, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json')).map((f) => path.join(at, f)));
  }
  return [...new Set(files)].sort();
}
