import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Case, RetrievalCase } from '../model/case.ts';
import { assignIds, slugify } from './import-speakeasy.ts';
import { loadSuite } from './load-suite.ts';
import { parseSuite } from './parse-suite.ts';
import { rejectionsOf } from '../../test/support/dataset-problems.ts';

// AGPL data from speakeasy-api/docs-mcp: read in place (the workspace keeps it in
// shared/ beside this checkout), never copied into this repo.
const FIXTURE = path.resolve(import.meta.dirname, '../../../shared/corpora/speakeasy-realistic/cases.json');

/** Speakeasy files hold retrieval cases only. */
function retrieval(item: Case | undefined): RetrievalCase {
  assert.ok(item?.kind === 'retrieval');
  return item;
}

function problems(text: string, file = 'fixtures/cases.json'): string[] {
  return rejectionsOf(() => parseSuite(text, file));
}

describe('speakeasy cases.json importer', () => {
  it('loads their realistic fixture as given', async (t) => {
    if (!existsSync(FIXTURE)) {
      t.skip(`${FIXTURE} not present`);
      return;
    }
    const suite = await loadSuite(FIXTURE);
    assert.equal(suite.format, 'speakeasy');
    assert.equal(suite.name, 'speakeasy-realistic');
    assert.equal(suite.cases.length, 5);
    assert.deepEqual(
      suite.cases.map(retrieval).map((item) => [item.id, item.category, item.filters, item.relevant, item.limit, item.maxRounds, item.source.line]),
      [
        ['acmeauthclientv2-initialization', 'lexical', { language: 'typescript' }, [{ id: 'sdks/typescript/auth.md#typescript-auth-sdk/acmeauthclientv2-initialization', grade: 1 }], 5, 2, 2],
        ['handle-429-rate-limits', 'paraphrased', {}, [{ id: 'guides/retries.md#retries-guide/handling-429-errors', grade: 1 }], 5, 2, 13],
        ['cursor-pagination-next-cursor', 'lexical', {}, [{ id: 'guides/pagination.md#pagination-guide/cursor-pagination', grade: 1 }], 5, 2, 22],
        ['python-retry-configuration', 'intent', { language: 'python' }, [{ id: 'sdks/python/auth.md#python-auth-sdk/retry-configuration', grade: 1 }], 5, 2, 31],
        ['go-retry-configuration', 'intent', { language: 'go' }, [{ id: 'sdks/go/auth.md#go-auth-sdk/retry-configuration', grade: 1 }], 5, 2, 42],
      ],
    );
    assert.equal(retrieval(suite.cases[1]).query, 'how do I handle 429 rate limits');
    assert.equal(suite.cases[0]?.name, 'AcmeAuthClientV2 initialization');
  });

  it('reads the snake_case spellings from their seed docs', () => {
    const suite = parseSuite(
      JSON.stringify([{ name: 'Conceptual Search (Vector Dominance)', query: 'q', filters: {}, expected_chunk_id: 'a.md#x', max_rounds_allowed: 1 }]),
      'seed/cases.json',
    );
    assert.equal(suite.cases[0]?.id, 'conceptual-search-vector-dominance');
    assert.deepEqual(retrieval(suite.cases[0]).relevant, [{ id: 'a.md#x', grade: 1 }]);
    assert.equal(retrieval(suite.cases[0]).maxRounds, 1);
    assert.equal(retrieval(suite.cases[0]).limit, 5);
    assert.equal(suite.cases[0]?.category, 'uncategorized');
    assert.equal(suite.name, 'seed');
  });

  it('reports problems with lines, like the native format', () => {
    const text = `[
  { "name": "a", "query": "q" },
  { "name": "b", "query": "q", "expectedChunkId": "x", "expected_chunk_id": "x", "maxRounds": 1, "max_rounds_allowed": 2 },
  { "id": "dup", "name": "c", "query": "q", "expectedChunkId": "x", "limitt": 3 },
  { "id": "dup", "name": "d", "query": "q", "expectedChunkId": "x" }
]`;
    assert.deepEqual(problems(text), [
      'fixtures/cases.json:2:3 [0]: needs "expectedChunkId" or "expected_chunk_id" (exactly one of them)',
      'fixtures/cases.json:3:3 [1]: has both "expectedChunkId" and "expected_chunk_id"; give only one',
      'fixtures/cases.json:3:3 [1]: has both "maxRounds" and "max_rounds_allowed"; give only one',
      'fixtures/cases.json:4:69 [2]: unknown field "limitt" (did you mean "limit"?)',
      'fixtures/cases.json:5:5 [3].id: duplicate case id "dup" (first used at line 4)',
    ]);
  });

  it('rejects an empty array', () => {
    assert.deepEqual(problems('[]'), ['fixtures/cases.json:1:1 must have at least 1 item']);
  });
});

describe('ids from names', () => {
  it('slugifies and deduplicates deterministically, keeping explicit ids', () => {
    assert.equal(slugify('  Héllo, World! (v2) '), 'hello-world-v2');
    assert.deepEqual(assignIds([{ name: 'retry' }, { name: 'Retry' }, { name: 'retry-2' }, { name: 'x', id: 'retry-3' }, { name: 'RETRY' }, { name: '!!!' }]), [
      'retry',
      'retry-2',
      'retry-2-2',
      'retry-3',
      'retry-4',
      'case-6',
    ]);
  });
});
