/**
 * What a history can detect, against values computed by hand with scipy
 * (t = scipy.stats.t.ppf(0.995, N − 1), z = scipy.stats.norm.ppf(0.95), Φ = norm.sf):
 * h = t · s · √(1 + 1/N); callable from max(h, ln(1 + e)); caught 19 in 20 from that + z · s · √(1 + 1/N).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectionChance, historyReach } from './history-reach.ts';

const close = (a: number, b: number, eps = 1e-9) => assert.ok(Math.abs(a - b) <= eps, `${a} vs ${b}`);

describe('historyReach', () => {
  it('a 6.2% spread over 10 runs: −19.0%…+23.5% is noise, +37.5% is caught 19 times in 20', () => {
    // t(0.995, 9) = 3.249835541592126, h = 0.2113242888094188.
    const r = historyReach(0.062, 10, 0.01, 0.05);
    close(r.up, 0.23531288825946062);
    close(r.down, 0.19048849121214417);
    close(r.reliableUp, 0.37476496939455206);
    close(r.reliableDown, 0.2726029377658633);
    assert.deepEqual([r.spread, r.runs], [0.062, 10]);
  });

  it('a 2.7% spread over 10 runs: +9.6% / −8.8%, caught reliably from +14.9% / −12.9%', () => {
    const r = historyReach(0.027, 10, 0.01, 0.05);
    close(r.up, 0.09639587082694079);
    close(r.down, 0.0879206802869803);
    close(r.reliableUp, 0.14867260518033287);
    close(r.reliableDown, 0.12942992155453426);
  });

  it('a very quiet history is bounded by the minimum effect, not by its spread', () => {
    // h = 0.0146 < ln(1.05): the boundary is the 5% minimum effect itself.
    const r = historyReach(0.005, 20, 0.01, 0.05);
    close(r.up, 0.05);
    close(r.down, 0.05);
    close(r.reliableUp, 0.058886126151667995);
    close(r.reliableDown, 0.0579723585337405);
  });
});

describe('detectionChance', () => {
  it('is the chance one run with a true change is called, from the spread', () => {
    close(detectionChance(1.25, 0.062, 10, 0.01, 0.05), 0.5721151237572607);
    close(detectionChance(1.25, 0.11, 20, 0.01, 0.05), 0.18909249408237916);
    close(detectionChance(1.25, 0.027, 10, 0.01, 0.05), 0.999998172805318);
    // At the callable boundary, a coin toss; at the reliable one, 19 in 20; a slowdown is never called better.
    const r = historyReach(0.062, 10, 0.01, 0.05);
    close(detectionChance(1 + r.up, 0.062, 10, 0.01, 0.05), 0.5);
    close(detectionChance(1 + r.reliableUp, 0.062, 10, 0.01, 0.05), 0.95);
    close(detectionChance(1 - r.reliableDown, 0.062, 10, 0.01, 0.05), 0.95);
  });
});
