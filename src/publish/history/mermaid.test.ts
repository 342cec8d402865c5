import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mermaidNumber, mermaidText, niceMax, renderXYChart } from './mermaid.ts';

describe('mermaid xychart', () => {
  it('writes the documented xychart-beta shape', () => {
    const text = renderXYChart({ title: 'Search latency (ms)', x: ['abc1234', '11-20'], y: { title: 'ms', min: 0, max: 35 }, lines: [[11, 12.5], [20, 27.25]] });
    assert.equal(
      text,
      [
        '```mermaid',
        'xychart-beta',
        '    title "Search latency (ms)"',
        '    x-axis ["abc1234", "11-20"]',
        '    y-axis "ms" 0 --> 35',
        '    line [11, 12.5]',
        '    line [20, 27.25]',
        '```',
      ].join('\n'),
    );
  });

  it('never draws an empty axis range', () => {
    const text = renderXYChart({ title: 't', x: ['a'], y: { title: 'MB', min: 0, max: 0.00001 }, lines: [[0]] });
    assert.match(text, /y-axis "MB" 0 --> 1\n/);
  });

  it('writes numbers as the grammar reads them: plain decimals, no exponent, no NaN', () => {
    assert.equal(mermaidNumber(0.123456), '0.123');
    assert.equal(mermaidNumber(1e-9), '0');
    assert.equal(mermaidNumber(-0.0001), '0');
    assert.equal(mermaidNumber(2e21), '1000000000000000');
    assert.equal(mermaidNumber(Number.NaN), '0');
    assert.equal(mermaidNumber(-12.5), '-12.5');
    for (const n of [0.1, 1e-7, 123456789.123, -3]) assert.match(mermaidNumber(n), /^[+-]?(\d+(\.\d+)?|\.\d+)$/);
  });

  it('quotes text and keeps out what would end or re-open the string', () => {
    assert.equal(mermaidText('a "b" `c`\nd; %%e'), '"a b c d e"');
    assert.equal(mermaidText('MRR@5, k=5 (x)'), '"MRR@5, k=5 (x)"');
  });

  it('puts the axis top at a round number above the data', () => {
    assert.equal(niceMax([27.4]), 35);
    assert.equal(niceMax([115]), 150);
    assert.equal(niceMax([0.9]), 1);
    assert.equal(niceMax([]), 1);
    assert.equal(niceMax([0]), 1);
  });
});
