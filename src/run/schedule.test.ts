import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { schedule, type Slot } from './schedule.ts';

const caseOrder = (slots: Slot[], arm: number, repetition: number) => slots.filter((s) => s.arm === arm && s.repetition === repetition).map((s) => s.caseIndex);

describe('schedule', () => {
  it('visits every case once per repetition, in a fresh shuffle each time', () => {
    const slots = schedule({ cases: 30, repetitions: 3, arms: 1, seed: 7, blockSize: 10 });
    assert.equal(slots.length, 90);
    const orders = [0, 1, 2].map((r) => caseOrder(slots, 0, r));
    for (const order of orders) assert.deepEqual([...order].sort((a, b) => a - b), Array.from({ length: 30 }, (_, i) => i));
    assert.notDeepEqual(orders[0], orders[1]);
    assert.notDeepEqual(orders[1], orders[2]);
  });

  it('replays the same order from the same seed, another from another', () => {
    const a = schedule({ cases: 20, repetitions: 2, arms: 2, seed: 123, blockSize: 5 });
    assert.deepEqual(schedule({ cases: 20, repetitions: 2, arms: 2, seed: 123, blockSize: 5 }), a);
    assert.notDeepEqual(schedule({ cases: 20, repetitions: 2, arms: 2, seed: 124, blockSize: 5 }), a);
  });

  it('runs each block on both arms back to back, alternating which goes first (AB BA AB ...)', () => {
    const slots = schedule({ cases: 8, repetitions: 2, arms: 2, seed: 1, blockSize: 3 });
    // Blocks per repetition: 3 + 3 + 2 cases; each block appears on arm 0 and arm 1.
    const runs: { block: number; arm: number; cases: number[] }[] = [];
    for (const s of slots) {
      const last = runs.at(-1);
      if (last && last.block === s.block && last.arm === s.arm) last.cases.push(s.caseIndex);
      else runs.push({ block: s.block, arm: s.arm, cases: [s.caseIndex] });
    }
    assert.deepEqual(runs.map((r) => r.arm), [0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0]);
    for (let i = 0; i < runs.length; i += 2) assert.deepEqual(runs[i]!.cases, runs[i + 1]!.cases, 'both arms run the same cases in a block');
    assert.deepEqual(runs.map((r) => r.cases.length), [3, 3, 3, 3, 2, 2, 3, 3, 3, 3, 2, 2]);
    // Both arms see every case in every repetition, in the same order.
    for (const r of [0, 1]) assert.deepEqual(caseOrder(slots, 0, r), caseOrder(slots, 1, r));
  });
});
