import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Case } from '../model/case.ts';
import { filterCases } from './filter-cases.ts';

function makeCase(id: string, category: string, tags: string[], difficulty?: Case['difficulty']): Case {
  return {
    kind: 'retrieval',
    id,
    name: id,
    category,
    ...(difficulty === undefined ? {} : { difficulty }),
    tags,
    source: { file: 'f.yaml', line: 1 },
    query: id,
    filters: {},
    relevant: [{ id: 'x', grade: 1 }],
    limit: 5,
    maxRounds: 2,
  };
}

const CASES = [
  makeCase('ts/auth-init', 'lexical', ['auth', 'ts'], 'basic'),
  makeCase('ts/retry', 'intent', ['retry'], 'advanced'),
  makeCase('py/auth-init', 'lexical', ['auth'], 'intermediate'),
  makeCase('pagination', 'paraphrased', []),
];
const ids = (filter: Parameters<typeof filterCases>[1]): string[] => filterCases(CASES, filter).map((item) => item.id);

describe('filterCases', () => {
  it('keeps everything without filters, or with empty lists', () => {
    assert.equal(ids({}).length, 4);
    assert.equal(ids({ categories: [], tags: [], difficulties: [], ids: [] }).length, 4);
  });

  it('ORs within a list', () => {
    assert.deepEqual(ids({ categories: ['intent', 'paraphrased'] }), ['ts/retry', 'pagination']);
    assert.deepEqual(ids({ tags: ['retry', 'ts'] }), ['ts/auth-init', 'ts/retry']);
    assert.deepEqual(ids({ difficulties: ['basic', 'intermediate'] }), ['ts/auth-init', 'py/auth-init']);
  });

  it('ANDs across lists', () => {
    assert.deepEqual(ids({ categories: ['lexical'], tags: ['auth'], difficulties: ['intermediate'] }), ['py/auth-init']);
  });

  it('matches ids as globs, where * stays within a segment', () => {
    assert.deepEqual(ids({ ids: ['ts/*'] }), ['ts/auth-init', 'ts/retry']);
    assert.deepEqual(ids({ ids: ['*auth*'] }), []);
    assert.deepEqual(ids({ ids: ['**/auth-*', 'pagination'] }), ['ts/auth-init', 'py/auth-init', 'pagination']);
  });

  it('filters by project and tool (answer cases carry both; retrieval cases only a tool when set)', () => {
    const answer = (id: string, tool: string, project?: string): Case => ({
      kind: 'answer',
      id,
      name: id,
      category: tool,
      tags: [],
      source: { file: 'f.yaml', line: 1 },
      tool,
      input: {},
      ...(project === undefined ? {} : { project }),
      expect: { rules: [] },
    });
    const cases = [...CASES, { ...makeCase('r-tool', 'lexical', []), tool: 'search_docs' }, answer('m1', 'ask_docs', 'mina'), answer('s1', 'search_docs', 'solana'), answer('x1', 'ask_docs')];
    const pick = (filter: Parameters<typeof filterCases>[1]): string[] => filterCases(cases, filter).map((item) => item.id);
    assert.deepEqual(pick({ projects: ['mina', 'solana'] }), ['m1', 's1']);
    assert.deepEqual(pick({ tools: ['search_docs'] }), ['r-tool', 's1']);
    assert.deepEqual(pick({ tools: ['ask_docs'], projects: ['mina'] }), ['m1']);
  });

  it('returns empty when nothing matches', () => {
    assert.deepEqual(ids({ categories: ['nope'] }), []);
  });
});
