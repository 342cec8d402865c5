import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { report } from '../../../test/support/reports.ts';
import { compareReports } from '../../compare/compare-reports.ts';
import { renderDelta, verdictLine } from './render-delta.ts';

const rel = (id: string) => ({ id, grade: 1 });

describe('renderDelta', () => {
  const before = report([
    { id: 'kept', ranked: ['x'], relevant: [rel('x')] },
    { id: 'lost', ranked: ['x'], relevant: [rel('x')] },
  ]);
  const after = report([
    { id: 'kept', ranked: ['x'], relevant: [rel('x')] },
    { id: 'lost', ranked: ['y', 'z', 'x'], relevant: [rel('x')] },
  ]);
  const comparison = compareReports(before, after, { baselineLabel: 'main@abc1234' });
  const markdown = renderDelta(comparison);

  it('says which way is better and marks the verdict', () => {
    assert.match(markdown, /\| MRR@5 \(↑ better\) +\| +1\.000 \| +0\.667 \| ▼ −0\.333 \| −33\.3% \| ❌ worse/);
    assert.match(markdown, /Avg rounds to right doc \(↓ better\)/);
  });

  it('lists the case regression with its rank was → now in a collapsed block', () => {
    assert.match(markdown, /<details><summary>Case regressions \(1\)<\/summary>/);
    assert.match(markdown, /\| `lost` \| lexical \| #1 → #3 \|/);
  });

  it('counts in the verdict line', () => {
    assert.match(verdictLine(comparison), /^❌ \d+ metric\(s\) worse, 0 better/);
    assert.match(verdictLine(comparison), /cases: 1 regressed, 0 improved/);
  });

  it('names a baseline from another dataset', () => {
    const other = compareReports(report([], { hash: 'other' }), after);
    assert.match(renderDelta(other), /\*\*Different dataset\*\*/);
  });
});
