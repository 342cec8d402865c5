/**
 * extractIds on the payloads real docs MCP servers send: JSON hits in text (the reference
 * server), results[].filepath, structuredContent, resource links and embedded resources,
 * markdown lists; plus cursors, normalisation, and the pages that cannot be read.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { extractIds, type CallToolResultLike, type IdSource } from './id-source.ts';

const text = (...texts: string[]): CallToolResultLike => ({ content: texts.map((t) => ({ type: 'text', text: t })) });

const referencePage = {
  hits: [
    { chunk_id: 'guides/auth.md#tokens', title: 'Tokens', score: 0.91, metadata: { language: 'python' } },
    { chunk_id: 'guides/auth.md#oauth', title: 'OAuth', score: 0.88 },
    { chunk_id: 'sdks/retries.md', title: 'Retries', score: 0.52 },
  ],
  next_cursor: 'eyJvZmZzZXQiOjN9',
};
const hitsSource: IdSource = { from: 'json', path: '$.hits[*].chunk_id', cursor: '$.next_cursor' };

describe('extractIds: json', () => {
  it('reads the reference server shape from text, with its cursor', () => {
    assert.deepEqual(extractIds(text(JSON.stringify(referencePage)), hitsSource), {
      ids: ['guides/auth.md#tokens', 'guides/auth.md#oauth', 'sdks/retries.md'],
      nextCursor: 'eyJvZmZzZXQiOjN9',
      // Read beside each id from its hit object: facet rules judge by the metadata.
      details: {
        'guides/auth.md#tokens': { title: 'Tokens', score: 0.91, metadata: { language: 'python' } },
        'guides/auth.md#oauth': { title: 'OAuth', score: 0.88 },
        'sdks/retries.md': { title: 'Retries', score: 0.52 },
      },
    });
  });

  it('keeps the best-ranked hit\'s details when normalisation merges ids, and reads none when ids and objects do not align', () => {
    const merged = extractIds(text(JSON.stringify(referencePage)), hitsSource, { dropFragment: true });
    assert.deepEqual(merged.details?.['guides/auth.md'], { title: 'Tokens', score: 0.91, metadata: { language: 'python' } });
    const ragged = { hits: [{ ids: ['a', 'b'], title: 'two ids' }] };
    assert.equal(extractIds(text(JSON.stringify(ragged)), { from: 'json', path: '$.hits[*].ids[*]' }).details, undefined);
  });

  it('reads results[].filepath and gives a null cursor when the path selects nothing or an empty string', () => {
    const page = { results: [{ filepath: 'docs/intro.mdx', content: '# Intro' }, { filepath: 'docs/install.mdx', content: '…' }], next: '' };
    const source: IdSource = { from: 'json', path: '$.results[*].filepath', cursor: '$.next' };
    assert.deepEqual(extractIds(text(JSON.stringify(page)), source), { ids: ['docs/intro.mdx', 'docs/install.mdx'], nextCursor: null });
    assert.equal(extractIds(text(JSON.stringify(page)), { from: 'json', path: '$.results[*].filepath' }).nextCursor, null);
  });

  it('prefers structuredContent by default, and `in` picks one side', () => {
    const result: CallToolResultLike = {
      content: [{ type: 'text', text: JSON.stringify({ hits: [{ chunk_id: 'from-text' }] }) }],
      structuredContent: { hits: [{ chunk_id: 'from-structured' }], next_cursor: 'c2' },
    };
    assert.deepEqual(extractIds(result, hitsSource), { ids: ['from-structured'], nextCursor: 'c2' });
    assert.deepEqual(extractIds(result, { ...hitsSource, in: 'text' }).ids, ['from-text']);
    assert.deepEqual(extractIds(text('{}'), { ...hitsSource, in: 'structured' }), {
      ids: [],
      nextCursor: null,
      problem: 'result has no structuredContent',
    });
  });

  it('reads each text item that parses as its own document, skipping prose', () => {
    const result = text('Found 2 results:', JSON.stringify({ id: 'a.md', title: 'A' }), JSON.stringify({ id: 'b.md', title: 'B' }));
    assert.deepEqual(extractIds(result, { from: 'json', path: '$.id' }).ids, ['a.md', 'b.md']);
  });

  it('stringifies numeric ids, skips other values and de-duplicates keeping the first position', () => {
    const page = { docs: [{ id: 42 }, { id: null }, { id: 'x' }, { id: 42 }, { id: 1.5 }, { id: true }] };
    assert.deepEqual(extractIds(text(JSON.stringify(page)), { from: 'json', path: '$.docs[*].id' }).ids, ['42', 'x', '1.5']);
  });

  it('normalises ids from the server: chunks of one page collapse at the best rank', () => {
    const got = extractIds(text(JSON.stringify(referencePage)), hitsSource, { dropFragment: true, stripSuffix: ['.md'] });
    assert.deepEqual(got.ids, ['guides/auth', 'sdks/retries']);
  });

  it('treats a page with no results as empty, not as a problem', () => {
    assert.deepEqual(extractIds(text('{"hits": [], "next_cursor": null}'), hitsSource), { ids: [], nextCursor: null });
    assert.deepEqual(extractIds(text('{"message": "No results"}'), hitsSource), { ids: [], nextCursor: null });
  });

  it('says when the path missed results that are there', () => {
    const got = extractIds(text(JSON.stringify(referencePage)), { from: 'json', path: '$.results[*].id' });
    assert.deepEqual(got, { ids: [], nextCursor: null, problem: 'ids not found in the result: the server returned 270 bytes of JSON; id path $.results[*].id matched nothing' });
    const structured = extractIds({ content: [], structuredContent: referencePage }, { from: 'json', path: '$.results[*].id' });
    assert.match(structured.problem ?? '', /matched nothing \(run on structuredContent; set in: text to use the text\)/);
  });

  it('says when the path selected containers instead of ids', () => {
    const arr = extractIds(text('{"ids": ["a", "b"]}'), { from: 'json', path: '$.ids' });
    assert.equal(arr.problem, 'id path matched 1 value(s) but no string or number (first: array; end the path with [*] to take the items)');
    const obj = extractIds(text(JSON.stringify(referencePage)), { from: 'json', path: '$.hits[*]' });
    assert.match(obj.problem ?? '', /matched 3 value\(s\) but no string or number \(first: object; select a field of it\)/);
  });

  it('says when the text is not JSON or there is no text', () => {
    const md = extractIds(text('## Results\n\n1. [Auth](guides/auth.md)'), hitsSource);
    assert.deepEqual(md, { ids: [], nextCursor: null, problem: 'text is not JSON: "## Results 1. [Auth](guides/auth.md)"' });
    assert.equal(extractIds({ content: [{ type: 'image', data: 'AA==', mimeType: 'image/png' }] }, hitsSource).problem, 'result has no text content');
    assert.equal(extractIds({}, hitsSource).problem, 'result has no text content');
  });

  it('says when every id normalises to nothing', () => {
    const got = extractIds(text('{"hits": [{"chunk_id": "#top"}]}'), hitsSource, { dropFragment: true });
    assert.equal(got.problem, 'every id was empty once normalised (first: "#top")');
  });
});

describe('extractIds: isError results', () => {
  it('reads no ids and quotes the error, whatever the source', () => {
    const result: CallToolResultLike = { isError: true, content: [{ type: 'text', text: 'Error: index not built\n  at search' }] };
    for (const source of [hitsSource, { from: 'resource_links' }, { from: 'regex', pattern: '(\\S+)' }] satisfies IdSource[]) {
      assert.deepEqual(extractIds(result, source), {
        ids: [],
        nextCursor: null,
        problem: 'the tool reported an error: "Error: index not built at search"',
      });
    }
  });
});

describe('extractIds: resource_links', () => {
  it('takes resource_link and embedded resource uris in content order, ignoring text', () => {
    const result: CallToolResultLike = {
      content: [
        { type: 'text', text: 'Top matches:' },
        { type: 'resource_link', uri: 'docs://guides/auth.md', name: 'auth', mimeType: 'text/markdown' },
        { type: 'resource', resource: { uri: 'docs://sdks/retries.md', mimeType: 'text/markdown', text: '# Retries' } },
        { type: 'resource_link', uri: 'docs://guides/auth.md', name: 'auth again' },
        { type: 'resource', resource: { uri: 'docs://blob.bin', blob: 'AAAA' } },
        { type: 'resource_link', name: 'no uri' },
      ],
    };
    assert.deepEqual(extractIds(result, { from: 'resource_links' }), {
      ids: ['docs://guides/auth.md', 'docs://sdks/retries.md', 'docs://blob.bin'],
      nextCursor: null,
    });
    assert.deepEqual(extractIds(result, { from: 'resource_links' }, { stripPrefix: ['docs://'] }).ids, ['guides/auth.md', 'sdks/retries.md', 'blob.bin']);
  });

  it('reads a result without links as an empty page', () => {
    assert.deepEqual(extractIds(text('No documents matched.'), { from: 'resource_links' }), { ids: [], nextCursor: null });
  });
});

describe('extractIds: regex', () => {
  const markdown = [
    '## Search results for "auth"',
    '',
    '1. [Authentication tokens](guides/auth.md#tokens) — score 0.91',
    '2. [OAuth flows](guides/auth.md#oauth) — score 0.88',
    '3. [Retries](sdks/retries.md) — score 0.52',
    '',
    'More results: cursor=eyJvIjozfQ',
  ].join('\n');

  it('takes the named group `id` of every match, in order, and a cursor', () => {
    const source: IdSource = { from: 'regex', pattern: String.raw`^\d+\. \[[^\]]*\]\((?<id>[^)\s]+)\)`, flags: 'm', cursor: 'cursor=(\\S+)' };
    assert.deepEqual(extractIds(text(markdown), source), {
      ids: ['guides/auth.md#tokens', 'guides/auth.md#oauth', 'sdks/retries.md'],
      nextCursor: 'eyJvIjozfQ',
    });
  });

  it('takes group 1, or the whole match without groups; joins text items by newlines', () => {
    const context7 = text('- Title: Next.js\n- Context7-compatible library ID: /vercel/next.js', '- Title: React\n- Context7-compatible library ID: /facebook/react');
    assert.deepEqual(extractIds(context7, { from: 'regex', pattern: 'library ID: (\\S+)' }).ids, ['/vercel/next.js', '/facebook/react']);
    assert.deepEqual(extractIds(text('see a.md, b.md and a.md'), { from: 'regex', pattern: '[a-z]+\\.md' }).ids, ['a.md', 'b.md']);
  });

  it('applies flags and normalisation', () => {
    const got = extractIds(text(markdown), { from: 'regex', pattern: String.raw`\]\((GUIDES/[^)#]+)`, flags: 'i' }, { lowercase: true, stripSuffix: ['.md'] });
    assert.deepEqual(got, { ids: ['guides/auth'], nextCursor: null });
  });

  it('stays linear on input that makes a backtracking engine hang', () => {
    const started = Date.now();
    const got = extractIds(text(`${'a'.repeat(50_000)}!`), { from: 'regex', pattern: '^(a+)+$' });
    assert.deepEqual(got.ids, []);
    assert.ok(Date.now() - started < 2_000);
  });

  it('says when there is no text to read', () => {
    assert.equal(extractIds({ content: [] }, { from: 'regex', pattern: '(x)' }).problem, 'result has no text content');
  });

  it('says when a pattern finds no id in a page of text, and keeps a one-line reply an empty page', () => {
    const page = Array.from({ length: 40 }, (_, i) => `### Result ${i}\nSee docs/page-${i}.md for more.`).join('\n');
    const got = extractIds(text(page), { from: 'regex', pattern: '\\]\\((?P<id>[^)]+)\\)' });
    assert.deepEqual(got.ids, []);
    assert.equal(got.problem, `ids not found in the result: the server returned ${(Buffer.byteLength(page) / 1024).toFixed(1)} KB of text; pattern \\]\\((?P<id>[^)]+)\\) matched nothing`);
    assert.deepEqual(extractIds(text('No results found for "rotate keys".'), { from: 'regex', pattern: '\\]\\((?P<id>[^)]+)\\)' }), { ids: [], nextCursor: null });
  });
});
