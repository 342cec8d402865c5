import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findCitations } from './citations.ts';

const kinds = (text: string) => findCitations(text).map((c) => [c.kind, c.text]);

describe('findCitations', () => {
  it('finds [Source N], [N], footnotes, links and reference definitions', () => {
    assert.deepEqual(kinds('A zkApp is a contract [Source 1]. See [2, 3] and [^note].'), [
      ['source', '[Source 1]'],
      ['numbered', '[2, 3]'],
      ['footnote', '[^note]'],
    ]);
    assert.deepEqual(kinds('Read [the docs](https://docs.minaprotocol.com/zkapps "Docs").'), [['link', '[the docs](https://docs.minaprotocol.com/zkapps "Docs")']]);
    assert.deepEqual(kinds('Text.\n\n[1]: https://solana.com/docs'), [['reference', '[1]: https://solana.com/docs']]);
  });

  it('does not count indexing in code blocks, inline code or prose', () => {
    assert.deepEqual(kinds('```ts\nconst first = proofs[0];\nconst s = "[Source 1]";\n```'), []);
    assert.deepEqual(kinds('Use `accounts[1]` then proofs[0] and f()[2].'), []);
  });

  it('does not count a relative link or a task-list box', () => {
    assert.deepEqual(kinds('See [setup](./setup.md).\n- [ ] todo\n- [x] done'), []);
  });
});
