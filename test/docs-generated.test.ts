/**
 * The samples and tables the docs show are rendered by the project's own code, never typed:
 * every `<!-- generated:NAME -->` region and docs/comment-example.md hold exactly what
 * scripts/docs-generate.ts writes, and docs/comment.png was screenshotted from that
 * markdown (scripts/render-comment.ts records the markdown's hash in the PNG).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { COMMENT_EXAMPLE, generatedPages, renderCommentExample, renderPage } from '../scripts/docs-generate.ts';
import { renderRegions } from '../scripts/doc-regions.ts';

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

  it('the report sample, the source tree and the other folders each have a region', () => {
    const all = generatedPages().map((file) => readFileSync(file, 'utf8')).join('\n');
    for (const name of ['report-sample', 'source-tree', 'other-folders']) assert.ok(all.includes(`<!-- generated:${name} -->`), name);
  });

  it('refuses a region naming an unknown generator', () => {
    assert.throws(() => renderRegions('<!-- generated:nope -->x<!-- /generated:nope -->', 'x.md', 'generated', {}), /x\.md: unknown generated region "nope"/);
  });
});
