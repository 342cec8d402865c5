/**
 * The samples and tables the docs show are rendered by the project's own code, never typed:
 * every `<!-- generated:NAME -->` region and docs/comment-example.md hold exactly what
 * scripts/docs-generate.ts writes, and docs/comment.png was screenshotted from that
 * markdown (scripts/render-comment.ts records the markdown's hash in the PNG: no pixels
 * compared, no Chromium needed; where Chromium is installed the renderer is run too).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { COMMENT_EXAMPLE, generatedPages, renderCommentExample, renderPage } from '../scripts/docs-generate.ts';
import { renderRegions } from '../scripts/doc-regions.ts';
import { pngSize, readPngText } from '../scripts/png-chunks.ts';
import { COMMENT_MARKDOWN, COMMENT_PNG, renderCommentPng, sha256, SOURCE_KEY } from '../scripts/render-comment.ts';
import { findChromium } from './support/chromium.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const STALE = 'run `npm run docs:generate` and commit';

describe('generated parts of the docs', () => {
  for (const file of generatedPages()) {
    it(`${path.relative(ROOT, file)} is current`, () => {
      const text = readFileSync(file, 'utf8');
      assert.equal(renderPage(text, file), text, `${path.relative(ROOT, file)} has stale generated regions: ${STALE}`);
    });
  }

  it(`${COMMENT_EXAMPLE} is the comment the Action renders for the sample run`, () => {
    assert.equal(readFileSync(path.join(ROOT, COMMENT_EXAMPLE), 'utf8'), renderCommentExample(), `${COMMENT_EXAMPLE} is stale: ${STALE}`);
  });

  it('the report sample, the source tree, the other folders and the floor plan each have a region', () => {
    const all = generatedPages().map((file) => readFileSync(file, 'utf8')).join('\n');
    for (const name of ['report-sample', 'source-tree', 'other-folders', 'floor-plan']) assert.ok(all.includes(`<!-- generated:${name} -->`), name);
  });

  it('docs/comment.png shows docs/comment-example.md as it is now, 1000 px wide and under 300 KB (npm run render:comment)', () => {
    const png = readFileSync(COMMENT_PNG);
    assert.equal(readPngText(png)[SOURCE_KEY], sha256(readFileSync(COMMENT_MARKDOWN, 'utf8')), 'docs/comment.png was rendered from another docs/comment-example.md: run `npm run render:comment` and commit');
    assert.equal(pngSize(png).width, 1000);
    assert.ok(png.length < 300_000, `docs/comment.png is ${png.length} bytes`);
  });

  const chromium = findChromium();
  it('render:comment screenshots the markdown it is given in headless Chromium', { skip: chromium ? false : 'no Chromium here (apt-get install -y chromium)' }, async () => {
    const markdown = '### docs-mcp-eval\n\n| Metric | Value |\n| --- | ---: |\n| MRR@5 | 0.606 |\n';
    const png = await renderCommentPng(markdown, chromium!);
    assert.equal(readPngText(png)[SOURCE_KEY], sha256(markdown));
    const { width, height } = pngSize(png);
    assert.equal(width, 1000);
    assert.ok(height > 50 && height < 400, `height ${height}`);
  });

  it('refuses a region naming an unknown generator', () => {
    assert.throws(() => renderRegions('<!-- generated:nope -->x<!-- /generated:nope -->', 'x.md', 'generated', {}), /x\.md: unknown generated region "nope"/);
  });
});
