import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commentMarker } from './marker.ts';

describe('commentMarker', () => {
  it('is a hidden HTML comment naming the key', () => {
    assert.equal(commentMarker('default'), '<!-- docs-mcp-eval:sticky key="default" -->');
    assert.equal(commentMarker('docs-v2.1_x'), '<!-- docs-mcp-eval:sticky key="docs-v2.1_x" -->');
  });

  it('cannot be closed early by the key', () => {
    for (const key of ['a --> <img src=x>', 'a"b', 'x--!>y', 'line\nbreak']) {
      const marker = commentMarker(key);
      assert.equal(marker.indexOf('>'), marker.length - 1, marker);
      assert.equal((marker.match(/"/g) ?? []).length, 2, marker);
      assert.equal(marker.includes('\n'), false);
    }
  });

  it('keeps different keys apart and falls back to default when empty', () => {
    assert.notEqual(commentMarker('a b'), commentMarker('a_b'));
    assert.notEqual(commentMarker('a%20b'), commentMarker('a b'));
    assert.equal(commentMarker('  '), commentMarker('default'));
    assert.match(commentMarker('ü'), /key="%C3%BC"/);
  });
});
