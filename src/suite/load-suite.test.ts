import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { DatasetError, formatDatasetIssue } from './dataset-error.ts';
import { loadSuite } from './load-suite.ts';
import { parseSuite } from './parse-suite.ts';
import { rejectionsOf } from '../../test/support/dataset-problems.ts';

const FILE = 'datasets/x/cases.yaml';

/** Every issue as printed, so tests assert the exact file:line:col a user would see. */
function problems(text: string, file = FILE): string[] {
  return rejectionsOf(() => parseSuite(text, file));
}

const VALID = `# yaml-language-server: $schema=../schema.json
name: Nimbus SDK docs
description: Retrieval cases for the Nimbus SDK.
defaults: { limit: 8, tool: search_docs }
facets:
  language: { typescript: ["sdks/typescript/**"], python: ["sdks/python/**"] }
cases:
  - id: ts-client-init
    query: NimbusClient initialization
    category: lexical
    difficulty: basic
    tags: [auth]
    filters: { language: typescript }
    expected: "sdks/typescript/auth.md#init"
    forbidden: { language: [python, go], ids: ["sdks/python/**"] }

  - id: retries
    name: Handling 429s
    query: how do I handle rate limits
    relevant:
      - { id: guides/retries.md#429, grade: 3 }
      - id: guides/retries.md#backoff
    limit: 3
    maxRounds: 1
    tool: search_guides
`;

describe('parseSuite: native format', () => {
  it('normalises a valid file: defaults, expected -> relevant, forbidden split, source lines', () => {
    const suite = parseSuite(VALID, FILE);
    assert.equal(suite.name, 'Nimbus SDK docs');
    assert.equal(suite.format, 'docs-mcp-eval');
    assert.deepEqual(suite.files, [FILE]);
    assert.match(suite.hash, /^[0-9a-f]{64}$/);
    assert.deepEqual(suite.facets, { language: { typescript: ['sdks/typescript/**'], python: ['sdks/python/**'] } });
    assert.deepEqual(suite.cases, [
      {
        kind: 'retrieval',
        id: 'ts-client-init',
        name: 'ts-client-init',
        category: 'lexical',
        difficulty: 'basic',
        tags: ['auth'],
        source: { file: FILE, line: 8 },
        query: 'NimbusClient initialization',
        filters: { language: 'typescript' },
        relevant: [{ id: 'sdks/typescript/auth.md#init', grade: 1 }],
        forbidden: { ids: ['sdks/python/**'], facets: { language: ['python', 'go'] } },
        limit: 8,
        maxRounds: 2,
        tool: 'search_docs',
      },
      {
        kind: 'retrieval',
        id: 'retries',
        name: 'Handling 429s',
        category: 'uncategorized',
        tags: [],
        source: { file: FILE, line: 17 },
        query: 'how do I handle rate limits',
        filters: {},
        relevant: [
          { id: 'guides/retries.md#429', grade: 3 },
          { id: 'guides/retries.md#backoff', grade: 1 },
        ],
        limit: 3,
        maxRounds: 1,
        tool: 'search_guides',
      },
    ]);
  });

  it('leaves optional fields absent rather than undefined (exactOptionalPropertyTypes)', () => {
    const [only] = parseSuite('name: s\ncases:\n  - { id: a, query: q, expected: x }\n', FILE).cases;
    assert.ok(only);
    assert.deepEqual(Object.keys(only).sort(), [
      'category', 'filters', 'id', 'kind', 'limit', 'maxRounds', 'name', 'query', 'relevant', 'source', 'tags',
    ]);
  });

  it('reads JSON objects in the native format, with line numbers', () => {
    const json = JSON.stringify({ name: 's', cases: [{ id: 'a', query: 'q', expected: 'x' }, { id: 'b', query: 'q', expected: 'y' }] }, null, 2);
    const suite = parseSuite(json, 'datasets/x/cases.json');
    assert.deepEqual(suite.cases.map((item) => item.source.line), [4, 9]);
    const broken = json.replace('"expected": "y"', '"expectedd": "y"');
    assert.deepEqual(problems(broken, 'x.json'), [
      'x.json:9:5 cases[1]: needs "expected" or "relevant" (exactly one of them)',
      'x.json:12:7 cases[1]: unknown field "expectedd" (did you mean "expected"?)',
    ]);
  });
});

describe('parseSuite: every problem, each at its file:line:col', () => {
  it('names an unknown field at its key and suggests the intended one', () => {
    assert.deepEqual(problems('name: s\ncases:\n  - id: a\n    query: q\n    expectd: x\n    expected: x\n'), [
      `${FILE}:5:5 cases[0]: unknown field "expectd" (did you mean "expected"?)`,
    ]);
    assert.deepEqual(problems('name: s\nzzz: 1\ncases: [{ id: a, query: q, expected: x }]\n'), [`${FILE}:2:1 unknown field "zzz"`]);
  });

  it('reports wrong types with the value found', () => {
    assert.deepEqual(problems('name: s\ncases:\n  - id: 2024\n    query: q\n    expected: x\n    limit: five\n'), [
      `${FILE}:3:5 cases[0].id: must be a string; got number 2024 (quote it: "2024")`,
      `${FILE}:6:5 cases[0].limit: must be an integer; got "five"`,
    ]);
  });

  it('points a missing required field at the object that lacks it', () => {
    assert.deepEqual(problems('name: s\ncases:\n  - query: q\n    expected: x\n'), [`${FILE}:3:5 cases[0]: missing required field "id"`]);
    assert.deepEqual(problems('# comment\nname: s\n'), [`${FILE}:2:1 missing required field "cases"`]);
  });

  it('rejects a duplicate case id at the second occurrence, naming the first line', () => {
    const text = 'name: s\ncases:\n  - { id: a, query: q, expected: x }\n  - id: b\n    query: q\n    expected: x\n  - id: a\n    query: q\n    expected: y\n';
    assert.deepEqual(problems(text), [`${FILE}:7:5 cases[2].id: duplicate case id "a" (first used at line 3)`]);
  });

  it('rejects empty relevance', () => {
    assert.deepEqual(problems('name: s\ncases:\n  - id: a\n    query: q\n    relevant: []\n'), [
      `${FILE}:5:5 cases[0].relevant: must have at least 1 item`,
    ]);
  });

  it('needs exactly one of expected and relevant', () => {
    assert.deepEqual(problems('name: s\ncases:\n  - id: a\n    query: q\n'), [
      `${FILE}:3:5 cases[0]: needs "expected" or "relevant" (exactly one of them)`,
    ]);
    assert.deepEqual(problems('name: s\ncases:\n  - id: a\n    query: q\n    expected: x\n    relevant: [{ id: x }]\n'), [
      `${FILE}:3:5 cases[0]: has both "expected" and "relevant"; give only one`,
    ]);
  });

  it('reports every YAML syntax error with line and column, and nothing else', () => {
    assert.deepEqual(problems('name: s\ncases:\n  - id: a\n   query: b\n  - id: [\nfoo: bar: baz\n'), [
      `${FILE}:4:1 YAML syntax: Sequence item without - indicator`,
      `${FILE}:6:1 YAML syntax: Flow sequence in block collection must be sufficiently indented and end with a ]`,
      `${FILE}:6:6 YAML syntax: Nested mappings are not allowed in compact mappings`,
    ]);
    assert.deepEqual(problems('name: s\nname: t\ncases: []\n'), [`${FILE}:2:1 YAML syntax: Map keys must be unique`]);
  });

  it('rejects an empty file, a scalar or a list at the top level, and other extensions', () => {
    assert.deepEqual(problems(''), [`${FILE}:1:1 file is empty: a dataset needs at least \`name:\` and \`cases:\``]);
    assert.deepEqual(problems('# only a comment\n'), [`${FILE}:1:1 file is empty: a dataset needs at least \`name:\` and \`cases:\``]);
    assert.match(problems('just text\n')[0] ?? '', /:1:1 top level is string "just text": a dataset is a mapping/);
    assert.match(problems('- id: a\n')[0] ?? '', /:1:1 top level is a list: a dataset is a mapping/);
    assert.match(problems('name: s', 'cases.txt')[0] ?? '', /^cases\.txt:1:1 unsupported dataset extension "\.txt"/);
  });

  it('collects problems from all cases and all kinds in one error', () => {
    const text = [
      'name: s',
      'defaults: { limit: 500 }',
      'cases:',
      '  - id: a',
      '    query: ""',
      '    expected: x',
      '    difficulty: easy',
      '  - id: a',
      '    query: q',
      '    relevant:',
      '      - { id: x, grade: -1 }',
      '      - { id: x, grade: 2 }',
      '    forbidden: { language: python }',
      '',
    ].join('\n');
    assert.deepEqual(problems(text), [
      `${FILE}:2:13 defaults.limit: must be at most 100; got number 500`,
      `${FILE}:5:5 cases[0].query: must not be empty`,
      `${FILE}:7:5 cases[0].difficulty: must be one of basic, intermediate, advanced; got "easy"`,
      `${FILE}:8:5 cases[1].id: duplicate case id "a" (first used at line 4)`,
      `${FILE}:11:18 cases[1].relevant[0].grade: must be at least 0; got number -1`,
      `${FILE}:12:9 cases[1].relevant[1]: "x" is judged twice in this case (first at line 11)`,
      `${FILE}:13:18 cases[1].forbidden.language: must be an array (a list); got "python"`,
    ]);
  });

  it('formats the whole error as a count and one line per problem', () => {
    assert.throws(
      () => parseSuite('name: s\ncases: []\n', FILE),
      (error: unknown) =>
        error instanceof DatasetError &&
        error.message === `Invalid dataset (1 problem):\n  ${FILE}:2:1 cases: must have at least 1 item`,
    );
  });
});

describe('loadSuite', () => {
  it('reads a file from disk', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'suite-'));
    const file = path.join(dir, 'cases.yml');
    await writeFile(file, VALID);
    const suite = await loadSuite(file);
    assert.equal(suite.cases.length, 2);
    assert.equal(suite.cases[0]?.source.file, file);
  });

  it('checks answer material with the same rules as parseSuite, though it loads them only for such files', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'suite-'));
    const file = path.join(dir, 'answers.yaml');
    const text = 'name: answers\nevaluators:\n  - { type: llm_jduge }\ncases:\n  - { id: a, kind: answer, question: q, tool: ask_docs }\n';
    await writeFile(file, text);
    await assert.rejects(loadSuite(file), (error: unknown) => {
      assert.ok(error instanceof DatasetError);
      assert.deepEqual(error.issues.map(formatDatasetIssue), rejectionsOf(() => parseSuite(text, file)));
      assert.match(error.issues.map(formatDatasetIssue).join('\n'), /unknown evaluator type "llm_jduge"/);
      return true;
    });
  });

  it('hashes a suite when the hash is first read, to the same value as parseSuite', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'suite-'));
    const file = path.join(dir, 'cases.yml');
    await writeFile(file, VALID);
    const suite = await loadSuite(file);
    assert.match(suite.hash, /^[0-9a-f]{64}$/);
    assert.equal(suite.hash, parseSuite(VALID, file).hash);
    assert.equal((JSON.parse(JSON.stringify(suite)) as { hash: string }).hash, suite.hash);
  });

  it('reports a missing file as a DatasetError', async () => {
    await assert.rejects(loadSuite('/nonexistent/cases.yaml'), (error: unknown) => {
      assert.ok(error instanceof DatasetError);
      assert.equal(formatDatasetIssue(error.issues[0]!), '/nonexistent/cases.yaml:1 cannot read dataset: file not found');
      return true;
    });
  });
});
