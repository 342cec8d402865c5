import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CaseObservation } from '../model/observation.ts';
import { DEFAULT_STATS } from './judge-context.ts';
import { latencyPrecision, PRECISION_SHARE } from './latency-precision.ts';

/** One observation per (case, repetition) with one search round of `ms`. */
function observations(cases: number, repetitions: number, ms: (c: number, r: number) => number): CaseObservation[] {
  const out: CaseObservation[] = [];
  for (let r = 0; r < repetitions; r++) {
    for (let c = 0; c < cases; c++) out.push({ caseId: `c${c}`, repetition: r, status: 'ok', rounds: [{ round: 1, hits: [], ms: ms(c, r) }], foundInRound: 1 });
  }
  return out;
}

/** A deterministic spread of ±`spread` around 1, different per case and repetition. */
const jitter = (c: number, r: number, spread: number) => 1 + spread * Math.sin(c * 12.9898 + r * 78.233);

describe('latencyPrecision', () => {
  it('is settled when every case slowed by the same 10%: the CI of the ratio has no width', () => {
    const base = observations(20, 3, (c) => 1 + c / 10);
    const head = observations(20, 3, (c) => (1 + c / 10) * 1.1);
    const check = latencyPrecision(base, head, DEFAULT_STATS);
    assert.equal(check.settled, true);
    assert.equal(check.rows.length, 1);
    assert.equal(check.rows[0]!.id, 'search.p50');
    assert.ok(check.rows[0]!.halfWidth < 1e-9);
    assert.equal(check.rows[0]!.target, DEFAULT_STATS.minEffect * PRECISION_SHARE);
    assert.equal(check.rows[0]!.cases, 20);
  });

  it('is not settled while call-to-call noise leaves the CI wider than 0.4 × the minimum effect; a looser minimum effect for the row settles it', () => {
    const noisy = (reps: number) =>
      latencyPrecision(
        observations(20, reps, (c, r) => jitter(c, r, 0.3)),
        observations(20, reps, (c, r) => jitter(c, r + 1000, 0.3)),
        DEFAULT_STATS,
      );
    const few = noisy(3);
    assert.equal(few.settled, false);
    assert.ok(few.rows[0]!.halfWidth > 0.02, `half-width ${few.rows[0]!.halfWidth}`);
    // The same noise with a looser minimum effect for this row is precise enough.
    const loose = latencyPrecision(
      observations(20, 3, (c, r) => jitter(c, r, 0.3)),
      observations(20, 3, (c, r) => jitter(c, r + 1000, 0.3)),
      { ...DEFAULT_STATS, minEffectFor: { 'search.p50': 1 } },
    );
    assert.equal(loose.rows[0]!.target, 0.4);
    assert.equal(loose.settled, true);
  });

  it('has nothing to say with fewer cases than a verdict needs (more repetitions would not give one)', () => {
    const check = latencyPrecision(observations(9, 5, () => 1), observations(9, 5, (c, r) => jitter(c, r, 0.5)), DEFAULT_STATS);
    assert.deepEqual(check, { settled: true, rows: [] });
  });

  it('leaves answer latency out: extra repetitions do not re-run answer cases, so they could never narrow it', () => {
    const answers = (spread: number) =>
      Array.from({ length: 40 }, (_, i): CaseObservation => ({
        caseId: `a${i % 20}`,
        repetition: Math.floor(i / 20),
        status: 'ok',
        rounds: [],
        foundInRound: null,
        answer: { tool: 'ask', text: '', ms: 100 * (1 + spread * Math.sin(i)), calls: [] },
      }));
    assert.deepEqual(latencyPrecision(answers(0), answers(0.5), DEFAULT_STATS), { settled: true, rows: [] });
  });

  it('pairs cases by id and ignores cases only one side ran', () => {
    const base = observations(12, 2, () => 2);
    const head = [...observations(12, 2, () => 2), ...observations(30, 1, () => 9).slice(12)];
    const check = latencyPrecision(base, head, DEFAULT_STATS);
    assert.equal(check.rows[0]!.cases, 12);
    assert.equal(check.settled, true);
  });
});
