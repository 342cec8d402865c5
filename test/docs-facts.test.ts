/**
 * The numbers in the docs are generated, not typed: every `<!-- facts:NAME -->` region in
 * README.md and docs/ holds exactly what scripts/docs-facts.ts writes from the repository
 * (bundle sizes, suite counts) and from the last recorded `npm run bench`.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { factFiles, facts, renderFacts } from '../scripts/docs-facts.ts';

describe('generated facts in the docs', () => {
  const all = facts();
  for (const file of factFiles()) {
    it(`${path.basename(file)} is current (npm run docs:facts)`, () => {
      const text = readFileSync(file, 'utf8');
      assert.equal(renderFacts(text, file, all), text, `${file} has stale facts: run \`npm run docs:facts\` and commit`);
    });
  }

  it('the README and docs/ carry the bundle sizes, suite counts, config keys and benchmark tables as regions', () => {
    const docs = factFiles().map((file) => readFileSync(file, 'utf8')).join('\n');
    for (const name of ['bundle-sizes', 'grammar-sizes', 'reference-cases-split', 'config-keys', 'bench-overhead', 'bench-cold-start', 'bench-scale', 'bench-history-calibration', 'history-reach-by-spread']) {
      assert.ok(docs.includes(`<!-- facts:${name} -->`), name);
    }
  });

  it('refuses a region naming an unknown fact', () => {
    assert.throws(() => renderFacts('<!-- facts:nope -->x<!-- /facts:nope -->', 'x.md', all), /unknown fact region "nope"/);
  });
});
