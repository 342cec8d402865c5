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
    assert.deepEqual(g.search, { tool: 'search_acme_docs', arguments: { q: '{query}', top_k: '{limit}', page_token: '{cursor}' }, where: 'q (string)', queryArg: 'q', limitArg: 'top_k', cursorArg: 'page_token' });
    assert.deepEqual(g.fetch, { tool: 'read_doc', idArg: 'path' });
  });

  it('takes any query shape, a named search tool, and a fetch tool known only by its one id-like argument', () => {
    const tools = [
      { name: 'workos_docs', inputSchema: { properties: { path: str }, required: ['path'] } },
      { name: 'workos_search', inputSchema: { properties: { query: str, maxResults: { type: 'number' } }, required: ['query'] } },
      { name: 'keyword_lookup', inputSchema: { properties: { queryKeywords: { type: 'array', items: str } }, required: ['queryKeywords'] } },
    ];
    const g = guessTools(tools);
    assert.equal(g.search?.tool, 'workos_search');
    assert.deepEqual(g.fetch, { tool: 'workos_docs', idArg: 'path' });
    assert.deepEqual(guessTools(tools, 'keyword_lookup').search?.arguments, { queryKeywords: '{words}' });
    assert.equal(guessTools(tools, 'no_such_tool').search, null);
  });

  it('finds ids in headings and list items that end in a path', () => {
    const heading = guessIdSource({ content: [{ type: 'text', text: '# Results\n\n## 📄 sso/guide\n\ntext\n## 📄 integrations/okta' }] });
    assert.equal(heading?.from, 'regex');
    const item = guessIdSource({ content: [{ type: 'text', text: 'Found:\n- `guides/auth.md`\n- `guides/retries.md`' }] });
    assert.equal(item?.from, 'regex');
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
    assert.deepEqual(guess, { from: 'regex', pattern: '^\\s*(?:[-*]\\s+)?\\**URL\\**:\\s*`?(?P<id>[^\\s`]+)', flags: 'm' });
  });
});
