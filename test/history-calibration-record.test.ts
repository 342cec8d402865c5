/**
 * bench/history-calibration.json's records, as docs-facts reads them: the single-run file
 * of the earlier bench still reads, a condition's new run replaces its old one, and the
 * tables say what the spread predicts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { measuredTable, reachBySpreadTable, readRecords, withRecord, type HistoryCalibrationRun } from '../bench/history-calibration-record.ts';

const run = (label: string, spread: number): HistoryCalibrationRun => ({
  label,
  date: '2026-11-28T07:00:00.000Z',
  machine: { cpu: 'AMD EPYC', cores: 2, node: 'v24.21.0', load: [15.29, 15.67, 15.43] },
  historyRuns: 10,
  trials: 20,
  minRuns: 5,
  slowerByMs: 0.36,
  fatterByMiB: 27.3,
  spread: { 'search.p50': spread, 'rss.peak': 0.012 },
  falseAlarms: { 'search.p50': 0, 'rss.peak': 0 },
  detected: { 'search.p50': 3, 'rss.peak': 20 },
  realised: { 'search.p50': 1.5, 'rss.peak': 1.19 },
  expected: { 'search.p50': 3.87, 'rss.peak': 20 },
});

describe('history calibration records', () => {
  it('read the earlier single-run file as one record, and replace a condition by its new run', () => {
    const { label: _label, ...bare } = run('x', 0.027);
    assert.deepEqual(readRecords(bare).map((r) => r.label), ['recorded']);
    const file = withRecord([run('no added load', 0.2), run('2 × yes > /dev/null', 0.37)], run('no added load', 0.1));
    assert.deepEqual(file.runs.map((r) => [r.label, r.spread['search.p50']]), [['2 × yes > /dev/null', 0.37], ['no added load', 0.1]]);
  });

  it('show per condition the spread, its reach, the realised change, predicted and measured catches', () => {
    const table = measuredTable([run('no added load', 0.19625597402367712)], 0.01, 0.05);
    assert.match(table, /\| no added load, load 15\.3 \| Search p50 \| 19\.6% \| −48\.8% to \+95\.2% \| ×2\.7 \| ×1\.50 \| 3\.9 \| \*\*3\*\* of 20 \| \*\*0\*\* of 20 \|/);
    assert.match(table, /measured 2026-11-28 by `npm run bench:history` on AMD EPYC \(2 cores, load 15\.29 15\.67 15\.43\), Node v24\.21\.0/);
    assert.match(reachBySpreadTable([0.05], 20, 0.01, 0.05), /\| 5\.0% \| −13\.6% to \+15\.8% \| \+26\.0% \| 93% \| 16% \|/);
  });
});
