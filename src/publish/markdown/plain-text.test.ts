import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { markdownToPlainText, plainInline, VERDICT_LEGEND } from './plain-text.ts';

describe('markdown to plain text', () => {
  it('resolves escapes, entities, code spans, bold and zero-width spaces', () => {
    assert.equal(plainInline('Nimbus SDK docs \\(reference\\) `get\\_doc` **Intel\\(R\\)** &quot;a&quot; &lt;b&gt; @\u200bteam'), 'Nimbus SDK docs (reference) get_doc Intel(R) "a" <b> @team');
  });

  it('re-pads tables after their escapes are gone, keeping right alignment, with a rule for the delimiter row', () => {
    const md = ['| Name | n |', '| :-- | --: |', '| a\\(b\\) | 1 |', '| ccc | 10 |'].join('\n');
    assert.equal(markdownToPlainText(md), ['Name   n', '────  ──', 'a(b)   1', 'ccc   10', ''].join('\n'));
  });

  it('turns headings, details and blockquotes into text, and adds the legend when verdict marks appear', () => {
    const md = '## Report\n\n> ❌ **Run health: failed**\n\n<details><summary>By tag</summary>\n\n| T | v |\n| - | - |\n| x | ◦ not comparable |\n\n</details>\n';
    const text = markdownToPlainText(md);
    assert.match(text, /^Report\n═+\n\n❌ Run health: failed\n\nBy tag:\n\nT {2}v\n─ {2}─+\nx {2}◦ not comparable\n\n/);
    assert.ok(text.trimEnd().endsWith(VERDICT_LEGEND));
    assert.doesNotMatch(markdownToPlainText('## No marks\n'), /Marks:/);
  });
});
