import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSuite } from './parse-suite.ts';
import { canonicalJson } from './suite-hash.ts';

const BASE = `name: s
defaults: { limit: 5 }
cases:
  - id: a
    query: first query
    expected: x.md#a
  - id: b
    query: second query
    relevant: [{ id: y.md, grade: 2 }]
`;

const hashOf = (text: string, file = 'datasets/s/cases.yaml'): string => parseSuite(text, file).hash;

describe('suite hash', () => {
  it('ignores comments, formatting, key order, case order, applied-default spelling and file location', () => {
    const reformatted = `# a comment
name: "s"   # trailing comment
cases:
  - id: b
    relevant:
      - grade: 2
        id: y.md
    query: "second query"

  - { query: first query, id: a, relevant: [{ id: x.md#a, grade: 1 }], limit: 5 }
`;
    assert.equal(hashOf(reformatted, 'elsewhere/other.yml'), hashOf(BASE));
    const asJson = JSON.stringify({ name: 's', cases: [{ id: 'a', query: 'first query', expected: 'x.md#a' }, { id: 'b', query: 'second query', relevant: [{ id: 'y.md', grade: 2 }] }] });
    assert.equal(hashOf(asJson, 'x.json'), hashOf(BASE));
  });

  it('changes when a query, a judgment, a run setting or the name changes', () => {
    const base = hashOf(BASE);
    for (const changed of [
      BASE.replace('first query', 'first  query'),
      BASE.replace('grade: 2', 'grade: 3'),
      BASE.replace('limit: 5', 'limit: 6'),
      BASE.replace('name: s', 'name: t'),
      `${BASE}facets: { language: { go: ["go/**"] } }\n`,
    ]) {
      assert.notEqual(hashOf(changed), base, changed);
    }
  });

  it('canonical JSON sorts keys at every depth and drops undefined', () => {
    assert.equal(canonicalJson({ b: [{ z: 1, a: undefined, y: null }], a: 'x' }), '{"a":"x","b":[{"y":null,"z":1}]}');
  });
});
