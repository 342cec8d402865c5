/**
 * Building the page's own script and style with esbuild: page/main.ts (the page script,
 * with uPlot) as one minified IIFE, page/page.css (with uPlot's CSS) as one stylesheet.
 * scripts/build.ts writes them to dist/page/; run from the sources, page-assets.ts builds
 * them in memory on first use. Never part of a bundle (esbuild is a devDependency).
 */
import { build } from 'esbuild';
import path from 'node:path';

const HERE = import.meta.dirname;
export const PAGE_SCRIPT_ENTRY = path.join(HERE, 'page', 'main.ts');
export const PAGE_STYLE_ENTRY = path.join(HERE, 'page', 'page.css');
/** Under dist/: what scripts/build.ts writes and the bundles read. */
export const PAGE_DIST = { dir: 'page', script: 'page.js', style: 'page.css' } as const;

export interface BuiltPageAssets {
  script: string;
  style: string;
}

export async function buildPageAssets(): Promise<BuiltPageAssets> {
  const common = { bundle: true, minify: true, write: false, logLevel: 'warning', legalComments: 'none', absWorkingDir: path.resolve(HERE, '../../..') } as const;
  const [script, style] = await Promise.all([
    build({ ...common, entryPoints: [PAGE_SCRIPT_ENTRY], format: 'iife', platform: 'browser', target: 'es2020', outfile: 'page.js' }),
    build({ ...common, entryPoints: [PAGE_STYLE_ENTRY], loader: { '.css': 'css' }, outfile: 'page.css' }),
  ]);
  // The script goes into a <script> element: it must not hold "</script" (esbuild escapes it in strings, this checks).
  const js = script.outputFiles[0]!.text.trimEnd();
  if (/<\/script/i.test(js)) throw new Error('the page script holds "</script"');
  return { script: js, style: style.outputFiles[0]!.text.trimEnd() };
}
