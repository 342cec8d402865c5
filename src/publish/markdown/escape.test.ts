import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { codeCell, escapeCell } from './escape.ts';

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

  it('escapes a backslash once, so a trailing one cannot escape the cell border', () => {
    assert.equal(escapeCell('dir\\'), 'dir\\\\');
  });

  it('cuts long text with an ellipsis', () => {
    assert.equal(escapeCell('x'.repeat(200), 10).length, 10);
  });
});

describe('codeCell', () => {
  it('cannot be closed early by a backtick and keeps pipes escaped', () => {
    assert.equal(codeCell('a`b|c'), "`a'b\\|c`");
  });
});
