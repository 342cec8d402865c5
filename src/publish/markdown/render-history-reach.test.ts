/**
 * The "what this history can detect" line, in the markdown report and the PR comment,
 * with the numbers worked out by hand (scipy) for a history of six runs.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { report } from '../../../test/support/reports.ts';
import { compareReports } from '../../compare/compare-reports.ts';
import { historyEntry, type HistoryEntry } from '../../report/history-entry.ts';
import { renderComment } from '../comment/render-comment.ts';
import { historyReachNote, reachWords } from './render-history-reach.ts';
import { renderDelta } from './render-delta.ts';

const spec = (ms: number) => [{ id: 'q', ranked: ['a'], relevant: [{ id: 'a', grade: 1 }], searchMs: Array.from({ length: 30 }, () => ms) }];
function history(values: number[]): HistoryEntry[] {
  return values.map((ms, i) => ({ ...historyEntry(report(spec(ms))), date: `2026-01-0${i + 1}T00:00:00Z` }));
}

describe('what a history can detect', () => {
  // sd of ln [10, 10.4, 9.7, 10.1, 9.9, 10.3] = 0.025676; t(0.995, 5) = 4.032142983555228;
  // h = t · s · √(7/6) = 0.11182; callable from +11.8% / −10.6%; + z₀.₉₅ · s · √(7/6) = 0.15744: +17.1% / −14.6%.
  const comparison = compareReports(report(spec(10)), report(spec(10.2)), { history: history([10, 10.4, 9.7, 10.1, 9.9, 10.3]) });

  it('says each judged row\'s spread, the changes that are noise with it and the change caught 19 times in 20', () => {
    const note = historyReachNote(comparison)!;
    assert.match(note, /^> \*\*What this history can detect\*\*, from the spread of its own runs: /);
    assert.match(note, /Search p50 \(spread 2\.6%: noise within −10\.6% to \+11\.8%; caught 19 times in 20 from −14\.6% or \+17\.1%\)/);
    assert.match(note, /use `compare-ref` for a same-job verdict\.$/);
  });

  it('writes a bound of +100% or more as a factor', () => {
    assert.equal(
      reachWords({ spread: 0.476, runs: 6, up: 6.96, down: 0.874, reliableUp: 17.552, reliableDown: 0.946 }, 0.05),
      'spread 47.6%: noise within −87.4% to ×8.0; caught 19 times in 20 from −94.6% or ×18.6',
    );
  });

  it('names the minimum effect when the history is quieter than it', () => {
    assert.equal(
      reachWords({ spread: 0.005, runs: 20, up: 0.05, down: 0.05, reliableUp: 0.058886126151667995, reliableDown: 0.0579723585337405 }, 0.05),
      'spread 0.5%: noise within the ±5.0% minimum effect; caught 19 times in 20 from −5.8% or +5.9%',
    );
  });

  it('is in the markdown report and the PR comment, and absent without a history', () => {
    const evaluation = { report: report(spec(10.2)), comparison };
    assert.ok(renderDelta(comparison).includes(historyReachNote(comparison)!));
    assert.ok(renderComment(evaluation, { key: 'default', baseline: { source: 'artifact', sha: 'abc1234', date: '2026-01-07T00:00:00Z' } }).includes('**What this history can detect**'));
    assert.equal(historyReachNote(compareReports(report(spec(10)), report(spec(10.2)))), undefined);
  });
});
