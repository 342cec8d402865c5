import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { guessIdSource, guessTools } from './guess-shape.ts';

const str = { type: 'string' };

describe('init guesses', () => {
  it('finds the search and fetch tools and their arguments', () => {
    const g = guessTools([
      { name: 'list_products', inputSchema: { properties: {} } },
      { name: 'search_acme_docs', inputSchema: { properties: { q: str, top_k: { type: 'number' }, page_token: str } } },
      { name: 'read_doc', inputSchema: { properties: { path: str } } },
    ]);
    assert.deepEqual(g.search, { tool: 'search_acme_docs', queryArg: 'q', limitArg: 'top_k', cursorArg: 'page_token' });
    assert.deepEqual(g.fetch, { tool: 'read_doc', idArg: 'path' });
  });

  it('finds ids in JSON text, structuredContent, resource links and markdown links', () => {
    assert.deepEqual(guessIdSource({ content: [{ type: 'text', text: '{"hits":[{"chunk_id":"a#b","score":1}],"next_cursor":null}' }] }), {
      from: 'json',
      path: '$.hits[*].chunk_id',
      cursor: '$.next_cursor',
    });
    assert.deepEqual(guessIdSource({ structuredContent: { data: { results: [{ filepath: 'guides/a.md', title: 'A' }] } } }), {
      from: 'json',
      path: '$.data.results[*].filepath',
    });
    assert.deepEqual(guessIdSource({ content: [{ type: 'resource_link', uri: 'docs://a', name: 'a' }] }), { from: 'resource_links' });
    assert.equal(guessIdSource({ content: [{ type: 'text', text: '1. [Auth](guides/auth.md)' }] })?.from, 'regex');
    assert.equal(guessIdSource({ content: [{ type: 'text', text: 'no results' }] }), undefined);
  });

  it('finds ids on labelled lines, before any links in the snippets', () => {
    const text = 'Found 2 result(s):\n\n1. **Webhooks**\n   URL: https://docs.test/docs/webhooks\n   See [retries](/docs/retries).\n\n2. **Retries**\n   URL: https://docs.test/docs/retries\n';
    const guess = guessIdSource({ content: [{ type: 'text', text }] });
    assert.deepEqual(guess, { from: 'regex', pattern: '^\\s*(?:[-*]\\s+)?\\**URL\\**:\\s*(?P<id>\\S+)', flags: 'm' });
  });
});
