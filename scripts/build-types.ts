/**
 * `npm pack`'s (and `npm publish`'s) prepack step: the library's types as .d.ts files in
 * types/ (not committed), generated from src/index.ts, so the package ships types without
 * shipping src/. The sources import each other as `./x.ts` (Node runs them as they are);
 * a declaration file must name what the package holds, `./x.js` beside `./x.d.ts`, so the
 * specifiers are rewritten. Types from bundled libraries (the MCP SDK's Tool, ajv's) stay
 * imports of those packages: a consumer without them sees `any` there (skipLibCheck).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'types');
rmSync(out, { recursive: true, force: true });
execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', path.join(root, 'scripts/tsconfig.types.json')], { stdio: 'inherit' });

let files = 0;
for (const entry of readdirSync(out, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
  const file = path.join(entry.parentPath, entry.name);
  const text = readFileSync(file, 'utf8');
  // `from './x.ts'`, `import('./x.ts')`: relative specifiers only; packages keep theirs.
  const rewritten = text.replace(/((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]+?)\.ts(['"])/g, '$1$2.js$3');
  if (rewritten !== text) writeFileSync(file, rewritten);
  files++;
}
process.stderr.write(`prepack: ${files} declaration files in types/\n`);
