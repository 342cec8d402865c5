/** The installed docs-mcp-eval package's own folder, where the embedded default lives. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function packageRoot(from: string = fileURLToPath(import.meta.url)): string {
  let dir = path.dirname(from);
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === 'docs-mcp-eval') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`docs-mcp-eval: cannot find the package root above ${from}`);
    dir = parent;
  }
}
