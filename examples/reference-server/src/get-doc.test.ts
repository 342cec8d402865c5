import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chunkMarkdown } from './chunk.ts';
import { ToolInputError } from './cursor.ts';
import { getDoc } from './get-doc.ts';
import { buildIndexFile, loadIndex } from './search-index.ts';

const index = loadIndex(
  JSON.stringify(
    buildIndexFile([
      ...chunkMarkdown('a.md', '# A\n\nintro\n\n## One\n\n1\n\n## Two\n\n2\n\n## Three\n\n3\n'),
      ...chunkMarkdown('b.md', '# B\n\n## First\n\nb1\n'),
    ]),
  ),
);

test('get_doc returns one chunk by default', () => {
  assert.equal(getDoc(index, 'a.md#a/two'), '## Two\n\n2');
});

test('context adds neighbours from the same file only', () => {
  assert.equal(getDoc(index, 'a.md#a/two', 1), '## One\n\n1\n\n## Two\n\n2\n\n## Three\n\n3');
  // a.md#a/three is the file's last chunk: b.md's chunks must not leak in.
  assert.equal(getDoc(index, 'a.md#a/three', 3), '# A\n\nintro\n\n## One\n\n1\n\n## Two\n\n2\n\n## Three\n\n3');
  assert.equal(getDoc(index, 'b.md#b/first', 2), '## First\n\nb1');
});

test('an unknown id is a ToolInputError that names real ids', () => {
  assert.throws(() => getDoc(index, 'a.md#a/four'), (err: unknown) => {
    assert.ok(err instanceof ToolInputError);
    assert.match(err.message, /unknown chunk_id "a\.md#a\/four"\. Chunks of a\.md: a\.md#a, a\.md#a\/one/);
    return true;
  });
  assert.throws(() => getDoc(index, 'nope.md#x'), /Use search_docs/);
  assert.throws(() => getDoc(index, 'a.md#a', 4), /context must be/);
});
