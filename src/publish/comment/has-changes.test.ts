import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { report } from '../../../test/support/reports.ts';
import { compareReports } from '../../compare/compare-reports.ts';
import { hasChangesBeyondNoise } from './has-changes.ts';

const rel = (id: string) => ({ id, grade: 1 });
const found = report([{ id: 'a', ranked: ['x'], relevant: [rel('x')] }], { rssBytes: 100e6 });

describe('hasChangesBeyondNoise', () => {
  it('is false for an identical run', () => {
    assert.equal(hasChangesBeyondNoise({ report: found, comparison: compareReports(found, found) }), false);
  });

  it('ignores indicative rows: memory across runs is a hint, not a change', () => {
    const heavier = report([{ id: 'a', ranked: ['x'], relevant: [rel('x')] }], { rssBytes: 200e6 });
    const comparison = compareReports(found, heavier);
    assert.equal(comparison.counts.indicativeWorse, 1);
    assert.equal(hasChangesBeyondNoise({ report: heavier, comparison }), false);
  });

  it('is true for a quality change or a case change', () => {
    const lost = report([{ id: 'a', ranked: ['y', 'x'], relevant: [rel('x')] }], { rssBytes: 100e6 });
    assert.equal(hasChangesBeyondNoise({ report: lost, comparison: compareReports(found, lost) }), true);
  });

  it('is true for errors with or without a baseline, false for a clean run without one', () => {
    const failed = report([{ id: 'a', ranked: [], relevant: [rel('x')], status: 'error' }]);
    assert.equal(hasChangesBeyondNoise({ report: failed, comparison: null }), true);
    assert.equal(hasChangesBeyondNoise({ report: failed, comparison: compareReports(failed, failed) }), true);
    assert.equal(hasChangesBeyondNoise({ report: found, comparison: null }), false);
    assert.equal(hasChangesBeyondNoise({ report: found, comparison: null, stoppedEarly: 'timeouts' }), true);
  });
});
