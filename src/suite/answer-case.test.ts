import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSuite } from './parse-suite.ts';
import { rejectionsOf } from '../../test/support/dataset-problems.ts';

const FILE = 'datasets/x/cases.yaml';

function problems(text: string): string[] {
  return rejectionsOf(() => parseSuite(text, FILE));
}

const VALID = `name: crypto
project: mina
toolMap: { ask_docs: crypto_ask_docs }
criteria:
  - { name: accuracy, description: Correct and grounded, scale: likert5, weight: 2 }
evaluators:
  - type: keyword_coverage
  - { type: llm_judge, criteria: [accuracy] }
cases:
  - id: mina-001
    kind: answer
    tool: ask_docs
    input:
      question: What is o1js? ({project})
    expect:
      rules:
        - { type: min_length, chars: 200 }
        - { type: matches_regex, pattern: "zk[- ]?app", flags: i }
      keywords: [zkapp]
      forbiddenKeywords: [solana]
      imports: [o1js]
    groundTruth: o1js is a TypeScript framework for zk circuits.
    evaluators:
      - { type: lexical_similarity }
  - id: sol-001
    kind: answer
    name: SPL tokens
    description: Token program
    category: tokens
    difficulty: basic
    tags: [spl]
    tool: get_working_example
    project: solana
    input: { task: create a token, limit: 5 }
    expect: { rules: [] }
  - id: search-1
    query: merkle tree
    expected: docs/merkle.md
`;

/** One valid answer case under a suite header, with \`body\` lines appended to it. */
const answerCase = (body: string, header = 'name: s\n'): string =>
  `${header}cases:\n  - id: a\n    kind: answer\n    tool: ask_docs\n    input: { question: q }\n${body}`;

describe('native answer cases', () => {
  it('round trip: defaults applied, input and templates kept, suite settings carried', () => {
    const suite = parseSuite(VALID, FILE);
    assert.equal(suite.format, 'docs-mcp-eval');
    assert.deepEqual(suite.toolMap, { ask_docs: 'crypto_ask_docs' });
    assert.deepEqual(suite.criteria, [{ name: 'accuracy', description: 'Correct and grounded', scale: 'likert5', weight: 2 }]);
    assert.deepEqual(suite.evaluators, [{ type: 'keyword_coverage' }, { type: 'llm_judge', criteria: ['accuracy'] }]);
    assert.deepEqual(suite.cases[0], {
      kind: 'answer',
      id: 'mina-001',
      name: 'mina-001',
      category: 'ask_docs',
      tags: [],
      source: { file: FILE, line: 10 },
      tool: 'ask_docs',
      input: { question: 'What is o1js? ({project})' },
      project: 'mina',
      expect: {
        rules: [
          { type: 'min_length', chars: 200 },
          { type: 'matches_regex', pattern: 'zk[- ]?app', flags: 'i' },
        ],
        keywords: ['zkapp'],
        forbiddenKeywords: ['solana'],
        imports: ['o1js'],
      },
      groundTruth: 'o1js is a TypeScript framework for zk circuits.',
      evaluators: [{ type: 'lexical_similarity' }],
    });
    assert.deepEqual(suite.cases[1], {
      kind: 'answer',
      id: 'sol-001',
      name: 'SPL tokens',
      category: 'tokens',
      difficulty: 'basic',
      tags: ['spl'],
      source: { file: FILE, line: 25 },
      tool: 'get_working_example',
      input: { task: 'create a token', limit: 5 },
      project: 'solana',
      description: 'Token program',
      expect: { rules: [] },
    });
    assert.equal(suite.cases[2]?.kind, 'retrieval');
  });

  it('reports fields of the other kind, both ways, at the field', () => {
    assert.deepEqual(problems(answerCase('    expect: { rules: [] }\n    relevant: [{ id: x }]\n    limit: 3\n')), [
      `${FILE}:8:5 cases[0]: "relevant" is for retrieval cases; this case has kind: answer`,
      `${FILE}:9:5 cases[0]: "limit" is for retrieval cases; this case has kind: answer`,
    ]);
    assert.deepEqual(problems('name: s\ncases:\n  - id: r\n    query: q\n    expected: x\n    expect: { rules: [] }\n'), [
      `${FILE}:6:5 cases[0]: "expect" is for answer cases; this case has no kind, so it is a retrieval case (add kind: answer)`,
    ]);
  });

  it('reports missing answer fields and an unknown kind', () => {
    assert.deepEqual(problems('name: s\ncases:\n  - id: a\n    kind: answer\n  - id: b\n    kind: answr\n'), [
      `${FILE}:3:5 cases[0]: missing required field "expect"`,
      `${FILE}:3:5 cases[0]: missing required field "input"`,
      `${FILE}:3:5 cases[0]: missing required field "tool"`,
      `${FILE}:6:5 cases[1].kind: must be one of retrieval, answer, task; got "answr" (did you mean "answer"?)`,
    ]);
  });

  it('reports each rule by its own shape: unknown type, missing and unknown fields, bad values', () => {
    const rules = [
      '    expect:',
      '      rules:',
      '        - { type: contain, value: x }',
      '        - { type: contains_any }',
      '        - { type: contains, value: x, cs: true }',
      '        - { chars: 3 }',
      '        - { type: min_length, chars: -1 }',
      '',
    ].join('\n');
    assert.deepEqual(problems(answerCase(rules)), [
      `${FILE}:9:13 cases[0].expect.rules[0].type: unknown type "contain" (did you mean "contains"?); one of contains, contains_any, contains_all, matches_regex, has_code_block, has_import, min_length, has_citation, confidence_above, sources_count, json_schema, code_parses`,
      `${FILE}:10:11 cases[0].expect.rules[1]: missing required field "values"`,
      `${FILE}:11:39 cases[0].expect.rules[2]: unknown field "cs"`,
      `${FILE}:12:11 cases[0].expect.rules[3]: missing required field "type"`,
      `${FILE}:13:31 cases[0].expect.rules[4].chars: must be at least 0; got number -1`,
    ]);
  });

  it('checks rules at load time (checkRuleSpecs) and points at the field', () => {
    const rules = [
      '    expect:',
      '      rules:',
      '        - { type: has_citation }',
      '        - type: matches_regex',
      '          pattern: "(a)\\\\1"',
      '        - { type: has_code_block, language: typscript }',
      '',
    ].join('\n');
    const found = problems(answerCase(rules));
    assert.equal(found.length, 2);
    assert.match(found[0] ?? '', /^datasets\/x\/cases\.yaml:11:11 cases\[0\]\.expect\.rules\[1\]\.pattern: pattern \/\(a\)\\1\/: backreferences/);
    assert.equal(found[1], `${FILE}:12:35 cases[0].expect.rules[2].language: unknown language "typscript"`);
  });

  it('does not check a rule the schema already rejected', () => {
    const found = problems(answerCase('    expect: { rules: [{ type: matches_regex, pattern: "(a)\\\\1", flags: x }] }\n'));
    assert.equal(found.length, 1);
    assert.match(found[0] ?? '', /flags: "x" is not valid/);
  });

  it('reports unknown criteria, duplicate criteria and unknown evaluator types at their line', () => {
    const header = [
      'name: s',
      'criteria:',
      '  - { name: accuracy, description: d, scale: likert5 }',
      '  - { name: accuracy, description: d, scale: binary }',
      'evaluators:',
      '  - { type: llm_judge, criteria: [acuracy] }',
      '  - { type: llm_jduge }',
      '  - { type: keyword_coverage, criteria: [keyword_coverage, { name: mine, description: d, scale: numeric }, mine] }',
      '',
    ].join('\n');
    const found = problems(answerCase('    expect: { rules: [] }\n    evaluators: [{ type: custom, module: x.js, criterion: nope }]\n', header));
    assert.deepEqual(found, [
      `${FILE}:4:7 criteria[1].name: criterion "accuracy" is defined twice (first at line 3)`,
      `${FILE}:6:35 evaluators[0].criteria[0]: unknown criterion "acuracy" (did you mean "accuracy"?); define it under the suite's criteria: (defined: accuracy)`,
      `${FILE}:7:7 evaluators[1].type: unknown evaluator type "llm_jduge" (did you mean "llm_judge"?); known: answer_relevancy, context_precision, context_recall, custom, faithfulness, keyword_coverage, lexical_similarity, llm_judge, rule_based, semantic_similarity, sentiment, tool_usage, toxicity`,
      `${FILE}:15:48 cases[0].evaluators[0].criterion: unknown criterion "nope"; define it under the suite's criteria: (defined: accuracy)`,
    ]);
  });

  it('reports duplicate ids across retrieval and answer cases', () => {
    const text = 'name: s\ncases:\n  - { id: a, query: q, expected: x }\n  - { id: a, kind: answer, tool: t, input: {}, expect: { rules: [] } }\n';
    assert.deepEqual(problems(text), [`${FILE}:4:7 cases[1].id: duplicate case id "a" (first used at line 3)`]);
  });
});

describe('suite hash with answer cases', () => {
  const hashOf = (text: string): string => parseSuite(text, FILE).hash;
  const base = hashOf(VALID);

  it('changes when a rule, a keyword, an input or a suite-level answer setting changes', () => {
    assert.notEqual(hashOf(VALID.replace('chars: 200', 'chars: 201')), base);
    assert.notEqual(hashOf(VALID.replace('keywords: [zkapp]', 'keywords: [zkApp]')), base);
    assert.notEqual(hashOf(VALID.replace('({project})', '')), base);
    assert.notEqual(hashOf(VALID.replace('weight: 2', 'weight: 3')), base);
    assert.notEqual(hashOf(VALID.replace('type: keyword_coverage', 'type: sentiment')), base);
    assert.notEqual(hashOf(VALID.replace('crypto_ask_docs', 'ask')), base);
  });

  it('does not change with formatting or an applied default written out', () => {
    assert.equal(hashOf(VALID.replace('    tool: ask_docs\n', '    tool: ask_docs\n    category: ask_docs\n    project: mina\n')), base);
  });
});
