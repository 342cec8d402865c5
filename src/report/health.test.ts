/**
 * Run health over hand-built results: every way a run can be broken while its numbers
 * look fine is counted, with a line that says what to check, and fails or warns by the
 * policy.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CaseResult } from '../model/report.ts';
import { caseResult } from '../../test/support/reports.ts';
import { answerCase } from '../../test/support/answer-reports.ts';
import { assessHealth, DEFAULT_HEALTH_POLICY } from './health.ts';

const ok = (id: string, ranked: string[]) => caseResult({ id, ranked, relevant: [{ id: 'a', grade: 1 }] });
const errored = (id: string, kind: NonNullable<CaseResult['error']>['kind']) =>
  caseResult({ id, ranked: [], relevant: [{ id: 'a', grade: 1 }], status: 'error', error: { kind, message: `${kind} happened` } });

function answer(id: string, evaluations: { evaluatorType: string; criterionName: string; error?: string; skipped?: boolean }[]): CaseResult {
  const judgeFailed = evaluations.some((e) => e.error && !e.skipped);
  return answerCase({
    id,
    score: judgeFailed ? null : 1,
    criteria: {},
    evaluations: evaluations.map((e) => ({
      criterionName: e.criterionName,
      evaluatorType: e.evaluatorType,
      score: e.error ? 'error' : 1,
      ...(e.error ? { error: e.error } : {}),
      ...(e.skipped ? { metadata: { skipped: true } } : {}),
    })),
    ...(judgeFailed ? { unjudged: [{ criterion: 'quality', evaluator: 'llm_judge', reason: 'HTTP 500' }] } : {}),
  });
}

describe('assessHealth', () => {
  it('is ok for a clean run', () => {
    const health = assessHealth([ok('a', ['a']), ok('b', ['x', 'a'])], 5);
    assert.equal(health.status, 'ok');
    assert.deepEqual(health.problems, []);
    assert.deepEqual(health.retrieval, { ran: 2, empty: [] });
  });

  it('fails when every search came back empty, and says what to check', () => {
    const health = assessHealth([ok('a', []), ok('b', []), ok('c', [])], 5);
    assert.equal(health.status, 'fail');
    assert.deepEqual(health.retrieval.empty, ['a', 'b', 'c']);
    assert.equal(health.problems.length, 1);
    assert.equal(health.problems[0]?.code, 'all_empty');
    assert.match(health.problems[0]?.message ?? '', /^every search came back empty \(3 of 3 retrieval cases\): check the server's working directory \(server\.cwd\)/);
    assert.match(health.problems[0]?.message ?? '', /search\.arguments.*search\.ids/);
  });

  it('warns when most (not all) searches came back empty; a few empty ones are only counted', () => {
    const most = assessHealth([ok('a', []), ok('b', []), ok('c', ['a'])], 5);
    assert.deepEqual([most.status, most.problems[0]?.code, most.problems[0]?.severity], ['warn', 'many_empty', 'warn']);
    const few = assessHealth([ok('a', []), ok('b', ['a']), ok('c', ['a'])], 5);
    assert.equal(few.status, 'ok');
    assert.deepEqual(few.retrieval.empty, ['a']);
  });

  it('counts errors by kind and fails beyond --max-errors (default 0), naming error replies', () => {
    const results = [ok('a', ['a']), errored('b', 'error_reply'), errored('c', 'error_reply'), errored('d', 'timeout')];
    const health = assessHealth(results, 5);
    assert.deepEqual(health.errors, { error_reply: ['b', 'c'], timeout: ['d'] });
    assert.equal(health.status, 'fail');
    assert.match(health.problems[0]?.message ?? '', /^3 of 4 cases errored or did not run \(2 error replies, 1 timeout\) \(allowed: 0, --max-errors\)/);
    assert.equal(assessHealth(results, 5, { ...DEFAULT_HEALTH_POLICY, maxErrors: { count: 3 } }).status, 'warn');
    assert.equal(assessHealth(results, 5, { ...DEFAULT_HEALTH_POLICY, maxErrors: { share: 0.5 } }).status, 'fail'); // 3 > floor(0.5 × 4)
    assert.equal(assessHealth(results, 5, { ...DEFAULT_HEALTH_POLICY, maxErrors: { share: 0.75 } }).status, 'warn');
  });

  it('says to check the arguments when every error is an error reply', () => {
    const health = assessHealth([errored('a', 'error_reply'), errored('b', 'error_reply')], 5);
    assert.match(health.problems.find((p) => p.code === 'errors')?.message ?? '', /the server answered with an error \(e\.g\. a\): check the tool's arguments/);
  });

  it('counts evaluator errors per evaluator and unjudged criteria; fails unless allowed; skips are not errors', () => {
    const results = [
      answer('q1', [{ evaluatorType: 'llm_judge', criterionName: 'quality', error: 'HTTP 500' }, { evaluatorType: 'rule_based', criterionName: 'validations' }]),
      answer('q2', [{ evaluatorType: 'llm_judge', criterionName: 'quality', error: 'HTTP 500' }]),
      answer('q3', [{ evaluatorType: 'semantic_similarity', criterionName: 'sim', error: 'skipped (optional)', skipped: true }]),
    ];
    const health = assessHealth(results, 5);
    assert.deepEqual(health.evaluatorErrors, { llm_judge: { cases: ['q1', 'q2'], message: 'HTTP 500' } });
    assert.deepEqual(health.unjudgedCriteria, { quality: 2 });
    assert.equal(health.status, 'fail');
    assert.match(health.problems[0]?.message ?? '', /^llm_judge failed on 2 of 3 answer cases \(HTTP 500\); those cases are not judged/);
    const allowed = assessHealth(results, 5, { ...DEFAULT_HEALTH_POLICY, allowEvaluatorErrors: true });
    assert.deepEqual([allowed.status, allowed.problems[0]?.severity], ['warn', 'warn']);
  });

  it('counts a score off its scale as an evaluator failure: fails unless allowed, and says to check the scale', () => {
    const offScale = answerCase({
      id: 'q1',
      score: null,
      criteria: { helpfulness: null },
      evaluations: [{ criterionName: 'helpfulness', evaluatorType: 'llm_judge', score: 7 }],
      unjudged: [{ criterion: 'helpfulness', evaluator: 'llm_judge', reason: 'score 7 is not on the likert5 scale' }],
    });
    const results = [offScale, answer('q2', [{ evaluatorType: 'llm_judge', criterionName: 'helpfulness' }])];
    const health = assessHealth(results, 5);
    assert.deepEqual(health.evaluatorErrors, { llm_judge: { cases: ['q1'], message: 'score 7 is not on the likert5 scale' } });
    assert.deepEqual(health.unjudgedCriteria, { helpfulness: 1 });
    assert.equal(health.status, 'fail');
    assert.equal(
      health.problems[0]?.message,
      "llm_judge failed on 1 of 2 answer cases (score 7 is not on the likert5 scale); those cases are not judged: check the criterion's scale against what the evaluator answers (a judge's model or prompt, a custom evaluator's scores), or pass --allow-evaluator-errors",
    );
    assert.equal(assessHealth(results, 5, { ...DEFAULT_HEALTH_POLICY, allowEvaluatorErrors: true }).status, 'warn');
    // Counted once per case, with the errored results when an evaluator both erred and went off scale.
    const both = answerCase({
      id: 'q3',
      score: null,
      criteria: { a: null, b: null },
      evaluations: [
        { criterionName: 'a', evaluatorType: 'llm_judge', score: 'error', error: 'HTTP 500' },
        { criterionName: 'b', evaluatorType: 'custom_judge', score: 1.4 },
      ],
      unjudged: [
        { criterion: 'a', evaluator: 'llm_judge', reason: 'HTTP 500' },
        { criterion: 'b', evaluator: 'custom_judge', reason: 'score 1.4 is not on the numeric scale' },
      ],
    });
    const mixed = assessHealth([both], 5);
    assert.deepEqual(Object.keys(mixed.evaluatorErrors), ['llm_judge', 'custom_judge']);
    assert.match(mixed.problems[0]?.message ?? '', /check the evaluator's endpoint, key and model, or pass --allow-evaluator-errors$/);
  });

  it('warns about rankings cut short of k by limit or maxRounds', () => {
    const short = { ...ok('a', ['a', 'b']), shortRanking: { ids: 2, k: 5, limit: 1, maxRounds: 2 } };
    const health = assessHealth([short, ok('b', ['a'])], 5);
    assert.deepEqual(health.shortRankings, ['a']);
    assert.equal(health.status, 'warn');
    assert.match(health.problems[0]?.message ?? '', /^1 case\(s\) ranked fewer than k=5 ids although the server had more \(e\.g\. a: 2 ids, limit 1 × maxRounds 2\)/);
  });

  it('counts ids a result repeated, per case, and warns', () => {
    const repeated = { ...ok('a', ['a', 'b']), duplicateIds: 2 };
    const health = assessHealth([repeated, ok('b', ['a']), { ...ok('c', ['x']), duplicateIds: 1 }], 5);
    assert.deepEqual(health.duplicateIds, { a: 2, c: 1 });
    assert.equal(health.status, 'warn');
    assert.deepEqual(health.problems.map((p) => [p.code, p.severity]), [['duplicate_ids', 'warn']]);
    assert.match(health.problems[0]?.message ?? '', /^2 case\(s\) got the same id more than once in their results \(3 repeat\(s\) dropped; e\.g\. a: 2\): each id counts at its first rank/);
  });
});
