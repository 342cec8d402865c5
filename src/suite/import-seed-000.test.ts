import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSuite } from './parse-suite.ts';
import { rejectionsOf } from '../../test/support/dataset-problems.ts';

const FILE = 'datasets/mina/basic.yaml';

function problems(text: string): string[] {
  return rejectionsOf(() => parseSuite(text, FILE));
}

const SEED = `name: "Mina Protocol - Basic Questions"
project: "mina"
version: "1.0.0"
tests:
  - id: "mina-basic-004"
    name: "Simple counter zkApp"
    description: "Basic code example request"
    tool: "get_working_example"
    difficulty: "basic"
    input:
      task: "create a simple counter smart contract"
    expected:
      validations:
        - type: "has_code_block"
          language: "typescript"
        - type: "matches_regex"
          pattern: "@state"
      expectedKeywords: ["state"]
      forbiddenKeywords: ["solana"]
      expectedImports: ["o1js"]
    tags: ["code"]
  - id: "sol-x"
    name: "Other project"
    tool: "ask_docs"
    project: "solana"
    difficulty: "advanced"
    input: { question: "q" }
    expected: {}
`;

describe('seed-000 importer', () => {
  it('reads a file with tests (and no cases) as seed 000, mapping expected to expect', () => {
    const suite = parseSuite(SEED, FILE);
    assert.equal(suite.format, 'seed-000');
    assert.equal(suite.name, 'Mina Protocol - Basic Questions');
    assert.deepEqual(suite.files, [FILE]);
    assert.deepEqual(suite.cases, [
      {
        kind: 'answer',
        id: 'mina-basic-004',
        name: 'Simple counter zkApp',
        category: 'get_working_example',
        difficulty: 'basic',
        tags: ['code'],
        source: { file: FILE, line: 5 },
        tool: 'get_working_example',
        input: { task: 'create a simple counter smart contract' },
        project: 'mina',
        description: 'Basic code example request',
        expect: {
          // Seed 000 matches every regex case-insensitively.
          rules: [
            { type: 'has_code_block', language: 'typescript' },
            { type: 'matches_regex', pattern: '@state', flags: 'i' },
          ],
          keywords: ['state'],
          forbiddenKeywords: ['solana'],
          imports: ['o1js'],
        },
      },
      {
        kind: 'answer',
        id: 'sol-x',
        name: 'Other project',
        category: 'ask_docs',
        difficulty: 'advanced',
        tags: [],
        source: { file: FILE, line: 22 },
        tool: 'ask_docs',
        input: { question: 'q' },
        project: 'solana',
        expect: { rules: [] },
      },
    ]);
  });

  it('reports seed-000 problems with file:line, rules held to the same shapes', () => {
    const text = [
      'name: x',
      'project: mina',
      'version: 1.0',
      'tests:',
      '  - id: a',
      '    name: A',
      '    tool: ask_docs',
      '    difficulty: easy',
      '    input: { question: q }',
      '    expected:',
      '      validations:',
      '        - { type: min_lenght, chars: 3 }',
      '        - { type: matches_regex, pattern: "(?=x)" }',
      '      expectedKeyword: [x]',
      '  - id: a',
      '    name: B',
      '    tool: ask_docs',
      '    difficulty: basic',
      '    input: { question: q }',
      '',
    ].join('\n');
    const found = problems(text);
    assert.deepEqual(found.slice(0, 4), [
      `${FILE}:3:1 version: must be a string; got number 1 (quote it: "1")`,
      `${FILE}:8:5 tests[0].difficulty: must be one of basic, intermediate, advanced; got "easy"`,
      `${FILE}:12:13 tests[0].expected.validations[0].type: unknown type "min_lenght" (did you mean "min_length"?); one of contains, contains_any, contains_all, matches_regex, has_code_block, has_import, min_length, has_citation, confidence_above, sources_count, json_schema, code_parses`,
      `${FILE}:13:34 tests[0].expected.validations[1].pattern: pattern /(?=x)/: lookahead (?= …) and (?! …) is not supported: matches_regex uses a linear-time engine (RE2 syntax) so no pattern can hang a run`,
    ]);
    assert.deepEqual(found.slice(4), [
      `${FILE}:14:7 tests[0].expected: unknown field "expectedKeyword" (did you mean "expectedKeywords"?)`,
      `${FILE}:15:5 tests[1]: missing required field "expected"`,
      `${FILE}:15:5 tests[1].id: duplicate case id "a" (first used at line 5)`,
    ]);
  });

  it('requires the seed file header', () => {
    assert.deepEqual(problems('tests: []\n'), [
      `${FILE}:1:1 missing required field "name"`,
      `${FILE}:1:1 missing required field "project"`,
      `${FILE}:1:1 missing required field "version"`,
      `${FILE}:1:1 tests: must have at least 1 item`,
    ]);
  });
});
