import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { report } from '../../test/support/reports.ts';
import { comparisonWork } from './comparison-work.ts';

describe('comparisonWork', () => {
  it('counts shared cases × quality rows plus every sample, from one pass over each report', () => {
    const a = report([
      { id: 'one', ranked: ['x'], relevant: [{ id: 'x', grade: 1 }], searchMs: [1, 2] },
      { id: 'gone', ranked: ['x'], relevant: [{ id: 'x', grade: 1 }], searchMs: [3] },
    ]);
    const b = report([
      { id: 'one', ranked: ['x'], relevant: [{ id: 'x', grade: 1 }], searchMs: [1, 2, 3] },
      { id: 'new', ranked: ['x'], relevant: [{ id: 'x', grade: 1 }], searchMs: [4] },
    ]);
    const work = comparisonWork(a, b);
    assert.equal(work.sharedCases, 1);
    assert.ok(work.qualityRows >= 8, `${work.qualityRows} quality rows at k=5`);
    assert.equal(work.samples, 3 + 4 + (a.memory?.samples.length ?? 0) + (b.memory?.samples.length ?? 0));
    assert.equal(work.total, work.sharedCases * work.qualityRows + work.samples);
  });
});
