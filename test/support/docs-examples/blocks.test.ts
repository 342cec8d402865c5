import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blocksOf, parseMarker } from './blocks.ts';

describe('docs example markers', () => {
  it('reads kind and attributes, quoted, bare, flags and repeated ones', () => {
    const m = parseMarker('example: shell in=repo exit=1 expect="a \\"b\\" c" expect=d');
    assert.deepEqual(m, { kind: 'shell', attrs: { in: ['repo'], exit: ['1'], expect: ['a "b" c', 'd'] } });
    assert.deepEqual(parseMarker('example: dataset invalid id=x').attrs, { invalid: ['true'], id: ['x'] });
  });

  it('refuses unknown kinds and attributes, repeats of single ones, and illustrations without a reason', () => {
    assert.throws(() => parseMarker('example: snippet'), /unknown example kind "snippet"/);
    assert.throws(() => parseMarker('example: shell exit=0 nope=1'), /"nope" is not an attribute of shell/);
    assert.throws(() => parseMarker('example: shell exit=0 exit=1'), /"exit" given twice/);
    assert.throws(() => parseMarker('example: illustration'), /says why/);
    assert.throws(() => parseMarker('example: output'), /generated=NAME, of=ID or reason/);
    assert.throws(() => parseMarker('example: shell in=moon'), /in= is project or repo/);
    assert.throws(() => parseMarker('example: dataset needs=llm'), /go with run=/);
    assert.throws(() => parseMarker('example: dataset run="node s.mjs" needs=gpu'), /needs= is llm/);
  });

  it('finds fenced blocks, indented ones in lists too, with the marker on the last non-blank line before them', () => {
    const page = ['# t', '', '<!-- example: config -->', '', '```yaml', 'a: 1', '```', 'text', '```sh', 'ls', '```', '- item', '  <!-- example: illustration reason="x" -->', '  ```sh', '  npx a', '    b', '  ```', ''].join('\n');
    const blocks = blocksOf('p.md', page);
    assert.equal(blocks.length, 3);
    assert.deepEqual([blocks[0]!.line, blocks[0]!.lang, blocks[0]!.text, blocks[0]!.marker?.kind], [5, 'yaml', 'a: 1\n', 'config']);
    assert.equal(blocks[1]!.marker, null);
    assert.match(blocks[1]!.problem ?? '', /no <!-- example: KIND … --> marker/);
    assert.deepEqual([blocks[2]!.text, blocks[2]!.marker?.kind], ['npx a\n  b\n', 'illustration']);
  });

  it('says what is wrong with a marker it cannot read', () => {
    const [block] = blocksOf('p.md', '<!-- example: shell bogus=1 -->\n```sh\nls\n```\n');
    assert.match(block?.problem ?? '', /"bogus" is not an attribute of shell/);
  });
});
