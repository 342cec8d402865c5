import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatDataPath, parseSourceDocument } from './source-document.ts';

describe('parseSourceDocument', () => {
  it('locates map entries at their key, list items at the item, missing paths at the nearest ancestor', () => {
    const source = parseSourceDocument('a:\n  b:\n    - x\n    - { c: 1 }\n', 'f.yaml');
    assert.deepEqual(source.locate(['a', 'b']), { line: 2, column: 3 });
    assert.deepEqual(source.locate(['a', 'b', 1]), { line: 4, column: 7 });
    assert.deepEqual(source.locate(['a', 'b', 1, 'c']), { line: 4, column: 9 });
    assert.deepEqual(source.locate(['a', 'b', 1, 'missing']), { line: 4, column: 7 });
    assert.deepEqual(source.locate([]), { line: 1, column: 1 });
  });

  it('gives JSON the same positions', () => {
    const source = parseSourceDocument('{\n\t"a": [\n\t\t{"b": 1}\n\t]\n}\n', 'f.json');
    assert.deepEqual(source.data, { a: [{ b: 1 }] });
    assert.deepEqual(source.locate(['a', 0, 'b']), { line: 3, column: 4 });
  });

  it('treats an empty or comment-only file as no data', () => {
    assert.equal(parseSourceDocument('', 'f.yaml').data, undefined);
    assert.equal(parseSourceDocument('# nothing\n', 'f.yaml').data, undefined);
  });
});

it('formats data paths the way messages print them', () => {
  assert.equal(formatDataPath(['cases', 3, 'relevant']), 'cases[3].relevant');
  assert.equal(formatDataPath([2, 'id']), '[2].id');
  assert.equal(formatDataPath(['facets', 'my-facet']), 'facets["my-facet"]');
  assert.equal(formatDataPath([]), '');
});
