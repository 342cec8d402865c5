/** Tests of the suite split for CI matrices: exact cover, balance, stability, parsing. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseShard, shardCases, shardOf, stableHash } from './shard.ts';

const idsOf = (n: number, prefix = 'case'): { id: string }[] => Array.from({ length: n }, (_, i) => ({ id: `${prefix}-${String(i + 1).padStart(4, '0')}` }));
const shardsOf = <T extends { id: string }>(cases: readonly T[], count: number): T[][] =>
  Array.from({ length: count }, (_, i) => shardCases(cases, { index: i + 1, count }));

describe('parseShard', () => {
  it('reads "i/n"', () => {
    assert.deepEqual(parseShard('1/1'), { index: 1, count: 1 });
    assert.deepEqual(parseShard('2/4'), { index: 2, count: 4 });
    assert.deepEqual(parseShard(' 4/4 '), { index: 4, count: 4 });
    assert.deepEqual(parseShard('10/12'), { index: 10, count: 12 });
  });

  for (const bad of ['', '1', '0/4', '5/4', '1/0', '0/0', '-1/4', '1.5/4', '1/4/2', 'a/b', '1 / 4', '1/99999999999999999999']) {
    it(`refuses ${JSON.stringify(bad)}, naming it`, () => {
      assert.throws(() => parseShard(bad), (err: Error) => err.message.includes(`"${bad}"`) && err.message.includes('i/n'));
    });
  }

  it('says why the numbers are wrong', () => {
    assert.throws(() => parseShard('5/4'), /between 1 and 4/);
    assert.throws(() => parseShard('1/0'), /count must be/);
  });
});

describe('shardCases', () => {
  const cases = idsOf(1000);

  it('puts every case in exactly one shard', () => {
    for (const count of [1, 2, 3, 4, 7, 16]) {
      const shards = shardsOf(cases, count);
      const seen = shards.flat().map((c) => c.id);
      assert.equal(seen.length, cases.length, `count ${count}`);
      assert.deepEqual(new Set(seen), new Set(cases.map((c) => c.id)));
    }
  });

  it('balances 1000 ids reasonably', () => {
    for (const count of [2, 4, 8, 10]) {
      const expected = cases.length / count;
      for (const shard of shardsOf(cases, count)) {
        assert.ok(Math.abs(shard.length - expected) < expected * 0.2, `count ${count}: shard of ${shard.length}, expected ~${expected}`);
      }
    }
  });

  it('keeps the input order within a shard, and returns the same objects', () => {
    const reversed = [...cases].reverse();
    const shard = shardCases(reversed, { index: 2, count: 3 });
    const positions = shard.map((c) => reversed.indexOf(c));
    assert.deepEqual(positions, [...positions].sort((a, b) => a - b));
    assert.ok(shard.every((c) => reversed.includes(c)));
  });

  it('does not move existing cases when cases are added or removed', () => {
    const grown = [...idsOf(50, 'new'), ...cases.slice(0, 500), ...idsOf(50, 'extra'), ...cases.slice(500)];
    const shrunk = cases.filter((_, i) => i % 3 !== 0);
    for (const count of [2, 5]) {
      for (let index = 1; index <= count; index++) {
        const before = new Set(shardCases(cases, { index, count }).map((c) => c.id));
        const grownIds = shardCases(grown, { index, count }).map((c) => c.id).filter((id) => id.startsWith('case-'));
        assert.deepEqual(new Set(grownIds), before);
        const shrunkIds = shardCases(shrunk, { index, count }).map((c) => c.id);
        assert.ok(shrunkIds.every((id) => before.has(id)));
      }
    }
  });

  it('1/1 is everything, in order', () => {
    assert.deepEqual(shardCases(cases, { index: 1, count: 1 }), cases);
    assert.deepEqual(shardCases([], { index: 1, count: 3 }), []);
  });

  it('refuses an invalid shard', () => {
    assert.throws(() => shardCases(cases, { index: 0, count: 2 }), /invalid shard 0\/2/);
    assert.throws(() => shardCases(cases, { index: 3, count: 2 }), /invalid shard 3\/2/);
  });
});

describe('stableHash', () => {
  it('is fixed across versions (pinned values)', () => {
    // Pinned: changing the hash would silently move cases between shards.
    assert.deepEqual(['', 'a', 'case-0001', 'ünïcode/ id'].map(stableHash), PINNED);
    assert.equal(shardOf('case-0001', 4), (3978784639 % 4) + 1);
  });

  it('is an unsigned 32-bit integer', () => {
    for (const { id } of idsOf(100)) {
      const h = stableHash(id);
      assert.ok(Number.isInteger(h) && h >= 0 && h < 2 ** 32);
    }
  });
});

// Checked against an independent implementation (FNV-1a of "a" is the published 0xe40c292c before mixing).
const PINNED = [2872998923, 444641715, 3978784639, 370260233];
