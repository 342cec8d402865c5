/**
 * Judge reasoning where people look: failed and changed answer cases get a collapsed
 * block per case in the markdown and the PR comment, escaped like all judge text, and the
 * comment stays within its size budget by showing fewer cases, then only their count.
 * An answer-only suite's comment has no empty retrieval table.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerReport, type AnswerSpec } from '../../../test/support/answer-reports.ts';
import { compareReports } from '../../compare/compare-reports.ts';
import { renderEvaluation } from '../markdown/render-evaluation.ts';
import { textSize } from './budget.ts';
import { renderComment } from './render-comment.ts';
import type { CommentContext } from './types.ts';

const ctx: CommentContext = { key: 'default', baseline: { source: 'path', path: 'base.json' } };

const judged = (id: string, score: number, reasoning: string, failed: string[] = []): AnswerSpec => ({
  id,
  failed,
  score: score / 4,
  criteria: { helpfulness: score / 4, validations: failed.length === 0 ? 1 : 0 },
  evaluations: [
    { criterionName: 'helpfulness', evaluatorType: 'llm_judge', score, reasoning },
    { criterionName: 'validations', evaluatorType: 'rule_based', score: failed.length === 0, reasoning: 'rule-based echo' },
  ],
});

describe('judge reasoning in the markdown and the comment', () => {
  const before = answerReport([judged('steady', 4, 'fine'), judged('drops', 4, 'Complete and correct.'), judged('broken', 4, 'ok')]);
  const after = answerReport([
    judged('steady', 4, 'fine'),
    judged('drops', 2, 'Misses the <script>alert(1)</script> step; see @octocat and #12 | [link](http://evil.example)'),
    judged('broken', 1, 'Wrong project entirely.', ['Does not contain "TokenContract"']),
  ]);
  const evaluation = { report: after, comparison: compareReports(before, after) };

  it('shows failed and changed answer cases, collapsed, without the rule-based echo', () => {
    const md = renderEvaluation(evaluation);
    assert.match(md, /#### Judge reasoning \(2 answer case\(s\)\)/);
    assert.match(md, /<details><summary><code>drops<\/code> · regressed · score 0\.500<\/summary>/);
    assert.match(md, /<details><summary><code>broken<\/code> · regressed · score 0\.250<\/summary>\n\n- \*\*helpfulness\*\* · llm\\_judge · 1 \(0\.250\): Wrong project entirely\./);
    assert.doesNotMatch(md, /`steady` ·/, 'an unchanged passing case is not listed');
    assert.doesNotMatch(md, /rule-based echo/);
  });

  it('escapes the judge text: no HTML, mentions, references or links get through', () => {
    const md = renderEvaluation(evaluation);
    const line = md.split('\n').find((l) => l.includes('Misses the')) ?? '';
    assert.match(line, /&lt;script&gt;alert\\\(1\\\)&lt;\/script&gt;/);
    assert.match(line, /@\u200boctocat/);
    assert.match(line, /#\u200b12/);
    assert.match(line, /\\\|/);
    assert.match(line, /\\\[link\\\]\\\(http:\u200b\/\/evil\.example\\\)/);
  });

  it('is in the PR comment, and shortened to its count when the comment is too long', () => {
    const body = renderComment(evaluation, ctx);
    assert.match(body, /<details><summary><code>drops<\/code> · regressed/);
    const many = Array.from({ length: 200 }, (_, i) => judged(`c${i}`, 1, `${'long reasoning '.repeat(40)}${i}`, ['failed']));
    const big = answerReport(many);
    // 200 blocks of ~700 bytes are over GitHub's 65,536: the first 10 are kept.
    const full = renderComment({ report: big, comparison: null, baselineNote: 'none' }, ctx);
    assert.ok(textSize(full) <= 65_536);
    assert.match(full, /#### Judge reasoning \(first 10 of 200 answer case\(s\)\)/);
    const fitted = renderComment({ report: big, comparison: null, baselineNote: 'none' }, ctx, 4_000);
    assert.ok(textSize(fitted) <= 4_000, String(textSize(fitted)));
    assert.match(fitted, /#### Judge reasoning \(first 3 of 200 answer case\(s\)\)|Judge reasoning: 200 answer case\(s\) \(left out to fit/);
  });

  it('an answer-only suite shows no retrieval table in the comment', () => {
    const body = renderComment({ report: after, comparison: null, baselineNote: 'none' }, ctx);
    assert.doesNotMatch(body, /By category|MRR@|\| search +\|/);
  });
});
