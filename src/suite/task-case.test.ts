import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Case, TaskCase } from '../model/case.ts';
import { parseSuite } from './parse-suite.ts';
import { suiteHash } from './suite-hash.ts';
import { rejectionsOf } from '../../test/support/dataset-problems.ts';

function task(item: Case | undefined): TaskCase {
  assert.ok(item?.kind === 'task');
  return item;
}

const DATASET = `name: tasks
agent: { provider: anthropic, model: claude-x, withoutDocs: true, budget: { usd: 2, perTask: { tokens: 50000 } } }
cases:
  - id: header
    kind: task
    prompt: Write the idempotency header into answer.txt.
    category: lookup
    tags: [idempotency]
    files: { README.md: "# notes", src/a.ts: "export {};" }
    setup: git init -q
    maxTurns: 6
    repetitions: 3
    assertions:
      - { type: file_contains, path: answer.txt, value: Idempotency-Key }
      - { type: matches, pattern: "idempotency", flags: i, soft: true }
      - { type: rules, path: src/a.ts, rules: [{ type: code_parses }], imports: ["@nimbus/sdk"] }
      - { type: script, command: "test -s answer.txt", name: non-empty, when_env: CI }
      - { type: llm_judge, criterion: names the header, apiKeyEnv: JUDGE_KEY }
  - id: from-folder
    kind: task
    prompt: Fix the bug.
    files: fixtures/bug
    assertions: [{ type: file_exists, path: fixed.txt }]
`;

describe('task cases in the native format', () => {
  it('reads every field, with defaults', () => {
    const suite = parseSuite(DATASET, '/data/tasks.yaml');
    const header = task(suite.cases[0]);
    assert.equal(header.prompt, 'Write the idempotency header into answer.txt.');
    assert.deepEqual(header.files, { inline: { 'README.md': '# notes', 'src/a.ts': 'export {};' } });
    assert.equal(header.setup, 'git init -q');
    assert.equal(header.maxTurns, 6);
    assert.equal(header.repetitions, 3);
    assert.equal(header.assertions.length, 5);
    assert.equal(header.source.line, 4);
    const folder = task(suite.cases[1]);
    // Kept as written: relative to the dataset file, so moving the dataset keeps its hash.
    assert.deepEqual(folder.files, { dir: 'fixtures/bug' });
    assert.equal(folder.maxTurns, 15);
    assert.equal(folder.category, 'uncategorized');
    assert.deepEqual(suite.agent, { provider: 'anthropic', model: 'claude-x', withoutDocs: true, budget: { usd: 2, perTask: { tokens: 50000 } } });
  });

  it('hashes the same wherever the file is', () => {
    const a = parseSuite(DATASET, '/data/tasks.yaml');
    const b = parseSuite(DATASET, '/elsewhere/deeper/tasks.yaml');
    assert.equal(suiteHash(a.name, a.facets, a.cases, a), suiteHash(b.name, b.facets, b.cases, b));
  });

  it('reports every problem with its line and field', () => {
    const bad = `name: bad
cases:
  - id: soft-only
    kind: task
    prompt: p
    assertions: [{ type: contains, value: x, soft: true }]
  - id: broken
    kind: task
    prompt: p
    files: { ../escape.txt: x }
    assertions:
      - { type: matches, pattern: "(a)\\\\1" }
      - { type: file_contains, path: /etc/passwd, value: root }
      - { type: rules, rules: [{ type: code_parses, languages: [klingon] }] }
      - { type: contians, value: x }
  - id: wrong-kind
    kind: task
    prompt: p
    query: q
    assertions: [{ type: file_exists, path: a }]
`;
    const problems = rejectionsOf(() => parseSuite(bad, 'bad.yaml'));
    const has = (pattern: RegExp) => assert.ok(problems.some((p) => pattern.test(p)), `${pattern} not in:\n${problems.join('\n')}`);
    has(/bad\.yaml:6.*cases\[0\]\.assertions.*at least one hard assertion/);
    has(/bad\.yaml:10.*cases\[1\]\.files\["\.\.\/escape\.txt"\].*leads out of the workspace/);
    has(/bad\.yaml:12.*cases\[1\]\.assertions\[0\]\.pattern.*backreferences/);
    has(/bad\.yaml:13.*cases\[1\]\.assertions\[1\]\.path.*absolute/);
    has(/bad\.yaml:14.*cases\[1\]\.assertions\[2\]\.rules\[0\].*klingon/);
    has(/cases\[1\]\.assertions\[3\]\.type.*contians/);
    has(/cases\[2\].*"query" is for retrieval cases/);
  });
});
