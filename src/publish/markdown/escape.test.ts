import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { codeCell, codeSpan, escapeCell, htmlCode, htmlText } from './escape.ts';

describe('escapeCell', () => {
  it('keeps a table intact: pipes and newlines cannot open cells or rows', () => {
    const cell = escapeCell('a | b\n| c |');
    assert.equal(cell.includes('\n'), false);
    assert.equal(/(^|[^\\])\|/.test(cell), false, `unescaped pipe in ${cell}`);
  });

  it('neutralises HTML, images, links and mentions', () => {
    const cell = escapeCell('<img src=x onerror=alert(1)> ![i](http://x) [l](http://y) @octocat');
    assert.equal(cell.includes('<'), false);
    assert.equal(cell.includes('!['), false);
    assert.equal(cell.includes('[l]('), false);
    assert.equal(cell.includes('@octocat'), false);
    assert.ok(cell.includes('&lt;img'));
  });

  it('leaves quotes as they are: a message quoting a name reads the same in a terminal and on GitHub', () => {
    assert.equal(escapeCell('see "Misses and errors"'), 'see "Misses and errors"');
    assert.equal(escapeCell('<a title="x">'), '&lt;a title="x"&gt;', 'no tag, so no attribute for a quote to close');
  });

  it('escapes a backslash once, so a trailing one cannot escape the cell border', () => {
    assert.equal(escapeCell('dir\\'), 'dir\\\\');
  });

  it('cuts long text with an ellipsis', () => {
    assert.equal(escapeCell('x'.repeat(200), 10).length, 10);
  });
});

describe('codeCell', () => {
  it('cannot be closed early by a backtick: the fence is longer than any run inside; pipes stay escaped in a table', () => {
    assert.equal(codeCell('a`b|c'), '``a`b\\|c``');
    assert.equal(codeCell('`x`'), '`` `x` ``');
    assert.equal(codeSpan('a|b'), '`a|b`');
  });
});

describe('escapeCell hardening', () => {
  it('breaks bare-URL and www autolinks', () => {
    const cell = escapeCell('see https://evil.example and WWW.evil.example');
    assert.equal(/https?:\/\//.test(cell), false);
    assert.equal(/www\./i.test(cell), false);
  });

  it('cannot open a comment, math, or a bidi override', () => {
    const cell = escapeCell('<!-- $\\huge{x}$ \u202egnp.exe');
    assert.equal(cell.includes('<!--'), false);
    assert.equal(cell.includes('$'), false);
    assert.equal(cell.includes('\u202e'), false);
  });

  it('keeps HTML entities literal', () => {
    assert.equal(escapeCell('&lt;b&gt;'), '&amp;lt;b&amp;gt;');
  });

  it('never cuts a surrogate pair in half', () => {
    const cell = escapeCell('😀'.repeat(20), 5);
    assert.equal(cell, '😀😀😀😀…');
    assert.equal(/[\ud800-\udbff](?![\udc00-\udfff])/.test(cell), false);
  });
});

describe('codeCell hardening', () => {
  it('renders an empty id as a closed span', () => {
    assert.equal(codeCell(''), '`""`');
  });

  it('drops control characters', () => {
    assert.equal(codeCell('a\u0000b\u202ec'), '`abc`');
  });
});

describe('inside HTML (<summary>)', () => {
  it('uses entities, never backslashes or backticks', () => {
    assert.equal(htmlText('<b>a & "b"</b>'), '&lt;b&gt;a &amp; &quot;b&quot;&lt;/b&gt;');
    assert.equal(htmlCode('<img src=x>'), '<code>&lt;img src=x&gt;</code>');
  });

  it('still breaks mentions and references, which GitHub links in HTML text too', () => {
    assert.equal(htmlText('@octocat #12'), '@\u200boctocat #\u200b12');
  });
});
