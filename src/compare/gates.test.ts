/**
 * Fail-on gates: the syntax users write (and clear errors when they get it wrong), glob
 * matching over metric ids, and the rule that only changes the statistics call real
 * (better/worse, not indicative) can fail a check — noise and hints never do.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyGates, describeGateFailure, GateSyntaxError, parseGates, type Gate } from './gates.ts';
import type { DeltaRow } from './types.ts';

function row(id: string, baseline: number, current: number, over: Partial<DeltaRow> = {}): DeltaRow {
  const absolute = current - baseline;
  return {
    id,
    label: id,
    group: 'quality',
    unit: 'ratio',
    better: 'higher',
    baseline,
    current,
    absolute,
    relative: baseline === 0 ? null : absolute / Math.abs(baseline),
    verdict: absolute === 0 ? 'same' : 'worse',
    basis: 'test',
    indicative: false,
    ...over,
  };
}

const gate = (source: string): Gate => {
  const [parsed] = parseGates(source);
  assert.ok(parsed);
  return parsed;
};

describe('parseGates', () => {
  it('reads absolute, relative, signed and unsigned forms', () => {
    assert.deepEqual(parseGates('mrr@5 < -0.02'), [{ source: 'mrr@5 < -0.02', metric: 'mrr@5', op: '<', value: -0.02, relative: false }]);
    assert.deepEqual(gate('search.p95 > +15%'), { source: 'search.p95 > +15%', metric: 'search.p95', op: '>', value: 0.15, relative: true });
    assert.deepEqual(gate('errors > 0'), { source: 'errors > 0', metric: 'errors', op: '>', value: 0, relative: false });
    assert.equal(gate('answer.pass_rate < -5%').value, -0.05);
    assert.equal(gate('rss.peak >= .5%').value, 0.005);
    assert.equal(gate('build.ms > 1e3').value, 1000);
  });

  it('needs no whitespace and accepts <= and >=', () => {
    assert.deepEqual(gate('mrr@5<=-0.02'), { source: 'mrr@5<=-0.02', metric: 'mrr@5', op: '<=', value: -0.02, relative: false });
    assert.deepEqual(gate('  search.p95>=+10 %  '), { source: 'search.p95>=+10 %', metric: 'search.p95', op: '>=', value: 0.1, relative: true });
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

  it('names the bad entry among good ones', () => {
    assert.throws(() => parseGates('mrr@5 < -0.02\nndcg@5 ~ 1'), /invalid fail-on gate 'ndcg@5 ~ 1'/);
  });
});

describe('applyGates', () => {
  it('trips an absolute gate on a real drop past the threshold, with the cases behind it', () => {
    const drop = row('mrr@5', 0.5, 0.47, { cases: ['q1', 'q2'] });
    const { failures, unmatched } = applyGates([gate('mrr@5 < -0.02')], [drop]);
    assert.deepEqual(unmatched, []);
    assert.equal(failures.length, 1);
    assert.equal(failures[0]?.row, drop);
    assert.ok(Math.abs((failures[0]?.change ?? 0) + 0.03) < 1e-12);
    assert.deepEqual(failures[0]?.cases, ['q1', 'q2']);
  });

  it('does not trip within the threshold, nor exactly at it (float slack)', () => {
    const small = row('mrr@5', 0.5, 0.49);
    const exact = row('ndcg@5', 0.4, 0.38); // 0.38 - 0.4 = -0.020000000000000018
    assert.deepEqual(applyGates([gate('mrr@5 < -0.02'), gate('ndcg@5 < -0.02')], [small, exact]).failures, []);
    assert.equal(applyGates([gate('ndcg@5 <= -0.02')], [exact]).failures.length, 1);
  });

  it('follows the sign the user wrote, not the verdict direction', () => {
    const rise = row('mrr@5', 0.5, 0.6, { verdict: 'better' });
    assert.equal(applyGates([gate('mrr@5 > +0.05')], [rise]).failures.length, 1);
    assert.equal(applyGates([gate('mrr@5 < -0.02')], [rise]).failures.length, 0);
  });

  it('never trips on noise, same, n/a or indicative rows', () => {
    const gates = [gate('search.p95 > +15%')];
    const base = { group: 'latency', unit: 'ms', better: 'lower' } as const;
    for (const over of [{ verdict: 'noise' }, { verdict: 'same' }, { verdict: 'n/a' }, { verdict: 'worse', indicative: true }] as const) {
      assert.deepEqual(applyGates(gates, [row('search.p95', 100, 200, { ...base, ...over })]).failures, [], JSON.stringify(over));
    }
    assert.equal(applyGates(gates, [row('search.p95', 100, 200, { ...base, verdict: 'worse' })]).failures.length, 1);
  });

  it('relative gates use the relative change and skip rows without one', () => {
    const rss = row('rss.peak', 100e6, 112e6, { group: 'memory', unit: 'bytes', better: 'lower' });
    const [failure] = applyGates([gate('rss.peak > +10%')], [rss]).failures;
    assert.ok(failure);
    assert.ok(Math.abs(failure.change - 0.12) < 1e-12);
    // +12 MB absolute is far above 10 (an absolute gate), +12% is not above 15%.
    assert.equal(applyGates([gate('rss.peak > 10')], [rss]).failures.length, 1);
    assert.equal(applyGates([gate('rss.peak > +15%')], [rss]).failures.length, 0);
    const fromZero = row('errors', 0, 3, { group: 'health', unit: 'count', better: 'lower' });
    assert.equal(fromZero.relative, null);
    assert.equal(applyGates([gate('errors > +10%')], [fromZero]).failures.length, 0);
  });

  it('errors > 0 trips on any new errored case', () => {
    const errors = row('errors', 1, 2, { group: 'health', unit: 'count', better: 'lower', cases: ['broken-case'] });
    const outcome = applyGates(parseGates('errors > 0'), [errors]);
    assert.equal(outcome.failures.length, 1);
    assert.equal(outcome.failures[0]?.change, 1);
    assert.equal(applyGates(parseGates('errors > 0'), [row('errors', 2, 1, { unit: 'count', verdict: 'better' })]).failures.length, 0);
  });

  it('a glob gate checks every matching row', () => {
    const rows = [
      row('criterion.accuracy', 0.8, 0.7),
      row('criterion.tone', 0.9, 0.89),
      row('criterion.citations', 0.6, 0.4, { verdict: 'noise' }),
      row('ndcg@5', 0.5, 0.4),
      row('ndcg@10', 0.6, 0.45),
      row('mrr@5', 0.5, 0.3),
    ];
    const outcome = applyGates(parseGates('criterion.* < -0.05, ndcg@* < -0.05, {mrr,hit}@5 < -0.1'), rows);
    assert.deepEqual(outcome.failures.map((f) => `${f.gate.metric}:${f.row.id}`), [
      'criterion.*:criterion.accuracy',
      'ndcg@*:ndcg@5',
      'ndcg@*:ndcg@10',
      '{mrr,hit}@5:mrr@5',
    ]);
    assert.deepEqual(outcome.unmatched, []);
  });

  it('reports gates that match no row instead of ignoring them', () => {
    const gates = parseGates('mrr@10 < -0.02, criterion.* < 0, mrr@5 < -0.02');
    const outcome = applyGates(gates, [row('mrr@5', 0.5, 0.5)]);
    assert.deepEqual(outcome.unmatched.map((g) => g.source), ['mrr@10 < -0.02', 'criterion.* < 0']);
    assert.deepEqual(outcome.failures, []);
  });

  it('copies the cases so callers may edit them freely', () => {
    const cases = ['a'];
    const [failure] = applyGates([gate('mrr@5 < 0')], [row('mrr@5', 0.5, 0.4, { cases })]).failures;
    assert.ok(failure);
    failure.cases.push('b');
    assert.deepEqual(cases, ['a']);
  });
});

describe('describeGateFailure', () => {
  it('names the metric, the change, the gate and the first cases', () => {
    const drop = row('mrr@5', 0.412, 0.381, { label: 'MRR@5', cases: ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7'] });
    const [failure] = applyGates([gate('mrr@5 < -0.02')], [drop]).failures;
    assert.ok(failure);
    assert.equal(describeGateFailure(failure), "MRR@5 (mrr@5) changed by −0.031 (0.412 → 0.381), failing gate 'mrr@5 < -0.02'; cases: c1, c2, c3, c4, c5 +2 more");
  });

  it('shows a relative change as a percentage, in the unit of the row', () => {
    const slow = row('search.p95', 100, 130, { label: 'Search p95', group: 'latency', unit: 'ms', better: 'lower', cases: ['slow-1'] });
    const [failure] = applyGates([gate('search.p95 > +15%')], [slow]).failures;
    assert.ok(failure);
    assert.equal(describeGateFailure(failure), "Search p95 (search.p95) changed by +30.0% (100 ms → 130 ms), failing gate 'search.p95 > +15%'; cases: slow-1");
  });

  it('leaves out the cases part when there are none', () => {
    const [failure] = applyGates([gate('errors > 0')], [row('errors', 0, 2, { unit: 'count' })]).failures;
    assert.ok(failure);
    assert.equal(describeGateFailure(failure), "errors changed by +2 (0 → 2), failing gate 'errors > 0'");
  });
});
