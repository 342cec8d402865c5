/**
 * Bundles what ships: dist/cli.js (the CLI), dist/action.js (the Action) and the reference server's build and
 * server commands, so they run on Node 20 and 24 without a TypeScript loader.
 * `--out-root <dir>` writes the same files under another root: the dist freshness
 * test builds there and compares bytes with what is committed.
 */
import { build, type BuildOptions } from 'esbuild';
import path from 'node:path';
import { parseArgs } from 'node:util';

export const BUNDLES = [
  { entry: 'src/cli/main.ts', out: 'dist/cli.js' },
  { entry: 'src/action/main.ts', out: 'dist/action.js' },
  { entry: 'examples/reference-server/src/build.ts', out: 'examples/reference-server/dist/build.js' },
  { entry: 'examples/reference-server/src/server.ts', out: 'examples/reference-server/dist/server.js' },
] as const;

const root = path.resolve(import.meta.dirname, '..');

const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'none',
  minify: true,
  logLevel: 'warning',
  // Some bundled CommonJS dependencies call require(); give ESM output a real one.
  banner: { js: "import { createRequire as __dmeCreateRequire } from 'node:module'; const require = __dmeCreateRequire(import.meta.url);" },
};

export async function buildAll(outRoot: string = root): Promise<string[]> {
  const written: string[] = [];
  for (const bundle of BUNDLES) {
    const outfile = path.join(outRoot, bundle.out);
    await build({ ...common, absWorkingDir: root, entryPoints: [path.join(root, bundle.entry)], outfile });
    written.push(outfile);
  }
  return written;
}

if (import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({ options: { 'out-root': { type: 'string' } } });
  const written = await buildAll(values['out-root'] ? path.resolve(values['out-root']) : root);
  for (const file of written) process.stdout.write(`built ${path.relative(process.cwd(), file)}\n`);
}
