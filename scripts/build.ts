/**
 * Bundles what ships: dist/cli.js (the CLI), dist/action.js (the Action) and the reference server's build and
 * server commands, so they run on Node 20 and 24 without a TypeScript loader.
 * `--out-root <dir>` writes the same files under another root: the dist freshness
 * test builds there and compares bytes with what is committed.
 */
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { GRAMMAR_PACKAGE, RUNTIME_CJS, RUNTIME_JS, grammarAssets } from '../src/answers/rules/parsers/grammar-files.ts';
import { CONFIG_SCHEMA_FILE, GENERATED_DIR, generateValidators } from './generate-validators.ts';
import { generateReportSchemas, REPORT_SCHEMA_DIR } from './report-schema.ts';
import { LAZY_PACKAGES, lazyFileName } from '../src/shared/lazy-require.ts';
import { startupChunk, startupPlan } from './startup-chunk.ts';
import { buildPageAssets, PAGE_DIST } from '../src/publish/html/page-build.ts';

/**
 * `split`: the Action is code-split so the GitHub modules it imports dynamically land in
 * dist/chunks/ and load only when used (they would otherwise delay the server's spawn).
 */
export const BUNDLES = [
  { entry: 'src/cli/main.ts', out: 'dist/cli.js', split: false },
  { entry: 'src/index.ts', out: 'dist/index.js', split: false },
  { entry: 'src/action/main.ts', out: 'dist/action.js', split: true },
  { entry: 'examples/reference-server/src/build.ts', out: 'examples/reference-server/dist/build.js', split: false },
  { entry: 'examples/reference-server/src/server.ts', out: 'examples/reference-server/dist/server.js', split: false },
] as const;

/** Folders the build owns entirely (emptied first, so no stale chunk survives). */
export const OUTPUT_DIRS = ['dist', 'examples/reference-server/dist'] as const;
/** Everything the build writes, for the freshness test: the bundles, the generated validators and the report schemas. */
export const BUILD_OUTPUTS = [...OUTPUT_DIRS, 'src/suite/generated', CONFIG_SCHEMA_FILE, REPORT_SCHEMA_DIR] as const;

const root = path.resolve(import.meta.dirname, '..');

/**
 * undici (≈400 KB) is imported at the top of @actions/http-client and @actions/github
 * only for a proxy agent and fetch, but evaluating it costs ~100 ms of the Action's cold
 * start. This plugin hands them a stand-in that loads the real undici on first use.
 */
const lazyUndici: Plugin = {
  name: 'lazy-undici',
  setup(b) {
    b.onResolve({ filter: /^undici$/ }, (args) => (args.namespace === 'lazy-undici' ? undefined : { path: 'undici', namespace: 'lazy-undici' }));
    b.onLoad({ filter: /.*/, namespace: 'lazy-undici' }, () => ({
      resolveDir: root,
      loader: 'js',
      contents: [
        'let real;',
        "const load = () => (real ??= require('undici'));",
        'export class ProxyAgent { constructor(...args) { return new (load().ProxyAgent)(...args); } }',
        'export function fetch(...args) { return load().fetch(...args); }',
      ].join('\n'),
    }));
  },
};

/**
 * @actions/core imports its OIDC client (and with it @actions/http-client, tunnel and undici,
 * ≈450 KB, plus an ESM import of node:http whose facade loads Node's own undici) only for
 * getIDToken(), which docs-mcp-eval never calls. The stand-in keeps them out of the Action's
 * start-up path; the GitHub chunk still bundles the real http-client for octokit.
 */
const noOidc: Plugin = {
  name: 'no-oidc',
  setup(b) {
    b.onResolve({ filter: /^\.\/oidc-utils\.js$/ }, (args) =>
      /[\\/]@actions[\\/]core[\\/]/.test(args.importer) ? { path: 'oidc-utils', namespace: 'no-oidc' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'no-oidc' }, () => ({
      loader: 'js',
      contents: "export class OidcClient { static getIDToken() { throw new Error('docs-mcp-eval does not request OIDC tokens'); } }",
    }));
  },
};

/**
 * @actions/core imports node:crypto at the top of its file commands for one randomUUID()
 * (the delimiter of a multi-line output), which would load node:crypto before the server's
 * spawn. The stand-in loads it when that call is made (src/shared/lazy-crypto.ts).
 */
const lazyCoreCrypto: Plugin = {
  name: 'lazy-core-crypto',
  setup(b) {
    b.onResolve({ filter: /^(node:)?crypto$/ }, (args) =>
      /[\\/]@actions[\\/]core[\\/]/.test(args.importer) ? { path: 'crypto', namespace: 'lazy-core-crypto' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-core-crypto' }, () => ({
      resolveDir: root,
      loader: 'js',
      contents: "import { nodeCrypto } from './src/shared/lazy-crypto.ts'; export const randomUUID = () => nodeCrypto().randomUUID();",
    }));
  },
};

const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'none',
  minify: true,
  logLevel: 'warning',
  plugins: [lazyUndici, noOidc, lazyCoreCrypto],
  // Lets sources tell bundle from source, for the lazy requires that only a bundle can do (src/answers/rules/load-re2.ts).
  define: { DME_BUNDLE: 'true' },
  // Some bundled CommonJS dependencies call require(); give ESM output a real one.
  // Made on first call: most chunks never require anything, and each import.meta they touch costs start-up time.
  banner: { js: "import { createRequire as __dmeCreateRequire } from 'node:module'; let __dmeRequire; const require = (id) => (__dmeRequire ??= __dmeCreateRequire(import.meta.url))(id);" },
};

/**
 * The packages the bundles load on first use (src/shared/lazy-require.ts), one CommonJS
 * file each in dist/lazy/: the bundles hold no copy, so they cost a run's start nothing.
 */
async function buildLazyPackages(outRoot: string): Promise<string[]> {
  const written: string[] = [];
  for (const name of LAZY_PACKAGES) {
    const outfile = path.join(outRoot, 'dist/lazy', lazyFileName(name));
    await build({
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      legalComments: 'none',
      minify: true,
      logLevel: 'warning',
      absWorkingDir: root,
      stdin: { contents: `module.exports = require(${JSON.stringify(name)});`, resolveDir: root, loader: 'js' },
      outfile,
    });
    written.push(outfile);
  }
  return written;
}

/**
 * code_parses' tree-sitter runtime and grammars (≈5 MB of WASM): copied, never bundled, and
 * read from disk only when a dataset uses code_parses (src/answers/rules/parsers/load.ts).
 */
export const GRAMMARS_DIR = 'dist/grammars';

function copyGrammars(outRoot: string): string[] {
  const from = path.dirname(createRequire(import.meta.url).resolve(GRAMMAR_PACKAGE));
  const to = path.join(outRoot, GRAMMARS_DIR);
  mkdirSync(to, { recursive: true });
  return grammarAssets().map((file) => {
    // dist/ is an ES module scope ("type": "module"), so the CommonJS runtime must be .cjs.
    const target = path.join(to, file === RUNTIME_JS ? RUNTIME_CJS : file);
    copyFileSync(path.join(from, file), target);
    return target;
  });
}

/**
 * The HTML page's script (with uPlot) and style, in dist/page/: read when a page is
 * written (src/publish/html/page-assets.ts), so no bundle carries them.
 */
async function writePageAssets(outRoot: string): Promise<string[]> {
  const dir = path.join(outRoot, 'dist', PAGE_DIST.dir);
  mkdirSync(dir, { recursive: true });
  const assets = await buildPageAssets();
  const files = [path.join(dir, PAGE_DIST.script), path.join(dir, PAGE_DIST.style)];
  writeFileSync(files[0]!, `${assets.script}\n`);
  writeFileSync(files[1]!, `${assets.style}\n`);
  return files;
}

export async function buildAll(outRoot: string = root): Promise<string[]> {
  for (const dir of OUTPUT_DIRS) rmSync(path.join(outRoot, dir), { recursive: true, force: true });
  mkdirSync(path.join(outRoot, GENERATED_DIR), { recursive: true });
  mkdirSync(path.join(outRoot, path.dirname(CONFIG_SCHEMA_FILE)), { recursive: true });
  mkdirSync(path.join(outRoot, REPORT_SCHEMA_DIR), { recursive: true });
  // The report schemas first: the bundles embed them (report/check-schema.ts), so types changed by anyone flow in.
  const written: string[] = [...generateReportSchemas(outRoot, root), ...generateValidators(outRoot)];
  for (const bundle of BUNDLES) {
    const outfile = path.join(outRoot, bundle.out);
    const target = bundle.split
      ? { splitting: true, outdir: path.dirname(outfile), entryNames: path.basename(outfile, '.js'), chunkNames: 'chunks/[name]-[hash]' }
      : { outfile };
    const options = { ...common, ...target, absWorkingDir: root, entryPoints: [path.join(root, bundle.entry)], metafile: true as const };
    // A split bundle is planned by a first build (not written), then built with its start-up modules in one chunk (scripts/startup-chunk.ts).
    const plugins = bundle.split ? [...(common.plugins ?? []), startupChunk(root, startupPlan((await build({ ...options, write: false })).metafile, root, bundle.entry))] : (common.plugins ?? []);
    const result = await build({ ...options, plugins });
    written.push(...Object.keys(result.metafile.outputs).map((file) => path.resolve(root, file)));
  }
  written.push(...(await buildLazyPackages(outRoot)));
  written.push(...copyGrammars(outRoot));
  written.push(...(await writePageAssets(outRoot)));
  return written;
}

if (import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({ options: { 'out-root': { type: 'string' } } });
  const written = await buildAll(values['out-root'] ? path.resolve(values['out-root']) : root);
  for (const file of written) process.stdout.write(`built ${path.relative(process.cwd(), file)}\n`);
}
