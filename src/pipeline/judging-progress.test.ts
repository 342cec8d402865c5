/** Judging progress lines: what they say, and how often they come in a log that keeps every line. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createJudgingProgress, judgingLine } from './judging-progress.ts';
import type { JudgingProgress } from './hooks.ts';

const usage = (calls: number): JudgingProgress['usage'] => ({ calls, cacheHits: 1, promptTokens: 1000 * calls, completionTokens: 100 * calls, cachedTokens: 0, costUsd: 0.0012 * calls });

describe('judging progress', () => {
  it('says cases judged of planned, calls, cache hits, tokens and cost so far, and the budget', () => {
    const line = judgingLine({ arm: 0, done: 3, total: 40, usage: { ...usage(3), estimatedCalls: 2 }, budget: { usd: 0.5 } });
    assert.equal(line, 'judging: 3 of 40 answer cases · 3 API calls · 1 cache hit · 3,300 tokens (estimated: 2 call(s) sent no usage) · ~$0.0036 so far of the budget $0.5');
  });

  it('in a log: a line per tenth of the cases or per 10 s, and the last; nothing without calls', () => {
    const lines: string[] = [];
    let clock = 0;
    const progress = createJudgingProgress({ redraw: false, write: (t) => lines.push(t) }, () => clock);
    progress({ arm: 0, done: 1, total: 100, usage: { ...usage(0), cacheHits: 0 } });
    assert.equal(lines.length, 0, 'rules only: silent');
    for (let done = 1; done <= 100; done++) {
      clock += done === 55 ? 12_000 : 10;
      progress({ arm: 0, done, total: 100, usage: usage(done) });
    }
    // Tenths 0..10 (11 lines: at 1, 10, 20, ..., 100) plus the 10 s line at 55.
    assert.deepEqual(lines.map((l) => /judging: (\d+) of/.exec(l)?.[1]), ['1', '10', '20', '30', '40', '50', '55', '60', '70', '80', '90', '100']);
    assert.ok(lines.every((l) => l.endsWith('\n') && l.startsWith('docs-mcp-eval: judging: ')));
  });

  it('on a terminal: redrawn in place, the last line ended', () => {
    const out: string[] = [];
    const progress = createJudgingProgress({ redraw: true, write: (t) => out.push(t) });
    progress({ arm: 1, done: 1, total: 2, usage: usage(1) });
    progress({ arm: 1, done: 2, total: 2, usage: usage(2) });
    assert.ok(out[0]?.startsWith('\r\u001b[2Kdocs-mcp-eval: judging (head): 1 of 2'), out[0]);
    assert.match(out[1] ?? '', /2 of 2 .*\n$/);
  });
});
