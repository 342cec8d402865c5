import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { readCorpus } from './corpus.ts';
import { ToolInputError } from './cursor.ts';
import { makeSnippet, searchDocs } from './search.ts';
import { buildIndexFile, loadIndex } from './search-index.ts';
import type { LoadedIndex } from './search-index.ts';
import { writeTestCorpus } from './test-corpus.ts';

let root = '';
let index: LoadedIndex;
let serialized = '';

before(async () => {
  root = await writeTestCorpus();
  const { chunks } = await readCorpus(root);
  serialized = JSON.stringify(buildIndexFile(chunks));
  // Go through JSON as the server does, so a build/load options mismatch would show here.
  index = loadIndex(serialized);
});
after(() => rm(root, { recursive: true, force: true }));

test('files are read in sorted order and facets are collected sorted', async () => {
  const { files } = await readCorpus(root);
  assert.deepEqual(files, ['guides/pagination.md', 'guides/retries.md', 'sdks/go/auth.md', 'sdks/python/auth.md', 'sdks/typescript/auth.md']);
  assert.deepEqual(index.facets, { language: ['go', 'python', 'typescript'], scope: ['global-guide', 'sdk-specific'] });
});

test('building twice gives a byte-identical index file', async () => {
  const { chunks } = await readCorpus(root);
  assert.equal(JSON.stringify(buildIndexFile(chunks)), serialized);
});

test('a facet filter drops other languages but keeps guides that have no language', () => {
  const { hits } = searchDocs(index, { query: 'retry backoff', limit: 50, filters: { language: 'go' } });
  const ids = hits.map((h) => h.chunk_id);
  assert.equal(ids[0], 'sdks/go/auth.md#go-auth-sdk/retry-configuration');
  assert.ok(ids.includes('guides/retries.md#retries-guide/handling-429-errors'), 'guide kept');
  assert.ok(!ids.some((id) => id.startsWith('sdks/python/') || id.startsWith('sdks/typescript/')), ids.join());
});

test('hits carry breadcrumb, snippet and a 4-decimal score', () => {
  const [hit] = searchDocs(index, { query: 'next_cursor' }).hits;
  assert.equal(hit?.chunk_id, 'guides/pagination.md#pagination-guide/cursor-pagination');
  assert.equal(hit?.breadcrumb, 'Pagination Guide > Cursor Pagination');
  assert.match(hit?.snippet ?? '', /next_cursor/);
  assert.equal(hit?.score, Math.round((hit?.score ?? 0) * 10_000) / 10_000);
});

test('pages from the cursor are disjoint and together equal one big page', () => {
  const query = 'client retry';
  const all = searchDocs(index, { query, limit: 50 }).hits.map((h) => h.chunk_id);
  assert.ok(all.length > 4, `need several hits, got ${all.length}`);
  const seen: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = searchDocs(index, { query, limit: 2, ...(cursor ? { cursor } : {}) });
    seen.push(...page.hits.map((h) => h.chunk_id));
    cursor = page.next_cursor ?? undefined;
    pages++;
  } while (cursor);
  assert.deepEqual(seen, all);
  assert.equal(new Set(seen).size, seen.length);
  assert.equal(pages, Math.ceil(all.length / 2));
});

test('equal scores come back ordered by id, the same on every call', () => {
  // The three SDK intro chunks differ only in the language name.
  const first = searchDocs(index, { query: 'authentication options', limit: 50 }).hits;
  const again = searchDocs(index, { query: 'authentication options', limit: 50 }).hits;
  assert.deepEqual(again, first);
  for (let i = 1; i < first.length; i++) {
    const [a, b] = [first[i - 1], first[i]];
    if (a && b && a.score === b.score) assert.ok(a.chunk_id < b.chunk_id, `${a.chunk_id} before ${b.chunk_id}`);
  }
  assert.deepEqual(first.slice(0, 3).map((h) => h.chunk_id), ['sdks/go/auth.md#go-auth-sdk', 'sdks/python/auth.md#python-auth-sdk', 'sdks/typescript/auth.md#typescript-auth-sdk']);
});

test('a cursor from another query, or garbage, is a ToolInputError', () => {
  const { next_cursor } = searchDocs(index, { query: 'client retry', limit: 1 });
  assert.ok(next_cursor);
  assert.throws(() => searchDocs(index, { query: 'pagination', cursor: next_cursor }), ToolInputError);
  assert.throws(() => searchDocs(index, { query: 'client retry', cursor: next_cursor, filters: { language: 'go' } }), /different query/);
  assert.throws(() => searchDocs(index, { query: 'client retry', cursor: 'not-a-cursor' }), /invalid cursor/);
});

test('unknown facet values and bad limits are ToolInputErrors', () => {
  assert.throws(() => searchDocs(index, { query: 'x', filters: { language: 'rust' } }), /unknown language "rust"; known: go, python, typescript/);
  assert.throws(() => searchDocs(index, { query: 'x', filters: { os: 'linux' } }), /unknown filter "os"/);
  assert.throws(() => searchDocs(index, { query: 'x', limit: 0 }), ToolInputError);
});

test('fuzzy matching forgives a typo in a long term; short terms must match exactly', () => {
  assert.equal(searchDocs(index, { query: 'pagniation' }).hits[0]?.chunk_id.startsWith('guides/pagination.md'), true);
  assert.deepEqual(searchDocs(index, { query: 'ky' }).hits, []);
});

test('makeSnippet starts near the first matched term and skips the heading line', () => {
  const chunk = {
    id: 'a.md#a', path: 'a.md', title: 'A', breadcrumb: ['A'], metadata: {},
    text: `## A\n\n${'lorem ipsum '.repeat(30)}the needle is here.`,
  };
  const snippet = makeSnippet(chunk, ['needle']);
  assert.match(snippet, /^….*the needle is here\.$/);
  assert.ok(!snippet.includes('##'));
  assert.ok(makeSnippet(chunk, ['absent']).startsWith('lorem ipsum'));
});
