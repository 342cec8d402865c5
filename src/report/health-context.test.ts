/**
 * Run health and the grounded metrics' context: a case whose context could not be fetched
 * is named and counted (context_errors), fails the run unless evaluator errors are
 * allowed, and its grounded metrics' errors are not reported as a judge outage.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CaseResult } from '../model/report.ts';
import type { GroundingContext } from '../model/observation.ts';
import { answerCase } from '../../test/support/answer-reports.ts';
import { assessHealth, DEFAULT_HEALTH_POLICY } from './health.ts';

function grounded(id: string, context: GroundingContext, judgeError?: string): CaseResult {
  const failed = context.error !== undefined;
  return answerCase({
    id,
    score: failed || judgeError ? null : 0.75,
    criteria: { faithfulness: failed || judgeError ? null : 0.75 },
    evaluations: [
      failed
        ? { criterionName: 'faithfulness', evaluatorType: 'faithfulness', score: 'error', error: `faithfulness: no context (search): ${context.error?.message ?? ''}`, metadata: { contextError: true } }
        : judgeError
          ? { criterionName: 'faithfulness', evaluatorType: 'faithfulness', score: 'error', error: judgeError }
          : { criterionName: 'faithfulness', evaluatorType: 'faithfulness', score: 0.75 },
    ],
    ...(failed || judgeError ? { unjudged: [{ criterion: 'faithfulness', evaluator: 'faithfulness', reason: 'x' }] } : {}),
    context,
  });
}

const found: GroundingContext = { source: 'search', documents: [{ id: 'a.md', text: 'A', chars: 1 }], calls: 2, ms: 2 };
const empty: GroundingContext = { source: 'search', documents: [], calls: 1, ms: 1, error: { kind: 'no_results', message: 'search_docs returned no results for the question "q"' } };

describe('assessHealth: grounded contexts', () => {
  it('a failed context fetch is named and counted, fails the run, and is not called a judge outage', () => {
    const health = assessHealth([grounded('ok-1', found), grounded('ctx-1', empty), grounded('ctx-2', empty)], 5);
    assert.equal(health.status, 'fail');
    assert.deepEqual(Object.keys(health.contextErrors ?? {}), ['ctx-1', 'ctx-2']);
    assert.deepEqual(health.evaluatorErrors, {}, 'the judge did not fail');
    const problem = health.problems.find((p) => p.code === 'context_errors');
    assert.equal(problem?.severity, 'fail');
    assert.match(problem?.message ?? '', /^2 of 3 answer cases got no context for the grounded metrics \(ctx-1, ctx-2; ctx-1: search_docs returned no results for the question "q"\): their faithfulness and context scores are not judged; check the search and fetch tools/);
    assert.equal(health.problems.some((p) => p.code === 'evaluator_errors'), false);
  });

  it('warns with --allow-evaluator-errors; a real judge error is still an evaluator error', () => {
    const health = assessHealth([grounded('ctx-1', empty), grounded('judge-1', found, 'faithfulness: HTTP 500')], 5, { ...DEFAULT_HEALTH_POLICY, allowEvaluatorErrors: true });
    assert.equal(health.problems.find((p) => p.code === 'context_errors')?.severity, 'warn');
    assert.deepEqual(health.evaluatorErrors['faithfulness']?.cases, ['judge-1']);
  });

  it('no problem when every context was fetched', () => {
    const health = assessHealth([grounded('ok-1', found)], 5);
    assert.equal(health.status, 'ok');
    assert.equal(health.contextErrors, undefined);
  });
});
