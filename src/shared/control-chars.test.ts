/** Text printed to a terminal or the Actions log is made inert. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inert } from './control-chars.ts';

describe('inert', () => {
  it('drops ANSI CSI, OSC (hyperlinks, titles), other escapes, C0/C1 controls and bidi controls', () => {
    assert.equal(inert('\u001b[31mred\u001b[0m'), 'red');
    assert.equal(inert('\u001b]8;;https://evil.example\u0007link\u001b]8;;\u0007'), 'link');
    assert.equal(inert('\u001b]0;title\u001b\\x'), 'x');
    assert.equal(inert('a\u0007b\u0008c\u009b5mD\u202eRLO\u2066iso\u2069'), 'abcDRLOiso');
    assert.equal(inert('tab\tkept\nnewline kept'), 'tab\tkept\nnewline kept');
  });

  it('folds lines when asked, so no server text starts a log line of its own', () => {
    assert.equal(inert('nope\r\n::error::pwned\n  x', { oneLine: true }), 'nope ⏎ ::error::pwned ⏎ x');
  });
});

describe('inert and invisible characters', () => {
  it('drops zero-width, tag and filler characters that would hide text in a log', () => {
    assert.equal(inert('a\u200bb\u2060c\u00add\u{E0041}e\u3164f\u180eg'), 'abcdefg');
  });
});
