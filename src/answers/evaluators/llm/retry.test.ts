import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backoffDelay, isRetryableStatus, retryAfterMs } from './retry.ts';

describe('retry policy', () => {
  it('backs off exponentially, capped, with jitter in the upper half', () => {
    const at = (attempt: number, random: number) => backoffDelay(attempt, { baseDelayMs: 100, maxDelayMs: 1_000, random: () => random });
    assert.deepEqual([1, 2, 3, 4, 5].map((n) => at(n, 0)), [50, 100, 200, 400, 500]);
    assert.deepEqual([1, 2, 3, 4, 5].map((n) => at(n, 1)), [100, 200, 400, 800, 1_000]);
  });

  it('reads retry-after-ms, retry-after seconds and HTTP dates', () => {
    assert.equal(retryAfterMs(new Headers({ 'retry-after-ms': '250' })), 250);
    assert.equal(retryAfterMs(new Headers({ 'retry-after': '2' })), 2_000);
    assert.equal(retryAfterMs(new Headers({ 'retry-after': new Date(10_000).toUTCString() }), 4_000), 6_000);
    assert.equal(retryAfterMs(new Headers({ 'retry-after': 'soon' })), undefined);
    assert.equal(retryAfterMs(new Headers()), undefined);
  });

  it('retries 429 and 5xx only', () => {
    assert.deepEqual([400, 401, 404, 408, 429, 500, 503].map(isRetryableStatus), [false, false, false, false, true, true, true]);
  });
});
