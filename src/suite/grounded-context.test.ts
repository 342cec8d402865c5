/** The answer case's `context` option: accepted forms, normalised; bad values and missing inputs rejected at load with file:line. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSuite } from './parse-suite.ts';
import type { AnswerCase } from '../model/case.ts';
import { rejectionsOf } from '../../test/support/dataset-problems.ts';

const FILE = 'datasets/g/cases.yaml';
const JUDGE = 'baseUrl: "http://127.0.0.1:1/v1", apiKeyEnv: K, model: m';

function suite(cases: string, evaluators = `  - { type: faithfulness, ${JUDGE} }`): string {
  return `name: grounded\nevaluators:\n${evaluators}\ncases:\n${cases}`;
}

const answer = (id: string, extra: string) => `  - { id: ${id}, kind: answer, tool: ask_docs, input: { question: "How do retries work?" }, expect: { rules: [] }${extra} }\n`;

describe('answer case context', () => {
  it('accepts search, citations, { from, top } and a list of documents, normalised', () => {
    const parsed = parseSuite(
      suite(answer('a', ', context: search') + answer('b', ', context: citations') + answer('c', ', context: { from: search, top: 5 }') + answer('d', ', context: ["Doc one.", "Doc two."]')),
      FILE,
    );
    assert.deepEqual(parsed.cases.map((c) => (c as AnswerCase).context), [
      { from: 'search', top: 3 },
      { from: 'citations' },
      { from: 'search', top: 5 },
      { from: 'dataset', documents: ['Doc one.', 'Doc two.'] },
    ]);
  });

  it('rejects bad values with file:line', () => {
    for (const [extra, pattern] of [
      [', context: serch', /cases\[0\]\.context/],
      [', context: { from: search, top: 0 }', /cases\[0\]\.context/],
      [', context: []', /cases\[0\]\.context/],
      [', context: { form: search }', /cases\[0\]\.context/],
    ] as const) {
      const found = rejectionsOf(() => parseSuite(suite(answer('a', extra)), FILE));
      assert.ok(found.length > 0, extra);
      assert.ok(found.some((p) => p.startsWith(`${FILE}:5`) && pattern.test(p)), `${extra}: ${found.join('\n')}`);
    }
  });

  it('a case scored by a grounded metric needs a context, and context_recall needs a groundTruth', () => {
    const found = rejectionsOf(() => parseSuite(suite(answer('a', '') + answer('b', ', context: search'), `  - { type: faithfulness, ${JUDGE} }\n  - { type: context_recall, ${JUDGE} }`), FILE));
    assert.ok(found.some((p) => p.startsWith(`${FILE}:6`) && /answer case a is scored by faithfulness, context_recall, which judge the answer against documents: give it a context/.test(p)), found.join('\n'));
    assert.ok(found.some((p) => p.startsWith(`${FILE}:7`) && /answer case b is scored by context_recall, which needs a reference answer: give it a groundTruth/.test(p)), found.join('\n'));
    // answer_relevancy needs neither.
    assert.doesNotThrow(() => parseSuite(suite(answer('a', ''), `  - { type: answer_relevancy, embeddingModel: e, ${JUDGE} }`), FILE));
  });
});
