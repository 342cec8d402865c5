import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chunkMarkdown, splitFrontmatter } from './chunk.ts';

const ids = (path: string, md: string): string[] => chunkMarkdown(path, md).map((c) => c.id);

test('h1 intro and h2 sections get path#h1/h2 ids', () => {
  const md = '# Go Auth SDK\n\nGo client setup.\n\n## Client Initialization\n\nConstruct it.\n\n## Retry Configuration\n\nUse retries.\n';
  const chunks = chunkMarkdown('sdks/go/auth.md', md);
  assert.deepEqual(
    chunks.map((c) => c.id),
    [
      'sdks/go/auth.md#go-auth-sdk',
      'sdks/go/auth.md#go-auth-sdk/client-initialization',
      'sdks/go/auth.md#go-auth-sdk/retry-configuration',
    ],
  );
  const [intro, init] = chunks;
  assert.equal(intro?.title, 'Go Auth SDK');
  assert.deepEqual(intro?.breadcrumb, ['Go Auth SDK']);
  assert.equal(intro?.text, '# Go Auth SDK\n\nGo client setup.');
  assert.equal(init?.title, 'Client Initialization');
  assert.deepEqual(init?.breadcrumb, ['Go Auth SDK', 'Client Initialization']);
  assert.equal(init?.text, '## Client Initialization\n\nConstruct it.');
});

test('a # line inside a code fence is not a heading', () => {
  const md = '# Shell\n\n## Install\n\n```sh\n# not a heading\n## nor this\npip install acme\n```\n\nDone.\n';
  const chunks = chunkMarkdown('install.md', md);
  assert.deepEqual(
    chunks.map((c) => c.id),
    ['install.md#shell/install'],
  );
  assert.match(chunks[0]?.text ?? '', /# not a heading\n## nor this/);
  assert.match(chunks[0]?.text ?? '', /Done\.$/);
});

test('h3 and deeper stay inside their h2 chunk', () => {
  const md = '# Guide\n\n## Errors\n\nIntro.\n\n### 429\n\nBack off.\n\n#### Details\n\nMore.\n\n## Next\n\nx\n';
  const chunks = chunkMarkdown('g.md', md);
  assert.deepEqual(chunks.map((c) => c.id), ['g.md#guide/errors', 'g.md#guide/next']);
  assert.match(chunks[0]?.text ?? '', /### 429\n\nBack off\.\n\n#### Details\n\nMore\.$/);
});

test('repeated h2 names get GitHub-style -1, -2 suffixes', () => {
  const md = '# API\n\n## Example\n\na\n\n## Example\n\nb\n\n## Example\n\nc\n';
  assert.deepEqual(ids('api.md', md), ['api.md#api/example', 'api.md#api/example-1', 'api.md#api/example-2']);
});

test('without an h1 the id is the h2 slug alone; text before it is the preamble', () => {
  const md = 'Some lead text.\n\n## First Step\n\nDo it.\n';
  const chunks = chunkMarkdown('steps.md', md);
  assert.deepEqual(chunks.map((c) => c.id), ['steps.md#_preamble', 'steps.md#first-step']);
  assert.deepEqual(chunks[1]?.breadcrumb, ['First Step']);
});

test('a file without headings is one _preamble chunk; an empty file has none', () => {
  assert.deepEqual(ids('notes.md', 'Just text.\n\n```\n# code\n```\n'), ['notes.md#_preamble']);
  assert.deepEqual(ids('empty.md', '\n\n'), []);
});

test('an h1 directly followed by an h2 yields no empty intro chunk', () => {
  assert.deepEqual(ids('a.md', '# Title\n\n## Only\n\nbody\n'), ['a.md#title/only']);
});

test('heading text is plain: code spans and links lose their markup', () => {
  const chunks = chunkMarkdown('x.md', '# The `Client` class\n\n## See [retries](../retries.md)\n\nbody\n');
  assert.equal(chunks[0]?.id, 'x.md#the-client-class/see-retries');
  assert.deepEqual(chunks[0]?.breadcrumb, ['The Client class', 'See retries']);
});

test('frontmatter: string keys become metadata, title is the breadcrumb root without an h1', () => {
  const md = '---\nlanguage: python\nscope: sdk-specific\ntitle: Python Retries\nweight: 3\ntags: [a, b]\n---\n## Backoff\n\nUse exponential backoff.\n';
  const [chunk] = chunkMarkdown('sdks/python/retries.md', md);
  assert.equal(chunk?.id, 'sdks/python/retries.md#backoff');
  assert.deepEqual(chunk?.metadata, { language: 'python', scope: 'sdk-specific' });
  assert.deepEqual(chunk?.breadcrumb, ['Python Retries', 'Backoff']);
  assert.ok(!chunk?.text.includes('language:'), 'frontmatter is not part of the chunk text');
});

test('splitFrontmatter leaves a document without frontmatter alone and rejects bad YAML', () => {
  assert.deepEqual(splitFrontmatter('# Hi\n---\n'), { body: '# Hi\n---\n', metadata: {}, title: undefined });
  assert.throws(() => splitFrontmatter('---\nkey: [unclosed\n---\nbody', 'bad.md'), /bad\.md: invalid YAML frontmatter/);
});
