import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatDelta, formatPercent, formatValue } from './format.ts';

describe('format', () => {
  it('formats each unit', () => {
    assert.equal(formatValue(0.73456, 'ratio'), '0.735');
    assert.equal(formatValue(12.345, 'ms'), '12.3 ms');
    assert.equal(formatValue(1.234, 'ms'), '1.23 ms');
    assert.equal(formatValue(145 * 1024 * 1024, 'bytes'), '145.0 MiB');
    assert.equal(formatValue(300 * 1024 + 512, 'bytes'), '300.5 KiB');
    assert.equal(formatValue(900, 'bytes'), '900 B');
    assert.equal(formatValue(2, 'count'), '2');
    assert.equal(formatValue(null, 'ratio'), '—');
  });

  it('signs deltas with a real minus', () => {
    assert.equal(formatDelta(-0.02, 'ratio'), '−0.020');
    assert.equal(formatDelta(1.5, 'ms'), '+1.50 ms');
    assert.equal(formatPercent(0.146), '+14.6%');
    assert.equal(formatPercent(-0.5), '−50.0%');
    assert.equal(formatPercent(null), '—');
  });
});
