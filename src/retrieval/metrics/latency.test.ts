import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { percentile, summarizeLatency } from './latency.ts';

function close(actual: number | undefined, expected: number, what = ''): void {
  assert.ok(actual !== undefined && Math.abs(actual - expected) < 1e-9, `${what} expected ${expected}, got ${actual}`);
}

// Expected values are numpy.percentile(xs, q) (default method 'linear'), derived by hand
// with h = (n - 1)p and x[floor h] + (h - floor h)(x[floor h + 1] - x[floor h]).
void describe('percentile (Hyndman & Fan type 7)', () => {
  void it('[1, 2, 3, 4]', () => {
    const xs = [1, 2, 3, 4];
    close(percentile(xs, 0.5), 2.5, 'p50'); // h = 1.5  -> 2 + 0.5·1
    close(percentile(xs, 0.95), 3.85, 'p95'); // h = 2.85 -> 3 + 0.85·1
    close(percentile(xs, 0.99), 3.97, 'p99'); // h = 2.97 -> 3 + 0.97·1
    assert.equal(percentile(xs, 0), 1);
    assert.equal(percentile(xs, 1), 4);
  });

  void it('[15, 20, 35, 40, 50]', () => {
    const xs = [15, 20, 35, 40, 50];
    close(percentile(xs, 0.4), 29, 'p40'); // h = 1.6 -> 20 + 0.6·15
    close(percentile(xs, 0.5), 35, 'p50'); // h = 2   -> x[2]
    close(percentile(xs, 0.95), 48, 'p95'); // h = 3.8 -> 40 + 0.8·10
    close(percentile(xs, 0.99), 49.6, 'p99'); // h = 3.96 -> 40 + 0.96·10
  });

  void it('1..100: p95 = 95.05, p99 = 99.01', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    close(percentile(xs, 0.5), 50.5); // h = 49.5
    close(percentile(xs, 0.95), 95.05); // h = 94.05 -> 95 + 0.05·1
    close(percentile(xs, 0.99), 99.01); // h = 98.01 -> 99 + 0.01·1
  });

  void it('is total: empty or NaN p -> NaN, p clamped to [0, 1]', () => {
    assert.ok(Number.isNaN(percentile([], 0.5)));
    assert.ok(Number.isNaN(percentile([1, 2], Number.NaN)));
    assert.equal(percentile([1, 2], -1), 1);
    assert.equal(percentile([1, 2], 2), 2);
  });
});

void describe('summarizeLatency', () => {
  void it('is null for no samples', () => {
    assert.equal(summarizeLatency([]), null);
    assert.equal(summarizeLatency([Number.NaN]), null);
  });

  void it('one sample is every statistic', () => {
    assert.deepEqual(summarizeLatency([10]), { n: 1, mean: 10, min: 10, max: 10, p50: 10, p95: 10, p99: 10 });
  });

  void it('sorts unsorted input without mutating it', () => {
    // sorted: [0.5, 3.25, 7, 12.5, 42, 100], n = 6, sum = 165.25
    // p50: h = 2.5  -> 7 + 0.5·5.5 = 9.75
    // p95: h = 4.75 -> 42 + 0.75·58 = 85.5
    // p99: h = 4.95 -> 42 + 0.95·58 = 97.1
    const samples = [12.5, 3.25, 7, 100, 0.5, 42];
    const copy = [...samples];
    const s = summarizeLatency(samples);
    assert.deepEqual(samples, copy);
    assert.ok(s);
    assert.equal(s.n, 6);
    close(s.mean, 165.25 / 6, 'mean'); // 27.541666666666668
    assert.equal(s.min, 0.5);
    assert.equal(s.max, 100);
    close(s.p50, 9.75, 'p50');
    close(s.p95, 85.5, 'p95');
    close(s.p99, 97.1, 'p99');
  });

  void it('drops non-finite samples and counts only the kept ones', () => {
    const s = summarizeLatency([4, Number.NaN, 1, Infinity, 3, 2]);
    assert.ok(s);
    assert.equal(s.n, 4);
    close(s.p50, 2.5);
    close(s.p95, 3.85);
  });
});
