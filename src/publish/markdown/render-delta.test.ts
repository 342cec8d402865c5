import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { report } from '../../../test/support/reports.ts';
import { compareReports } from '../../compare/compare-reports.ts';
import { renderDelta, verdictLine } from './render-delta.ts';
import { flipList } from './render-flips.ts';

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

  it('names the flipped case in the verdict line, says why no mean caught it, then counts', () => {
    assert.match(verdictLine(comparison), /^⚠️ 1 case worse \(`lost`: rank 1 → rank 3\); the mean change is not significant with 2 cases · 0 metric\(s\) worse, 0 better/);
    assert.match(verdictLine(comparison), /cases: 1 regressed, 0 improved/);
  });

  it('lists the flipped case right under the delta table, not only in the collapsed block', () => {
    const table = markdown.indexOf('| Metric');
    const list = markdown.indexOf('**Cases that changed**');
    assert.ok(table >= 0 && list > table && list < markdown.indexOf('<details>'), markdown);
    assert.match(markdown, /\*\*Cases that changed\*\* \(status, pass\/fail or first relevant rank in the top k; 1 worse, 0 better\):\n- ❌ `lost` \(lexical\): rank 1 → rank 3/);
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

describe('a small suite with one flipped case', () => {
  // Five cases, one falls from rank 1 to not found: no mean change can be significant.
  const ids = ['w-auth', 'w-install', 'w-retry', 'w-limits', 'w-errors'];
  const before = report(ids.map((id) => ({ id, ranked: [`${id}.md`], relevant: [rel(`${id}.md`)] })));
  const after = report(ids.map((id) => ({ id, ranked: id === 'w-retry' ? ['other.md'] : [`${id}.md`], relevant: [rel(`${id}.md`)] })));
  const comparison = compareReports(before, after);

  it('the headline names it and says the suite is too small', () => {
    assert.equal(comparison.counts.worse, 0);
    assert.match(verdictLine(comparison), /^⚠️ 1 case worse \(`w-retry`: rank 1 → not found\); the mean change is not significant with 5 cases · /);
  });

  it('a change of rank beyond k is no flip; more flips than the limit are counted', () => {
    const many = report(ids.map((id) => ({ id, ranked: ['other.md'], relevant: [rel(`${id}.md`)] })));
    const list = renderDelta(compareReports(before, many)).split('\n').filter((l) => l.startsWith('- ❌'));
    assert.equal(list.length, 5);
    assert.match(flipList(compareReports(before, many), 2) ?? '', /^- … and 3 more \(see the case regressions and improvements below\)$/m);
    const deep = compareReports(report([{ id: 'd', ranked: ['1', '2', '3', '4', '5', '6', 'x'], relevant: [rel('x')] }]), report([{ id: 'd', ranked: ['1', '2', '3', '4', '5', '6', '7', 'x'], relevant: [rel('x')] }]));
    assert.equal(deep.caseChanges[0]?.flipped, undefined, 'rank 7 → 8 at k=5');
  });
});
