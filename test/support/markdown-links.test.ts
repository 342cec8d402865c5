/** The markdown readers behind the docs' link checks, on small pages with known answers. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { anchorsOf, linksOf, slug, unlinkedSectionNames, vagueReferences } from './markdown-links.ts';

describe('markdown links', () => {
  it('slugs headings as GitHub does', () => {
    assert.equal(slug('Verdicts: is the change real?'), 'verdicts-is-the-change-real');
    assert.equal(slug("Seed 000's datasets"), 'seed-000s-datasets');
    assert.equal(slug('Cost, cache and budget'), 'cost-cache-and-budget');
    assert.equal(slug('Big suites: shards on a matrix'), 'big-suites-shards-on-a-matrix');
    assert.equal(slug('The `--json` flag and [links](x.md)'), 'the---json-flag-and-links');
    assert.equal(slug('Grounded metrics (as ragas defines them)'), 'grounded-metrics-as-ragas-defines-them');
  });

  it('numbers repeated headings and reads HTML anchors, never headings inside code', () => {
    const page = '# A\n## Notes\n## Notes\n```\n# not a heading\n```\n<a id="custom"></a>\n';
    assert.deepEqual([...anchorsOf(page)].sort(), ['a', 'custom', 'notes', 'notes-1']);
  });

  it('finds inline links, titles, images, reference definitions and HTML targets, not code', () => {
    const page = ['[a](x.md#one) ![i](img.png) [t](y.md "title") [angle](<z w.md>)', '[ref]: defs.md', '<img src="pic.png">', '`[no](code.md)`', '```', '[no](fence.md)', '```'].join('\n');
    assert.deepEqual(linksOf(page).map((l) => `${l.line}:${l.target}`), ['1:x.md#one', '1:img.png', '1:y.md', '1:z w.md', '2:defs.md', '3:pic.png']);
  });

  it('flags section names in italics and vague places; links, bold and other italics pass', () => {
    const headings = ['Run health', 'Verdicts: is the change real?', 'Cost, cache and budget'];
    const page = 'see *Run health*; (see *Verdicts*); see [*Run health*](#run-health); **Run health**; *not judged*; see [Cost, cache and budget](a.md#x)\nthe default described above, and (see below)';
    assert.deepEqual(unlinkedSectionNames(page, headings), [{ name: 'Run health', line: 1 }, { name: 'Verdicts', line: 1 }]);
    assert.deepEqual(vagueReferences(page).map((v) => v.phrase), ['described above', 'see below']);
  });
});
