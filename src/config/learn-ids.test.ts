import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { learnIdSource, type LearnedIds } from './learn-ids.ts';

const text = (t: string) => ({ content: [{ type: 'text', text: t }] });
const learned = (r: ReturnType<typeof learnIdSource>): LearnedIds => {
  assert.ok(!('problem' in r), 'problem' in r ? r.problem : '');
  return r;
};

describe('learnIdSource: from one known id', () => {
  it('generalises a JSON path, in structuredContent or text', () => {
    const result = { content: [], structuredContent: { results: [{ file: 'docs/a.md', score: 2 }, { file: 'docs/b.md', score: 1 }] } };
    const got = learned(learnIdSource(result, 'docs/b.md'));
    assert.deepEqual(got.source, { from: 'json', path: '$.results[*].file' });
    assert.deepEqual(got.ids, ['docs/a.md', 'docs/b.md']);
    assert.equal(got.rank, 2);
    assert.match(got.where, /in structuredContent/);
  });

  it('a JSON value that contains the id adds the normalisation that brings it to the id', () => {
    const got = learned(learnIdSource(text(JSON.stringify({ hits: [{ url: 'https://docs.test/guides/a' }, { url: 'https://docs.test/guides/b' }] })), 'guides/b'));
    assert.deepEqual(got.normalize, { stripPrefix: ['https://docs.test/'] });
    assert.deepEqual(got.ids, ['guides/a', 'guides/b']);
    assert.deepEqual(got.around, { before: 'https://docs.test/', after: '' });
  });

  it('learns the heading a markdown answer puts each id in, not the headings inside its snippets', () => {
    const page = [
      '# Search Results for "saml"', '', '## 📄 integrations/okta-saml', '', '```', '## What you need', '```', '',
      '## 📄 integrations/onelogin-saml', '', 'Line 4: ...', '', '## 📄 sso/guide', '',
    ].join('\n');
    const got = learned(learnIdSource(text(page), 'integrations/onelogin-saml'));
    assert.equal(got.source.from, 'regex');
    assert.deepEqual(got.ids, ['integrations/okta-saml', 'integrations/onelogin-saml', 'sso/guide']);
    assert.equal(got.rank, 2);
  });

  it('learns list items with titles, links, and a trailing extension as a normalisation', () => {
    const list = '1. **Webhooks** — `docs/guides/webhooks.md`\n2. **Retries** — `docs/guides/retries.md`\n';
    assert.deepEqual(learned(learnIdSource(text(list), 'docs/guides/retries.md')).ids, ['docs/guides/webhooks.md', 'docs/guides/retries.md']);
    const links = '- [Rate limits](docs/guides/rate-limits.md)\n- [Queues](docs/reference/queues.md)\n';
    const got = learned(learnIdSource(text(links), 'docs/reference/queues'));
    assert.deepEqual(got.ids, ['docs/guides/rate-limits', 'docs/reference/queues']);
    assert.deepEqual(got.normalize, { stripSuffix: ['.md'] });
  });

  it('titles of several words before the id', () => {
    const page = '## Rate limits docs/guides/rate-limits.md\n## Webhook signing docs/guides/webhooks.md\n';
    assert.deepEqual(learned(learnIdSource(text(page), 'docs/guides/webhooks.md')).ids, ['docs/guides/rate-limits.md', 'docs/guides/webhooks.md']);
  });

  it('resource links', () => {
    const result = { content: [{ type: 'resource_link', uri: 'docs://a.md', name: 'a' }, { type: 'resource_link', uri: 'docs://b.md', name: 'b' }] };
    const got = learned(learnIdSource(result, 'b.md'));
    assert.deepEqual(got.source, { from: 'resource_links' });
    assert.deepEqual(got.ids, ['a.md', 'b.md']);
  });

  it('says whether the id was absent or present but not extractable', () => {
    assert.match((learnIdSource(text('nothing here'), 'x/y.md') as { problem: string }).problem, /"x\/y\.md" is not in the result of this query/);
  });
});
