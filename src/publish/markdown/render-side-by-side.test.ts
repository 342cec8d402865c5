import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { report } from '../../../test/support/reports.ts';
import { renderSideBySide, sideBySideTable } from './render-side-by-side.ts';

const rel = (id: string) => ({ id, grade: 1 });

describe('side by side', () => {
  const good = report([{ id: 'a', ranked: ['x'], relevant: [rel('x')], searchMs: [20] }], { rssBytes: 90e6 });
  const bad = report([{ id: 'a', ranked: ['y', 'x'], relevant: [rel('x')], searchMs: [10] }], { rssBytes: 120e6 });

  it('marks the best value of each row by the metric\'s direction', () => {
    const table = sideBySideTable([{ name: 'bm25', report: good }, { name: 'embeddings', report: bad }]);
    assert.match(table, /\| MRR@5 \(↑\) +\| +\*\*1\.000\*\* ★ \| +0\.500 \|/);
    assert.match(table, /\| Search p50 \(↓\) +\| +20\.0 ms \| +\*\*10\.0 ms\*\* ★ \|/);
    assert.match(table, /\| Peak RSS \(↓\) +\| +\*\*85\.8 MiB\*\* ★ \| +114\.4 MiB \|/);
    assert.match(table, /\| Errored cases \(↓\) +\| +\*\*0\*\* ★ \| +\*\*0\*\* ★ \|/, 'ties are all best');
  });

  it('has a per-category table and escapes configuration names', () => {
    const md = renderSideBySide([{ name: 'a|b', report: good }, { name: 'c', report: bad }]);
    assert.match(md, /### By category/);
    assert.match(md, /\| lexical · MRR@5 +\| +\*\*1\.000\*\* ★ \| +0\.500 \|/);
    assert.match(md, /a\\\|b/);
  });
});
