/**
 * What the PR comment says about judging: the run's judging cost, collapsed under its
 * one-line totals (down to the line, then nothing, when the comment is too long), and the
 * small-suite note: a quality row the paired test cannot call with so few changed cases
 * says so and how many it would need, in the comment and the report markdown.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerReport } from '../../../test/support/answer-reports.ts';
import { compareReports } from '../../compare/compare-reports.ts';
import type { JudgingSummary } from '../../model/report.ts';
import { renderEvaluation } from '../markdown/render-evaluation.ts';
import { textSize } from './budget.ts';
import { renderComment } from './render-comment.ts';
import type { CommentContext } from './types.ts';

const ctx: CommentContext = { key: 'default', baseline: { source: 'path', path: 'base.json' } };
const IDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];

const judging: JudgingSummary = {
  rows: [{ evaluator: 'llm_judge', model: 'gpt-4o-mini', calls: 14, cacheHits: 3, promptTokens: 3206, completionTokens: 410, cachedTokens: 0, costUsd: 0.00073 }],
  totals: { calls: 14, cacheHits: 3, promptTokens: 3206, completionTokens: 410, cachedTokens: 0, costUsd: 0.00073 },
  cacheDir: '.docs-mcp-eval/cache',
  concurrency: 4,
};

describe('judging in the PR comment', () => {
  // 5 of 7 answer cases drop: the exact sign-flip test can reach no p below 2^-4 = 0.0625.
  const before = answerReport(IDS.map((id) => ({ id, score: 0.9 })));
  const after = answerReport(IDS.map((id, i) => ({ id, score: i < 5 ? 0.5 : 0.9 })));
  after.judging = judging;
  const evaluation = { report: after, comparison: compareReports(before, after) };

  it('says when the suite is too small to detect the drop, and how many cases it would need', () => {
    const body = renderComment(evaluation, ctx);
    assert.match(body, /Suite too small to detect a change\*\* in Answer score \(5 of 7 cases changed, p ≥ 0\.063\)[^\n]*needs at least 6 changed cases, all in one direction, to reach p < 0\.05/);
    assert.match(renderEvaluation(evaluation), /Suite too small to detect a change\*\* in Answer score/);
  });

  it('shows the judging cost collapsed under its totals', () => {
    const body = renderComment(evaluation, ctx);
    assert.match(body, /<details><summary>Judging cost: 14 API call\(s\), 3 cache hit\(s\), 3,206 prompt \+ 410 completion tokens, cost \$0\.0007<\/summary>\n\n\| Evaluator \| Model/);
    assert.match(body, /\| llm\\_judge \| gpt-4o-mini \| 14 \| 3 \| 3,206 \| 410 \| &#36;0\.0007 \|/);
  });

  it('keeps only the totals line, then nothing, when the comment is too long; the power note stays', () => {
    const full = renderComment(evaluation, ctx);
    const table = full.indexOf('<details><summary>Judging cost');
    // Just too small for the collapsed table: the totals line stays.
    const tight = renderComment(evaluation, ctx, textSize(full) - 20);
    assert.ok(table > 0);
    assert.ok(textSize(tight) <= textSize(full) - 20);
    assert.match(tight, /\nJudging cost: 14 API call\\\(s\\\)/);
    assert.doesNotMatch(tight, /<summary>Judging cost/);
    assert.match(tight, /Suite too small to detect a change/);
    const tiny = renderComment(evaluation, ctx, 1_400);
    assert.ok(textSize(tiny) <= 1_400, String(textSize(tiny)));
    assert.doesNotMatch(tiny, /Judging cost/);
    assert.match(tiny, /Suite too small to detect a change/);
  });
});
