/**
 * Splitting a suite into shards, so a big suite can run over a CI matrix: job i of n
 * runs `--shard i/n`, and report/merge.ts joins the shard reports afterwards.
 *
 * A case's shard is chosen by a stable hash of its id, not by its position: adding or
 * removing a case never moves the other cases between shards, so a shard's results
 * stay comparable across commits. Within a shard, the input order is kept.
 */

export interface Shard {
  /** 1-based: 1 ≤ index ≤ count. */
  index: number;
  count: number;
}

const SHARD_PATTERN = /^(\d+)\/(\d+)$/;

/** Parses `"i/n"` (e.g. `"2/4"`); throws an Error naming the input when it is not a valid shard. */
export function parseShard(text: string): Shard {
  const match = SHARD_PATTERN.exec(text.trim());
  const index = match ? Number(match[1]) : NaN;
  const count = match ? Number(match[2]) : NaN;
  const problem = checkShard({ index, count });
  if (!match || problem !== undefined) {
    const why = match ? problem : 'expected the form "i/n"';
    throw new Error(`invalid shard "${text}": ${why}; use "i/n" with 1 ≤ i ≤ n, e.g. "2/4"`);
  }
  return { index, count };
}

/** Why a shard is invalid, or undefined when it is fine. */
function checkShard(shard: Shard): string | undefined {
  if (!Number.isSafeInteger(shard.count) || shard.count < 1) return `the shard count must be a whole number ≥ 1`;
  if (!Number.isSafeInteger(shard.index) || shard.index < 1 || shard.index > shard.count) return `the shard index must be between 1 and ${shard.count}`;
  return undefined;
}

/**
 * FNV-1a 32-bit over the id's UTF-8 bytes, then murmur3's finaliser. FNV-1a alone mixes
 * its low bits poorly (its lowest bit is just the parity of the bytes' lowest bits), and
 * `hash % count` reads exactly those bits; the finaliser spreads every input bit across
 * the word. Both steps are fixed, so the result never changes between versions or hosts.
 */
export function stableHash(id: string): number {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(id)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The 1-based shard of `count` that the case with this id belongs to. */
export function shardOf(id: string, count: number): number {
  return (stableHash(id) % count) + 1;
}

/** The cases of one shard, in their input order. Every case lands in exactly one of the `count` shards. */
export function shardCases<T extends { id: string }>(cases: readonly T[], shard: Shard): T[] {
  const problem = checkShard(shard);
  if (problem !== undefined) throw new Error(`invalid shard ${shard.index}/${shard.count}: ${problem}`);
  if (shard.count === 1) return [...cases];
  return cases.filter((c) => shardOf(c.id, shard.count) === shard.index);
}
