/** An answer case without a question field: refused with context: search, a warning when a judge would read it, nothing for rules. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AnswerCase, Suite } from '../model/case.ts';
import { questionIssues } from './question-checks.ts';

function answer(id: string, input: Record<string, unknown>, more: Partial<AnswerCase> = {}): AnswerCase {
  return { id, name: id, category: 'c', tags: [], source: { file: 'cases.yaml', line: 7 }, kind: 'answer', tool: 'get_doc', input, expect: { rules: [] }, ...more };
}

const suite = (cases: AnswerCase[], evaluators: Suite['evaluators'] = []): Suite => ({ name: 's', files: ['cases.yaml'], hash: 'h', format: 'docs-mcp-eval', facets: {}, cases, evaluators });

describe('question checks', () => {
  it('context: search without a question is an error with file and line', () => {
    const { errors, warnings } = questionIssues(suite([answer('a', { chunk_id: 'x' }, { context: { from: 'search', top: 3 } })]));
    assert.deepEqual(warnings, []);
    assert.deepEqual(errors, [{ file: 'cases.yaml', line: 7, path: '', message: 'answer case a has context: search, which searches for the case\'s question, but its input has no question field (looked for: question, query, task, error, prompt): add one, or list the documents under context' }]);
  });

  it('a judge (suite-wide or the case\'s own) makes it a warning; rules only, or a question field, nothing', () => {
    const judged = questionIssues(suite([answer('a', { chunk_id: 'x' }), answer('b', { chunk_id: 'y' }, { evaluators: [{ type: 'faithfulness' }] }), answer('c', { query: 'q' })], [{ type: 'llm_judge' }, { type: 'keyword_coverage' }]));
    assert.deepEqual(judged.errors, []);
    assert.deepEqual(judged.warnings.map((w) => w.message), [
      'answer case a has no question field in its input (looked for: question, query, task, error, prompt): llm_judge will be shown its input as JSON instead; add a question field',
      'answer case b has no question field in its input (looked for: question, query, task, error, prompt): llm_judge, faithfulness will be shown its input as JSON instead; add a question field',
    ]);
    assert.deepEqual(questionIssues(suite([answer('a', { chunk_id: 'x' })], [{ type: 'keyword_coverage' }])), { errors: [], warnings: [] });
  });
});
