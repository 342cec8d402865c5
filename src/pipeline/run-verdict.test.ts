import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerReport } from '../../test/support/answer-reports.ts';
import { runVerdict } from './run-verdict.ts';

describe('runVerdict: answer cases (seed 000 exits 1 when a test fails)', () => {
  it('exits 0 when every answer case passed its validations', () => {
    assert.deepEqual(runVerdict({ report: answerReport([{ id: 'a' }, { id: 'b' }]), comparison: null }), { code: 0, lines: [] });
  });

  it('exits 1 naming the failed cases when one failed a validation', () => {
    const verdict = runVerdict({ report: answerReport([{ id: 'a' }, { id: 'b', failed: ['Does not contain "TokenContract"'] }]), comparison: null });
    assert.equal(verdict.code, 1);
    assert.deepEqual(verdict.lines, ['1 of 2 answer case(s) failed their validations (b); --verbose lists each failed validation']);
  });

  it('names at most ten ids', () => {
    const specs = Array.from({ length: 12 }, (_, i) => ({ id: `c${i}`, failed: ['x'] }));
    const [line] = runVerdict({ report: answerReport(specs), comparison: null }).lines;
    assert.match(line ?? '', /^12 of 12 answer case\(s\) failed their validations \(c0, .*c9 and 2 more\)/);
  });

  it('an errored answer case is the health check\'s failure, said once', () => {
    const verdict = runVerdict({ report: answerReport([{ id: 'a', status: 'error' }]), comparison: null });
    assert.equal(verdict.code, 1);
    assert.ok(verdict.lines.every((l) => !l.includes('failed their validations')), verdict.lines.join('\n'));
  });
});
