/**
 * The page's script and style ship as dist/page/ files, read only when a page is written
 * (src/publish/html/page-assets.ts): no bundle carries a copy of them, and what the build
 * wrote is what the sources build.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { buildPageAssets } from '../src/publish/html/page-build.ts';

const DIST = path.resolve(import.meta.dirname, '../dist');

describe('the page assets in dist/page/', () => {
  it('hold uPlot and the page script, and no bundle or chunk holds them', () => {
    const script = readFileSync(path.join(DIST, 'page/page.js'), 'utf8');
    assert.match(script, /u-cursor-pt/, 'uPlot');
    assert.match(script, /dme-meta/, 'the page script');
    const bundles = readdirSync(DIST, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js') && !f.startsWith('page'));
    assert.deepEqual(bundles.filter((f) => /u-cursor-pt/.test(readFileSync(path.join(DIST, f), 'utf8'))), []);
  });

  it('are what the sources build', async () => {
    const built = await buildPageAssets();
    assert.equal(readFileSync(path.join(DIST, 'page/page.js'), 'utf8').trimEnd(), built.script);
    assert.equal(readFileSync(path.join(DIST, 'page/page.css'), 'utf8').trimEnd(), built.style);
  });
});
