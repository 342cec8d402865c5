/**
 * Context fetching against a real MCP server over stdio (test/fixtures/grounded-docs-server.mjs):
 * the case's own search, the answer's citations, given documents, and every way a fetch
 * fails, each kept as a named error, never as an empty context.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { quote } from 'shell-quote';
import type { AnswerCase } from '../model/case.ts';
import { startStdioSession, type StdioSession } from '../server/stdio-session.ts';
import { citedSources, fetchContext, MAX_DOCUMENT_CHARS } from './fetch-context.ts';
import { runAnswerCase } from './run-answer-case.ts';
import { defaultProfile } from './search-profile.ts';

const SERVER = path.resolve(import.meta.dirname, '../../test/fixtures/grounded-docs-server.mjs');

function answerCase(question: string, context: AnswerCase['context']): AnswerCase {
  return {
    kind: 'answer', id: 'c1', name: 'c1', category: 'ask_docs', tags: [], source: { file: 'inline', line: 1 },
    tool: 'ask_docs', input: { question }, expect: { rules: [] }, ...(context === undefined ? {} : { context }),
  };
}

describe('fetchContext', () => {
  let session: StdioSession;
  const options = { search: defaultProfile, timeoutMs: 5_000 };
  const fetch = (question: string, spec: NonNullable<AnswerCase['context']>, text = '') => fetchContext(session, answerCase(question, spec), spec, { text }, options);

  before(async () => {
    session = await startStdioSession(
      { command: quote([process.execPath, SERVER]), cwd: process.cwd(), env: {} },
      { clientName: 'test', clientVersion: '0', connectTimeoutMs: 5_000, rssIntervalMs: 50, killGraceMs: 500 },
    );
  });
  after(async () => {
    await session.close();
  });

  it('search: the question through search_docs, the top N ids fetched with get_doc, in rank order', async () => {
    const context = await fetch('How many retries with exponential backoff does the client make?', { from: 'search', top: 2 });
    assert.equal(context.error, undefined);
    assert.equal(context.source, 'search');
    assert.equal(context.query, 'How many retries with exponential backoff does the client make?');
    assert.deepEqual(context.documents.map((d) => d.id), ['guides/retries.md', 'sdks/python/client.md']);
    assert.match(context.documents[0]?.text ?? '', /retries a failed request 3 times/);
    assert.equal(context.calls, 3, 'one search, two fetches');
    assert.ok(context.ms >= 0);
  });

  it('citations: the documents the answer links to, fetched', async () => {
    const text = 'Retries: see [Retries](guides/retries.md) and [Timeouts](guides/timeouts.md "t"); again [R](guides/retries.md). ![img](pic.png)';
    const context = await fetch('q', { from: 'citations' }, text);
    assert.equal(context.error, undefined);
    assert.deepEqual(context.documents.map((d) => d.id), ['guides/retries.md', 'guides/timeouts.md']);
  });

  it('given documents are used as written, with no call', async () => {
    const context = await fetch('q', { from: 'dataset', documents: ['doc one', 'x'.repeat(MAX_DOCUMENT_CHARS + 10)] });
    assert.deepEqual(context.documents.map((d) => [d.text.length, d.chars, d.truncated]), [[7, 7, undefined], [MAX_DOCUMENT_CHARS, MAX_DOCUMENT_CHARS + 10, true]]);
    assert.equal(context.calls, 0);
  });

  it('every failed fetch is a named error with no documents', async () => {
    const cases: [string, NonNullable<AnswerCase['context']>, string, string, RegExp][] = [
      ['find nothing please', { from: 'search', top: 3 }, '', 'no_results', /search_docs returned no results for the question "find nothing please"/],
      ['explode the index', { from: 'search', top: 3 }, '', 'search_failed', /search_docs answered with an error: "search index is corrupt"/],
      ['q', { from: 'citations' }, 'No links here.', 'no_citations', /the answer cites no sources/],
      ['q', { from: 'citations' }, 'See [ghost](guides/ghost.md).', 'fetch_failed', /cited source guides\/ghost\.md could not be fetched: get_doc answered with an error: "no such document/],
    ];
    for (const [question, spec, text, kind, message] of cases) {
      const context = await fetch(question, spec, text);
      assert.equal(context.error?.kind, kind, question);
      assert.match(context.error?.message ?? '', message);
      assert.deepEqual(context.documents, []);
    }
    const noFetch = await fetchContext(session, answerCase('retries', { from: 'search', top: 1 }), { from: 'search', top: 1 }, { text: '' }, { ...options, search: { ...defaultProfile, fetchTool: null } });
    assert.equal(noFetch.error?.kind, 'no_fetch_tool');
  });

  it('runAnswerCase fetches the context after the answer, and keeps it on the observation', async () => {
    const c = answerCase('How are retries done?', { from: 'citations' });
    const observation = await runAnswerCase(session, c, 0, { profile: { toolMap: {}, inputDefaults: {} }, timeoutMs: 5_000, errorReply: defaultProfile.errorReply, search: defaultProfile });
    assert.equal(observation.status, 'ok');
    assert.deepEqual(observation.answer?.context?.documents.map((d) => d.id), ['guides/retries.md', 'guides/timeouts.md']);
    assert.equal(observation.answer?.calls.length, 1, 'the context calls are not the answer call');
  });
});

describe('citedSources', () => {
  it('structured sources win over links; reference definitions count; anchors do not', () => {
    assert.deepEqual(citedSources('[a](x.md)', { sources: [{ id: 'y.md' }, 'z.md', { url: 'https://d/w' }] }), ['y.md', 'z.md', 'https://d/w']);
    assert.deepEqual(citedSources('text [1]\n\n[1]: https://docs.example/a "A"\n[top](#top)', undefined), ['https://docs.example/a']);
  });
});
