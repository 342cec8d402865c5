import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gapFree, uniqueLabels } from './series.ts';

describe('gapFree', () => {
  it('drops points missing in every series and fills single gaps from the previous value', () => {
    const out = gapFree({
      labels: ['a', 'b', 'c', 'd', 'e'],
      series: [
        [null, 1, null, 3, null],
        [null, 10, 20, null, null],
      ],
    });
    assert.deepEqual(out, { labels: ['b', 'c', 'd'], series: [[1, 1, 3], [10, 20, 20]] });
  });

  it('fills a leading gap from the first value and leaves out an empty series', () => {
    const out = gapFree({ labels: ['a', 'b'], series: [[null, 5], [null, null], [1, 2]] });
    assert.deepEqual(out, { labels: ['a', 'b'], series: [[5, 5], [1, 2]] });
    assert.deepEqual(gapFree({ labels: ['a'], series: [[null]] }), { labels: [], series: [] });
  });
});

describe('uniqueLabels', () => {
  it('numbers repeats so the band axis keeps every point', () => {
    assert.deepEqual(uniqueLabels(['abc', 'abc', 'def', 'abc']), ['abc', 'abc (2)', 'def', 'abc (3)']);
  });
});
