/**
 * Judging fail-on gates: change gates trip only on changes the statistics call real
 * (better/worse, not indicative); value gates hold the run's own metric, with or
 * without a baseline; a gate that cannot be judged is listed with why, never dropped.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseGates, type Gate } from './gates.ts';
import { applyGates, describeGateFailure, describeUnjudgedGate, type RunMetrics } from './judge-gates.ts';
import type { DeltaRow } from '../model/comparison.ts';

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

const NO_RUN: RunMetrics = { metrics: [] };

/** A run's metrics from id -> value (ratio unit unless given). */
function run(values: Record<string, number>, casesOf?: RunMetrics['casesOf']): RunMetrics {
  const unit = (id: string) => (id === 'errors' || id === 'evaluator.errors' ? 'count' : id.startsWith('search.') ? 'ms' : 'ratio');
  return { metrics: Object.entries(values).map(([id, value]) => ({ id, label: id, unit: unit(id), value })), ...(casesOf ? { casesOf } : {}) };
}

describe('change gates', () => {
  it('trip on a real drop past the threshold, with the cases behind it', () => {
    const drop = row('mrr@5', 0.5, 0.47, { cases: ['q1', 'q2'] });
    const { failures, unjudged, passed } = applyGates([gate('mrr@5 < -0.02')], [drop], NO_RUN);
    assert.deepEqual(unjudged, []);
    assert.equal(passed, 0);
    assert.equal(failures.length, 1);
    assert.equal(failures[0]?.metric.id, 'mrr@5');
    assert.ok(Math.abs((failures[0]?.measured ?? 0) + 0.03) < 1e-12);
    assert.deepEqual(failures[0]?.cases, ['q1', 'q2']);
  });

  it('do not trip within the threshold, nor exactly at it (float slack)', () => {
    const small = row('mrr@5', 0.5, 0.49);
    const exact = row('ndcg@5', 0.4, 0.38); // 0.38 - 0.4 = -0.020000000000000018
    const outcome = applyGates([gate('mrr@5 < -0.02'), gate('ndcg@5 < -0.02')], [small, exact], NO_RUN);
    assert.deepEqual(outcome.failures, []);
    assert.equal(outcome.passed, 2);
    assert.equal(applyGates([gate('ndcg@5 <= -0.02')], [exact], NO_RUN).failures.length, 1);
  });

  it('follow the sign the user wrote, not the verdict direction', () => {
    const rise = row('mrr@5', 0.5, 0.6, { verdict: 'better' });
    assert.equal(applyGates([gate('mrr@5 > +0.05')], [rise], NO_RUN).failures.length, 1);
    assert.equal(applyGates([gate('mrr@5 < -0.02')], [rise], NO_RUN).failures.length, 0);
  });

  it('never trip on noise or same (judged, held); n/a and indicative rows are not judged, with why', () => {
    const gates = [gate('search.p95 > +15%')];
    const base = { group: 'latency', unit: 'ms', better: 'lower' } as const;
    for (const over of [{ verdict: 'noise' }, { verdict: 'same' }] as const) {
      const outcome = applyGates(gates, [row('search.p95', 100, 200, { ...base, ...over })], NO_RUN);
      assert.deepEqual([outcome.failures.length, outcome.unjudged.length, outcome.passed], [0, 0, 1], over.verdict);
    }
    const na = applyGates(gates, [row('search.p95', 100, 200, { ...base, verdict: 'n/a', basis: 'judged 0 of 7 now' })], NO_RUN);
    assert.equal(na.failures.length, 0);
    assert.match(na.unjudged[0]?.reason ?? '', /not comparable: judged 0 of 7 now/);
    const hint = applyGates(gates, [row('search.p95', 100, 200, { ...base, verdict: 'worse', indicative: true, basis: 'threshold ±10%' })], NO_RUN);
    assert.equal(hint.failures.length, 0);
    assert.match(hint.unjudged[0]?.reason ?? '', /indicative only/);
    assert.equal(applyGates(gates, [row('search.p95', 100, 200, { ...base, verdict: 'worse' })], NO_RUN).failures.length, 1);
  });

  it('relative gates use the relative change; a row without one holds', () => {
    const rss = row('rss.peak', 100e6, 112e6, { group: 'memory', unit: 'bytes', better: 'lower' });
    const [failure] = applyGates([gate('rss.peak > +10%')], [rss], NO_RUN).failures;
    assert.ok(failure);
    assert.ok(Math.abs(failure.measured - 0.12) < 1e-12);
    assert.equal(applyGates([gate('rss.peak > +15%')], [rss], NO_RUN).failures.length, 0);
    const fromZero = row('errors', 0, 3, { group: 'health', unit: 'count', better: 'lower' });
    assert.equal(fromZero.relative, null);
    assert.equal(applyGates([gate('errors > +10%')], [fromZero], NO_RUN).failures.length, 0);
  });

  it('a glob checks every matching row', () => {
    const rows = [
      row('criterion.accuracy', 0.8, 0.7),
      row('criterion.tone', 0.9, 0.89),
      row('criterion.citations', 0.6, 0.4, { verdict: 'noise' }),
      row('ndcg@5', 0.5, 0.4),
      row('ndcg@10', 0.6, 0.45),
      row('mrr@5', 0.5, 0.3),
    ];
    const outcome = applyGates(parseGates('criterion.* < -0.05, ndcg@* < -0.05, {mrr,hit}@5 < -0.1'), rows, NO_RUN);
    assert.deepEqual(outcome.failures.map((f) => `${f.gate.metric}:${f.metric.id}`), [
      'criterion.*:criterion.accuracy',
      'ndcg@*:ndcg@5',
      'ndcg@*:ndcg@10',
      '{mrr,hit}@5:mrr@5',
    ]);
    assert.deepEqual(outcome.unjudged, []);
  });

  it('without a baseline, or matching no row, are listed as not judged', () => {
    const none = applyGates(parseGates('mrr@5 < -0.02'), null, run({ 'mrr@5': 0.2 }));
    assert.deepEqual(none.failures, []);
    assert.match(none.unjudged[0]?.reason ?? '', /needs a baseline/);
    const outcome = applyGates(parseGates('mrr@10 < -0.02, criterion.* < -0.1, mrr@5 < -0.02'), [row('mrr@5', 0.5, 0.5)], NO_RUN);
    assert.deepEqual(outcome.unjudged.map((u) => u.gate.source), ['mrr@10 < -0.02', 'criterion.* < -0.1']);
    assert.equal(describeUnjudgedGate(outcome.unjudged[0]!), "gate 'mrr@10 < -0.02' not judged: no row of this comparison matches mrr@10");
  });

  it('copy the cases so callers may edit them freely', () => {
    const cases = ['a'];
    const [failure] = applyGates([gate('mrr@5 < -0')], [row('mrr@5', 0.5, 0.4, { cases })], NO_RUN).failures;
    assert.ok(failure);
    failure.cases.push('b');
    assert.deepEqual(cases, ['a']);
  });
});

describe('value gates', () => {
  it('hold the run’s own value, with or without a comparison', () => {
    const metrics = run({ 'mrr@5': 0.42, 'answer.pass_rate': 0.95, 'search.p95': 310 });
    for (const rows of [null, [row('mrr@5', 0.42, 0.42)]]) {
      const outcome = applyGates(parseGates('mrr@5 < 0.5, answer.pass_rate < 0.9, search.p95 > 250'), rows, metrics);
      assert.deepEqual(outcome.failures.map((f) => [f.metric.id, f.measured]), [['mrr@5', 0.42], ['search.p95', 310]]);
      assert.equal(outcome.passed, 1);
    }
  });

  it('errors > 0 fails on any errored case and names them', () => {
    const outcome = applyGates(parseGates('errors > 0'), null, run({ errors: 2 }, (id) => (id === 'errors' ? ['a', 'b'] : [])));
    assert.deepEqual(outcome.failures[0]?.cases, ['a', 'b']);
    assert.equal(applyGates(parseGates('errors > 0'), null, run({ errors: 0 })).failures.length, 0);
  });

  it('matching no metric of the run is listed as not judged, naming what the run has', () => {
    const outcome = applyGates(parseGates('mrr@10 < 0.5'), null, run({ 'mrr@5': 0.4, errors: 0 }));
    assert.equal(outcome.failures.length, 0);
    assert.match(outcome.unjudged[0]?.reason ?? '', /no metric of this run matches mrr@10 \(this run has: mrr@5, errors\)/);
  });
});

describe('describeGateFailure', () => {
  it('names the metric, the change, the gate and the first cases', () => {
    const drop = row('mrr@5', 0.412, 0.381, { label: 'MRR@5', cases: ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7'] });
    const [failure] = applyGates([gate('mrr@5 < -0.02')], [drop], NO_RUN).failures;
    assert.ok(failure);
    assert.equal(describeGateFailure(failure), "MRR@5 (mrr@5) changed by −0.031 (0.412 → 0.381), failing gate 'mrr@5 < -0.02'; cases: c1, c2, c3, c4, c5 +2 more");
  });

  it('shows a relative change as a percentage, in the unit of the row', () => {
    const slow = row('search.p95', 100, 130, { label: 'Search p95', group: 'latency', unit: 'ms', better: 'lower', cases: ['slow-1'] });
    const [failure] = applyGates([gate('search.p95 > +15%')], [slow], NO_RUN).failures;
    assert.ok(failure);
    assert.equal(describeGateFailure(failure), "Search p95 (search.p95) changed by +30.0% (100 ms → 130 ms), failing gate 'search.p95 > +15%'; cases: slow-1");
  });

  it('says the value for a value gate, without a cases part when there are none', () => {
    const [failure] = applyGates([gate('mrr@5 < 0.5')], null, run({ 'mrr@5': 0.412 })).failures;
    assert.ok(failure);
    assert.equal(describeGateFailure(failure), "mrr@5 is 0.412, failing gate 'mrr@5 < 0.5'");
  });
});

describe('gates on a mean over part of its cases', () => {
  const partial = { n: 3, of: 5, missing: { evaluator_error: 2 } };
  const budget = { n: 1, of: 5, missing: { budget: 4 } };

  it('a value gate is not judged, whichever way it would go, with n of m and the cause', () => {
    const metrics = run({ 'answer.score': 1, 'criterion.context_precision': 1 });
    const countOf = (id: string) => (id === 'answer.score' ? partial : id === 'criterion.context_precision' ? budget : undefined);
    const outcome = applyGates([gate('answer.score < 0.7'), gate('criterion.context_precision < 0.9'), gate('answer.score > 0.65')], null, { ...metrics, countOf });
    assert.deepEqual([outcome.failures.length, outcome.passed], [0, 0]);
    assert.deepEqual(outcome.unjudged.map((u) => describeUnjudgedGate(u)), [
      "gate 'answer.score < 0.7' on answer.score not judged: the mean is over 3 of 5 (2 evaluator errors) cases, not the whole run: judge or run the missing cases (a gate is never passed on part of the cases)",
      "gate 'criterion.context_precision < 0.9' on criterion.context_precision not judged: the mean is over 1 of 5 (4 stopped by the budget) cases, not the whole run: judge or run the missing cases (a gate is never passed on part of the cases)",
      "gate 'answer.score > 0.65' on answer.score not judged: the mean is over 3 of 5 (2 evaluator errors) cases, not the whole run: judge or run the missing cases (a gate is never passed on part of the cases)",
    ]);
  });

  it('a mean missing only what is its nature (a confidence not reported) is judged', () => {
    const countOf = () => ({ n: 2, of: 5, missing: { not_reported: 3 } });
    const outcome = applyGates([gate('answer.confidence < 0.5')], null, { ...run({ 'answer.confidence': 0.4 }), countOf });
    assert.equal(outcome.failures.length, 1);
  });

  it('a change gate is not judged when either side is partial', () => {
    const now = row('answer.score', 0.6, 0.4, { verdict: 'worse', judged: { baseline: { n: 5, of: 5 }, current: partial } });
    const before = row('criterion.x', 0.6, 0.4, { verdict: 'worse', judged: { baseline: budget, current: { n: 5, of: 5 } } });
    const outcome = applyGates([gate('answer.score < -0.1'), gate('criterion.x < -0.1')], [now, before], NO_RUN);
    assert.deepEqual([outcome.failures.length, outcome.passed], [0, 0]);
    assert.match(outcome.unjudged[0]?.reason ?? '', /^the mean now is over 3 of 5 \(2 evaluator errors\) cases/);
    assert.match(outcome.unjudged[1]?.reason ?? '', /^the mean in the baseline is over 1 of 5 \(4 stopped by the budget\) cases/);
  });
});
