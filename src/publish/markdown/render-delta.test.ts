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
    // One case of two changed: real for that case (listed below), not a significant change of the mean.
    assert.match(markdown, /\| MRR@5 \(↑ better\) +\| +1\.000 \| +0\.667 \| ▼ −0\.333 \| −33\.3% \| 〰 within noise/);
    assert.match(markdown, /Avg rounds to right doc \(↓ better\)/);
  });

  it('lists the case regression with its rank was → now in a collapsed block', () => {
    assert.match(markdown, /<details><summary>Case regressions \(1\)<\/summary>/);
    assert.match(markdown, /\| `lost` \| lexical \| rank 1 → rank 3 \|/);
  });

  it('counts in the verdict line', () => {
    assert.match(verdictLine(comparison), /^= 0 metric\(s\) worse, 0 better/);
    assert.match(verdictLine(comparison), /cases: 1 regressed, 0 improved/);
  });

  it('shows the numbers behind the verdicts in a collapsed block', () => {
    assert.match(markdown, /<details><summary>Statistics behind the verdicts<\/summary>/);
    assert.match(markdown, /\| MRR@5 \| paired sign-flip randomization \(exact, 2 sign patterns\) \| p = 1\.000 \(α 0\.05\); mean Δ 95% CI \[[^\]]+\]; 0 win · 1 tie · 1 loss \| 2 cases \|/);
  });

  it('names a baseline from another dataset', () => {
    const other = compareReports(report([], { hash: 'other' }), after);
    assert.match(renderDelta(other), /\*\*Different dataset\*\*/);
  });
});
