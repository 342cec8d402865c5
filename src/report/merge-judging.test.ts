/** Merging shard reports' judging: the totals of the merged report are the shards' summed, as one run would bill. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { report, type CaseSpec } from '../../test/support/reports.ts';
import type { JudgingSummary, JudgingUsage } from '../model/report.ts';
import { mergeJudging } from './judging-summary.ts';
import { mergeReports } from './merge.ts';

function usage(evaluator: string, model: string, calls: number, costUsd: number | null): JudgingUsage {
  return { evaluator, model, calls, cacheHits: calls % 3, promptTokens: calls * 100, completionTokens: calls * 10, cachedTokens: calls, costUsd };
}

function summary(rows: JudgingUsage[], extra: Partial<JudgingSummary> = {}): JudgingSummary {
  const sum = (key: 'calls' | 'cacheHits' | 'promptTokens' | 'completionTokens' | 'cachedTokens') => rows.reduce((s, r) => s + r[key], 0);
  const costs = rows.map((r) => r.costUsd);
  return {
    rows,
    totals: {
      calls: sum('calls'),
      cacheHits: sum('cacheHits'),
      promptTokens: sum('promptTokens'),
      completionTokens: sum('completionTokens'),
      cachedTokens: sum('cachedTokens'),
      costUsd: costs.includes(null) ? null : costs.reduce<number>((s, c) => s + (c ?? 0), 0),
    },
    cacheDir: '.docs-mcp-eval/cache',
    concurrency: 4,
    ...extra,
  };
}

describe('mergeJudging (shards)', () => {
  it('adds each evaluator and model row and the totals, as one run over every case would', () => {
    const one = summary([usage('llm_judge', 'gpt-4o-mini', 4, 0.002), usage('semantic_similarity', 'text-embedding-3-small', 2, 0.0001)]);
    const two = summary([usage('llm_judge', 'gpt-4o-mini', 6, 0.003)]);
    const merged = mergeJudging([one, undefined, two])!;
    const judge = merged.rows.find((r) => r.evaluator === 'llm_judge')!;
    assert.deepEqual(
      { calls: judge.calls, cacheHits: judge.cacheHits, promptTokens: judge.promptTokens, completionTokens: judge.completionTokens, cachedTokens: judge.cachedTokens },
      { calls: 10, cacheHits: 1 + 0, promptTokens: 1000, completionTokens: 100, cachedTokens: 10 },
    );
    assert.ok(Math.abs((judge.costUsd ?? 0) - 0.005) < 1e-12);
    assert.equal(merged.rows.length, 2);
    assert.equal(merged.totals.calls, 12);
    assert.equal(merged.totals.promptTokens, merged.rows.reduce((s, r) => s + r.promptTokens, 0), 'the totals are the rows summed');
    assert.ok(Math.abs((merged.totals.costUsd ?? 0) - 0.0051) < 1e-12);
    assert.equal(mergeJudging([undefined, undefined]), undefined, 'no shard judged anything');
  });

  it('a shard whose model has no price makes the cost unknown, never a smaller number', () => {
    const merged = mergeJudging([summary([usage('llm_judge', 'gpt-4o-mini', 4, 0.002)]), summary([usage('llm_judge', 'gpt-4o-mini', 4, null)])])!;
    assert.equal(merged.totals.costUsd, null);
    assert.equal(merged.rows[0]!.costUsd, null);
  });

  it('a budget reached in any shard is reached, with every shard\'s not-judged cases', () => {
    const merged = mergeJudging([
      summary([usage('llm_judge', 'm', 1, 0.1)], { budget: { usd: 1, stopped: false, notJudged: [] } }),
      summary([usage('llm_judge', 'm', 1, 0.1)], { budget: { usd: 1, stopped: true, notJudged: ['b', 'c'] } }),
    ])!;
    assert.deepEqual(merged.budget, { usd: 1, stopped: true, notJudged: ['b', 'c'] });
  });

  it('keeps repeated judging\'s agreement, weighted by each shard\'s cases', () => {
    const merged = mergeJudging([
      summary([usage('llm_judge', 'm', 3, 0)], { samples: { helpfulness: { cases: 1, samples: 3, meanSd: 0.3, meanAgreement: 0.5 } } }),
      summary([usage('llm_judge', 'm', 9, 0)], { samples: { helpfulness: { cases: 3, samples: 3, meanSd: 0.1, meanAgreement: 1 } } }),
    ])!;
    const h = merged.samples?.['helpfulness'];
    assert.equal(h?.cases, 4);
    assert.equal(h?.samples, 3, 'samples per case');
    assert.ok(Math.abs((h?.meanSd ?? 0) - 0.15) < 1e-12);
    assert.ok(Math.abs((h?.meanAgreement ?? 0) - 0.875) < 1e-12);
  });

  it('mergeReports carries the summed judging into the merged report', () => {
    const specs: CaseSpec[] = [{ id: 'a', ranked: ['x'], relevant: [{ id: 'x', grade: 1 }], category: 'c', searchMs: [1] }];
    const parts = [1, 2].map((index) => {
      const r = report(index === 1 ? specs : [{ ...specs[0]!, id: 'b' }]);
      r.shard = { index, count: 2 };
      r.judging = summary([usage('llm_judge', 'gpt-4o-mini', index * 2, 0.001 * index)]);
      return r;
    });
    const merged = mergeReports(parts);
    assert.equal(merged.judging?.totals.calls, 6);
    assert.equal(merged.judging?.rows[0]?.calls, 6);
  });
});
