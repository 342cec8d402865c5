/**
 * A Node 20 on PATH (the machine's own, outside node_modules/.bin): tests run on Node 24,
 * the Action's runtime, and the bundles must also run on Node 20, the oldest supported.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export function findNode20(): string | undefined {
  for (const dir of (process.env['PATH'] ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'node');
    if (dir.includes('node_modules') || !existsSync(candidate)) continue;
    try {
      if (execFileSync(candidate, ['--version'], { encoding: 'utf8' }).startsWith('v20.')) return candidate;
    } catch {
      // Not runnable: keep looking.
    }
  }
  return undefined;
}
