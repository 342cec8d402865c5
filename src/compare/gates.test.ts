/**
 * Fail-on gates: the syntax users write (and clear errors when they get it wrong), and
 * which gates are changes against the baseline and which hold the run's own value.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GateSyntaxError, parseGates, type Gate } from './gates.ts';

const gate = (source: string): Gate => {
  const [parsed] = parseGates(source);
  assert.ok(parsed);
  return parsed;
};

describe('parseGates', () => {
  it('reads absolute, relative, signed and unsigned forms', () => {
    assert.deepEqual(parseGates('mrr@5 < -0.02'), [{ source: 'mrr@5 < -0.02', metric: 'mrr@5', op: '<', value: -0.02, relative: false, kind: 'change' }]);
    assert.deepEqual(gate('search.p95 > +15%'), { source: 'search.p95 > +15%', metric: 'search.p95', op: '>', value: 0.15, relative: true, kind: 'change' });
    assert.deepEqual(gate('errors > 0'), { source: 'errors > 0', metric: 'errors', op: '>', value: 0, relative: false, kind: 'value' });
    assert.equal(gate('answer.pass_rate < -5%').value, -0.05);
    assert.equal(gate('rss.peak >= .5%').value, 0.005);
    assert.equal(gate('build.ms > 1e3').value, 1000);
  });

  it('needs no whitespace and accepts <= and >=', () => {
    assert.deepEqual(gate('mrr@5<=-0.02'), { source: 'mrr@5<=-0.02', metric: 'mrr@5', op: '<=', value: -0.02, relative: false, kind: 'change' });
    assert.deepEqual(gate('  search.p95>=+10 %  '), { source: 'search.p95>=+10 %', metric: 'search.p95', op: '>=', value: 0.1, relative: true, kind: 'change' });
  });

  it('splits a string on newlines and commas, dropping blanks and # comments', () => {
    const gates = parseGates('# quality\nmrr@5 < -0.02, ndcg@5 < -0.02\n\n  search.p95 > +15%  # latency\r\n,errors > 0,');
    assert.deepEqual(gates.map((g) => g.metric), ['mrr@5', 'ndcg@5', 'search.p95', 'errors']);
    assert.deepEqual(parseGates(''), []);
    assert.deepEqual(parseGates('# nothing\n  \n'), []);
  });

  it('keeps the comma of a brace glob', () => {
    assert.deepEqual(parseGates('{mrr,ndcg}@5 < -0.01, errors > 0').map((g) => g.metric), ['{mrr,ndcg}@5', 'errors']);
  });

  it('takes an array (repeated --fail-on), each entry split the same way', () => {
    assert.deepEqual(parseGates(['mrr@5 < -0.02', 'search.p95 > +15%, rss.peak > +10%', '']).map((g) => g.metric), ['mrr@5', 'search.p95', 'rss.peak']);
  });

  it('rejects bad forms with a message naming the spec and the expected form', () => {
    const cases: Array<[string, RegExp]> = [
      ['mrr@5 -0.02', /no comparison operator/],
      ['mrr@5 = -0.02', /'=' is not a supported operator/],
      ['mrr@5 == 0', /'==' is not a supported operator/],
      ['errors != 0', /'!=' is not a supported operator/],
      ['mrr@5 =< 0', /'=<' is not a supported operator/],
      ['< -0.02', /no metric before the operator/],
      ['mrr@5 <', /no threshold after the operator/],
      ['mrr@5 < %', /no threshold after the operator/],
      ['mrr@5 < lots', /'lots' is not a number/],
      ['mrr@5 < -0.02x', /'-0.02x' is not a number/],
      ['mrr@5 < 2%%', /'2%' is not a number/],
      ['mrr@5 < 0x10', /'0x10' is not a number/],
      ['mrr at 5 < 1', /'mrr at 5' is not one metric id or glob/],
    ];
    for (const [spec, problem] of cases) {
      assert.throws(() => parseGates(spec), (err: unknown) => {
        assert.ok(err instanceof GateSyntaxError, spec);
        assert.match(err.message, problem, spec);
        assert.ok(err.message.startsWith(`invalid fail-on gate '${spec}'`), err.message);
        assert.match(err.message, /expected '<metric> <op> <number>\[%\]'/);
        assert.equal(err.spec, spec);
        return true;
      });
    }
  });

  it('a signed threshold or a % is a change; an unsigned one holds the value itself', () => {
    assert.deepEqual(
      parseGates('mrr@5 < -0.02, mrr@5 > +0.1, search.p95 > 15%, mrr@5 < 0.5, errors > 0, search.p95 > 250, answer.pass_rate < 0.9').map((g) => g.kind),
      ['change', 'change', 'change', 'value', 'value', 'value', 'value'],
    );
  });

  it('names the bad entry among good ones', () => {
    assert.throws(() => parseGates('mrr@5 < -0.02\nndcg@5 ~ 1'), /invalid fail-on gate 'ndcg@5 ~ 1'/);
  });
});
