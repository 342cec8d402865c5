/**
 * Every escaping function, in every context it is used in, over a corpus of hostile
 * strings, rendered by a real GFM parser (test/support/gfm-view.ts): the value shows as
 * written (on one line, without invisible characters) and adds no element, link, image,
 * math, mention, reference or emoji of its own.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gfmView, visible, type GfmView } from '../../../test/support/gfm-view.ts';
import { HOSTILE_STRINGS, longHostile } from '../../../test/support/hostile-strings.ts';
import { codeCell, codeSpan, escapeCell, htmlCode, htmlText, oneLine } from './escape.ts';

const BIG = 100_000;

/** The tags the frame itself writes, in order. */
function tags(view: GfmView): string[] {
  return view.elements.map((e) => e.tag);
}

function inert(view: GfmView, frame: string[], label: string): void {
  assert.deepEqual(tags(view), frame, `${label}: elements ${JSON.stringify(tags(view))}\n${view.html}`);
  assert.deepEqual(view.references, [], `${label}: GitHub would link ${JSON.stringify(view.references)}`);
  assert.deepEqual(view.comments, [], `${label}: an HTML comment opened`);
  assert.equal(/[\p{Cf}\p{Cc}]/u.test(visible(view.text).replace(/\n/g, '')), false, `${label}: an invisible character shows`);
}

const CONTEXTS = [
  { name: 'paragraph', md: (s: string) => `before ${escapeCell(s, BIG)} after`, frame: ['p'], shown: (v: GfmView) => v.elements[0]!.text, around: ['before ', ' after'] },
  { name: 'start of a paragraph', md: (s: string) => escapeCell(s, BIG), frame: ['p'], shown: (v: GfmView) => v.elements[0]!.text, around: ['', ''] },
  { name: 'list item', md: (s: string) => `- ${escapeCell(s, BIG)}`, frame: ['ul', 'li'], shown: (v: GfmView) => v.elements[1]!.text, around: ['', ''] },
  { name: 'blockquote', md: (s: string) => `> ${escapeCell(s, BIG)}`, frame: ['blockquote', 'p'], shown: (v: GfmView) => v.elements[1]!.text, around: ['', ''] },
  {
    name: 'table cell',
    md: (s: string) => `| a | b |\n| --- | --- |\n| ${escapeCell(s, BIG)} | x |`,
    frame: ['table', 'thead', 'tr', 'th', 'th', 'tbody', 'tr', 'td', 'td'],
    shown: (v: GfmView) => v.elements[7]!.text,
    around: ['', ''],
  },
  {
    name: 'code cell',
    md: (s: string) => `| a | b |\n| --- | --- |\n| ${codeCell(s, BIG)} | x |`,
    frame: ['table', 'thead', 'tr', 'th', 'th', 'tbody', 'tr', 'td', 'code', 'td'],
    shown: (v: GfmView) => v.elements[8]!.text,
    around: ['', ''],
  },
  { name: 'code span in a list', md: (s: string) => `- ${codeSpan(s, BIG)}: x`, frame: ['ul', 'li', 'code'], shown: (v: GfmView) => v.elements[2]!.text, around: ['', ''] },
  {
    name: '<summary> text',
    md: (s: string) => `<details><summary>${htmlText(s, BIG)}</summary>\n\nbody\n\n</details>`,
    frame: ['details', 'summary', 'p'],
    shown: (v: GfmView) => v.elements[1]!.text,
    around: ['', ''],
  },
  {
    name: '<summary> code',
    md: (s: string) => `<details><summary>${htmlCode(s, BIG)} · x</summary>\n\nbody\n\n</details>`,
    frame: ['details', 'summary', 'code', 'p'],
    shown: (v: GfmView) => v.elements[2]!.text,
    around: ['', ''],
  },
] as const;

describe('the escaping layer, rendered as GitHub renders markdown', () => {
  for (const context of CONTEXTS) {
    it(`${context.name}: every hostile string shows as written and does nothing else`, () => {
      for (const s of HOSTILE_STRINGS) {
        const view = gfmView(context.md(s));
        const label = `${context.name} ${JSON.stringify(s)}`;
        inert(view, [...context.frame], label);
        const expected = oneLine(s, BIG) || (context.name.includes('code') ? '""' : '');
        assert.equal(visible(context.shown(view)).trim(), `${context.around[0]}${expected}${context.around[1]}`.trim(), `${label}\n${view.html}`);
      }
    });
  }

  it('a long hostile string is cut on a code point, never inside an escape', () => {
    const s = longHostile(200);
    for (const max of [7, 50, 120, 333]) {
      const view = gfmView(`| a |\n| --- |\n| ${escapeCell(s, max)} |`);
      inert(view, ['table', 'thead', 'tr', 'th', 'tbody', 'tr', 'td'], `cut at ${max}`);
      const shown = visible(view.elements[6]!.text);
      assert.equal(Array.from(shown).length, max, shown);
      assert.ok(shown.endsWith('…'));
    }
  });

  it('`$` shows as a dollar, never as a broken entity (issue 19)', () => {
    const view = gfmView(escapeCell('the judging budget of $0.001 is spent'));
    assert.equal(visible(view.text).trim(), 'the judging budget of $0.001 is spent');
  });

  it('strips invisible and tag characters, keeping only the zero-width spaces it adds', () => {
    assert.equal(oneLine('a\u200bb\u200cc\u200dd\u2060e\u00adf\u180eg\u3164h\u{E0041}i\u202ej', 100), 'abcdefghij');
    assert.equal(escapeCell('@octocat').includes('\u200b'), true);
  });
});
