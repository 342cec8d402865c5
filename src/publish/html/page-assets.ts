/**
 * The page's script and style, loaded in one place and only when a page is written: from
 * dist/page/ in a bundle (scripts/build.ts writes them there, so no bundle holds them and
 * the Action's start-up path never parses them), built by esbuild in memory when run from
 * the sources (tests, `node src/...`).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { distDir } from '../../shared/lazy-require.ts';
import { ownFile } from '../../shared/own-files.ts';
import type { BuiltPageAssets, buildPageAssets } from './page-build.ts';

declare const DME_BUNDLE: boolean | undefined;

export type PageAssets = BuiltPageAssets;

let loading: Promise<PageAssets> | undefined;

async function fromDist(): Promise<PageAssets> {
  // Kept in step with PAGE_DIST (page-build.ts), which a bundle must not import.
  const dir = path.join(distDir(), 'page');
  // As read before the server under test ran, where the Action held its files (action/own-code.ts): a server cannot put its script in the page.
  const read = (file: string) => {
    const held = ownFile(file);
    return held ? Promise.resolve(Buffer.from(held).toString('utf8')) : readFile(file, 'utf8');
  };
  const [script, style] = await Promise.all([read(path.join(dir, 'page.js')), read(path.join(dir, 'page.css'))]);
  return { script: script.trimEnd(), style: style.trimEnd() };
}

async function fromSources(): Promise<PageAssets> {
  // A computed specifier: the bundler leaves it alone (a bundle never takes this path). Dynamic by
  // path, so not a stage lazy.ts loader: a fixed import() there would pull the builder into the bundle.
  const builder = new URL('./page-build.ts', import.meta.url).href;
  const built = (await import(builder)) as { buildPageAssets: typeof buildPageAssets };
  return built.buildPageAssets();
}

export function loadPageAssets(): Promise<PageAssets> {
  return (loading ??= typeof DME_BUNDLE !== 'undefined' ? fromDist() : fromSources());
}
