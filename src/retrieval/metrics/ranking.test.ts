import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Judgment } from '../../model/case.ts';
import {
  averagePrecisionAt,
  dedupeRanking,
  hitAt,
  ndcgAt,
  normalizeCutoff,
  precisionAt,
  rankingMetrics,
  recallAt,
  reciprocalRankAt,
  rPrecision,
  topK,
} from './ranking.ts';

const EPS = 1e-9;

function close(actual: number, expected: number, what = ''): void {
  assert.ok(Math.abs(actual - expected) < EPS, `${what} expected ${expected}, got ${actual}`);
}

function j(entries: Record<string, number>): Judgment[] {
  return Object.entries(entries).map(([id, grade]) => ({ id, grade }));
}

// log2(3) = 1.584962500721156, log2(5) = 2.321928094887362
const LOG2_3 = Math.log2(3);

void describe('dedupeRanking / topK', () => {
  void it('keeps the first occurrence and shifts later ids up', () => {
    assert.deepEqual(dedupeRanking(['a', 'b', 'a', 'c', 'b', 'd']), ['a', 'b', 'c', 'd']);
  });

  void it('dedupes before cutting, so a repeat does not use up a slot', () => {
    assert.deepEqual(topK(['a', 'a', 'b', 'c'], 2), ['a', 'b']);
  });

  void it('normalises odd cutoffs instead of throwing', () => {
    assert.equal(normalizeCutoff(0), 0);
    assert.equal(normalizeCutoff(-3), 0);
    assert.equal(normalizeCutoff(Number.NaN), 0);
    assert.equal(normalizeCutoff(2.9), 2);
    assert.equal(normalizeCutoff(Infinity), Infinity);
    assert.deepEqual(topK(['a', 'b'], Infinity), ['a', 'b']);
  });
});

void describe('graded example: ranking [d3, d1, d7, d2], grades d1=3, d2=2, d3=1', () => {
  const ranked = ['d3', 'd1', 'd7', 'd2'];
  const judged = j({ d1: 3, d2: 2, d3: 1 });

  void it('k = 3', () => {
    // DCG@3  = 1/log2(2) + 3/log2(3) + 0/log2(4) = 1 + 1.8927892607143724 = 2.8927892607143724
    // IDCG@3 = 3/log2(2) + 2/log2(3) + 1/log2(4) = 3 + 1.2618595071429150 + 0.5 = 4.7618595071429155
    // NDCG@3 = 2.8927892607143724 / 4.7618595071429155 = 0.6074915180456525
    close(ndcgAt(ranked, judged, 3), 0.6074915180456525, 'ndcg@3');
    close(ndcgAt(ranked, judged, 3), (1 + 3 / LOG2_3) / (3 + 2 / LOG2_3 + 0.5), 'ndcg@3 formula');
    // d3 (grade 1) is relevant at rank 1.
    assert.equal(reciprocalRankAt(ranked, judged, 3), 1);
    // relevant in top 3: d3, d1 -> 2 of 3 retrieved, 2 of 3 judged relevant.
    close(precisionAt(ranked, judged, 3), 2 / 3, 'p@3');
    close(recallAt(ranked, judged, 3), 2 / 3, 'recall@3');
    assert.equal(hitAt(ranked, judged, 3), 1);
  });

  void it('k = 4 adds d2 at rank 4', () => {
    // DCG@4  = 2.8927892607143724 + 2/log2(5) = 2.8927892607143724 + 0.8613531161467862 = 3.7541423768611586
    // IDCG@4 = IDCG@3 (only three docs are relevant) = 4.7618595071429155
    // NDCG@4 = 0.7883773914853737
    close(ndcgAt(ranked, judged, 4), 0.7883773914853737, 'ndcg@4');
    close(recallAt(ranked, judged, 4), 1, 'recall@4');
    close(precisionAt(ranked, judged, 4), 3 / 4, 'p@4');
  });

  void it('graded NDCG differs from the binary one on the same ranking', () => {
    // Binary (all grades 1): DCG@3 = 1 + 1/log2(3) = 1.6309297535714575,
    // IDCG@3 = 1 + 1/log2(3) + 1/2 = 2.1309297535714578, NDCG@3 = 0.7653606369886217.
    const binary = j({ d1: 1, d2: 1, d3: 1 });
    close(ndcgAt(ranked, binary, 3), 0.7653606369886217, 'binary ndcg@3');
    assert.ok(Math.abs(ndcgAt(ranked, binary, 3) - ndcgAt(ranked, judged, 3)) > 0.1);
    // The other metrics only see relevant/not, so they do not move.
    const graded = rankingMetrics(ranked, judged, 3);
    const flat = rankingMetrics(ranked, binary, 3);
    assert.deepEqual({ ...graded, ndcg: 0 }, { ...flat, ndcg: 0 });
  });

  void it('rankingMetrics bundles the individual functions', () => {
    const m = rankingMetrics(ranked, judged, 3);
    assert.equal(m.reciprocalRank, 1);
    close(m.ndcg, 0.6074915180456525);
    close(m.precision, 2 / 3);
    close(m.recall, 2 / 3);
    assert.equal(m.hit, 1);
  });
});

void describe('cross-check: Wikipedia "Discounted cumulative gain" worked example', () => {
  // Ranked D1..D6 with grades 3, 2, 3, 0, 1, 2; the collection also holds D7 = 3 and
  // D8 = 2, so the ideal top 6 is 3, 3, 3, 2, 2, 2. The article gives (linear gains,
  // log2(i+1) discount, i.e. trec_eval ndcg_cut.6): DCG6 = 6.861, IDCG6 = 8.740, nDCG6 = 0.785.
  // Exact: DCG6 = 3 + 2/log2 3 + 3/2 + 0 + 1/log2 6 + 2/log2 7 = 6.861126688593502
  //        IDCG6 = 3 + 3/log2 3 + 3/2 + 2/log2 5 + 2/log2 6 + 2/log2 7 = 8.740262365546284
  const ranked = ['D1', 'D2', 'D3', 'D4', 'D5', 'D6'];
  const judged = j({ D1: 3, D2: 2, D3: 3, D4: 0, D5: 1, D6: 2, D7: 3, D8: 2 });

  void it('nDCG6 = 6.861126688593502 / 8.740262365546284 = 0.785002371969948', () => {
    const v = ndcgAt(ranked, judged, 6);
    close(v, 0.785002371969948);
    assert.equal(v.toFixed(3), '0.785');
  });

  void it('relevant = grade >= 1: D4 (grade 0) does not count', () => {
    // 7 relevant judged (D4 excluded), 5 of them in the top 6.
    close(precisionAt(ranked, judged, 6), 5 / 6);
    close(recallAt(ranked, judged, 6), 5 / 7);
  });
});

void describe('single relevant doc: NDCG@k = 1/log2(r+1)', () => {
  const judged = j({ rel: 1 });
  const at = (r: number): string[] => [...Array.from({ length: r - 1 }, (_, i) => `n${i}`), 'rel'];

  void it('matches the closed form at ranks 1..5', () => {
    // rank 1 -> 1, rank 2 -> 0.6309297535714575, rank 3 -> 0.5, rank 5 -> 1/log2 6 = 0.38685280723454163
    close(ndcgAt(at(1), judged, 5), 1);
    close(ndcgAt(at(2), judged, 5), 0.6309297535714575);
    close(ndcgAt(at(3), judged, 5), 0.5);
    close(ndcgAt(at(5), judged, 5), 0.38685280723454163);
    for (let r = 1; r <= 5; r++) close(ndcgAt(at(r), judged, 5), 1 / Math.log2(r + 1), `rank ${r}`);
  });

  void it('RR = 1/r and is 0 past the cutoff', () => {
    close(reciprocalRankAt(at(4), judged, 5), 0.25);
    assert.equal(reciprocalRankAt(at(4), judged, 3), 0);
    assert.equal(hitAt(at(4), judged, 3), 0);
    assert.equal(hitAt(at(4), judged, 4), 1);
  });

  void it('is strictly decreasing in the rank (rank 2 is not scored like rank 1)', () => {
    assert.ok(ndcgAt(at(1), judged, 5) > ndcgAt(at(2), judged, 5));
    assert.ok(ndcgAt(at(2), judged, 5) > ndcgAt(at(3), judged, 5));
  });
});

void describe('average precision (trec_eval map_cut.k) and R-precision (Rprec)', () => {
  // Relevant: a, b, c (num_rel 3); d judged non-relevant (grade 0).
  const judged = j({ a: 1, b: 2, c: 1, d: 0 });

  void it('AP@k sums the precision at each relevant rank within k, over ALL relevant judged', () => {
    // [a, x, b, d, c]: relevant at ranks 1, 3, 5 -> P = 1/1, 2/3, 3/5.
    const ranked = ['a', 'x', 'b', 'd', 'c'];
    close(averagePrecisionAt(ranked, judged, 5), (1 + 2 / 3 + 3 / 5) / 3); // 0.7555…
    // Cut at 3: only ranks 1 and 3 count, still divided by 3.
    close(averagePrecisionAt(ranked, judged, 3), (1 + 2 / 3) / 3);
    // A relevant doc never retrieved contributes 0: [a] alone is 1/3, not 1.
    close(averagePrecisionAt(['a'], judged, 5), 1 / 3);
    assert.equal(averagePrecisionAt(['x', 'y'], judged, 5), 0);
    assert.equal(averagePrecisionAt(['a'], j({ a: 0 }), 5), 0, 'no relevant judged: 0, not NaN');
    // Duplicates count once: [a, a, b] is [a, b]: (1 + 1) / 3.
    close(averagePrecisionAt(['a', 'a', 'b'], judged, 5), 2 / 3);
  });

  void it('R-precision is precision at R = relevant judged, ranks past the end non-relevant', () => {
    // R = 3: top 3 of [a, x, b, d, c] holds a and b -> 2/3.
    close(rPrecision(['a', 'x', 'b', 'd', 'c'], judged), 2 / 3);
    close(rPrecision(['c', 'b', 'a'], judged), 1);
    // A ranking shorter than R: [a] -> 1/3.
    close(rPrecision(['a'], judged), 1 / 3);
    assert.equal(rPrecision(['a'], j({ a: 0 })), 0);
  });
});

void describe('edge cases', () => {
  const judged = j({ a: 2, b: 1 });

  void it('empty ranking scores 0 everywhere', () => {
    assert.deepEqual(rankingMetrics([], judged, 5), { reciprocalRank: 0, ndcg: 0, recall: 0, precision: 0, hit: 0, averagePrecision: 0 });
  });

  void it('no relevant doc retrieved scores 0 everywhere', () => {
    assert.deepEqual(rankingMetrics(['x', 'y', 'z'], judged, 3), { reciprocalRank: 0, ndcg: 0, recall: 0, precision: 0, hit: 0, averagePrecision: 0 });
  });

  void it('judged-but-grade-0 ids are not relevant', () => {
    assert.deepEqual(rankingMetrics(['z'], j({ z: 0, a: 1 }), 1), { reciprocalRank: 0, ndcg: 0, recall: 0, precision: 0, hit: 0, averagePrecision: 0 });
  });

  void it('k larger than the list: P divides by k (trec_eval P_cut), recall and NDCG do not care', () => {
    // [a] with k = 5: P@5 = 1/5 = 0.2, Recall@5 = 1/2, RR = 1.
    // NDCG@5: DCG = 2/1 = 2; IDCG = 2 + 1/log2 3 = 2.6309297535714575; NDCG = 0.7601875334318685
    close(precisionAt(['a'], judged, 5), 0.2);
    close(recallAt(['a'], judged, 5), 0.5);
    close(ndcgAt(['a'], judged, 5), 0.7601875334318685);
    close(ndcgAt(['a', 'b'], judged, 10), 1);
  });

  void it('duplicates count once, at their first position', () => {
    // [x, x, a] dedupes to [x, a]: a sits at rank 2, not 3.
    const ranked = ['x', 'x', 'a'];
    close(reciprocalRankAt(ranked, judged, 2), 0.5);
    // A relevant id repeated does not inflate P or recall: [a, a, a] -> [a].
    close(precisionAt(['a', 'a', 'a'], judged, 3), 1 / 3);
    close(recallAt(['a', 'a', 'a'], judged, 3), 0.5);
    // nor NDCG: [a, a] == [a]
    close(ndcgAt(['a', 'a'], judged, 2), ndcgAt(['a'], judged, 2));
  });

  void it('k <= 0 or NaN gives 0, never throws', () => {
    for (const k of [0, -1, Number.NaN]) {
      assert.deepEqual(rankingMetrics(['a', 'b'], judged, k), { reciprocalRank: 0, ndcg: 0, recall: 0, precision: 0, hit: 0, averagePrecision: 0 });
    }
  });

  void it('a fractional k is floored', () => {
    assert.deepEqual(rankingMetrics(['x', 'a'], judged, 1.9), rankingMetrics(['x', 'a'], judged, 1));
  });

  void it('no relevant judgments: recall and NDCG are 0, not NaN', () => {
    assert.equal(recallAt(['a'], [], 5), 0);
    assert.equal(ndcgAt(['a'], [], 5), 0);
    assert.equal(recallAt(['a'], j({ a: 0 }), 5), 0);
  });

  void it('a repeated judgment: the first one counts', () => {
    const twice: Judgment[] = [{ id: 'a', grade: 2 }, { id: 'a', grade: 0 }, { id: 'b', grade: 1 }];
    close(recallAt(['a'], twice, 1), 0.5);
    close(ndcgAt(['a', 'b'], twice, 2), 1);
  });

  void it('a perfect ranking scores 1 on NDCG, RR, recall, hit and AP', () => {
    const m = rankingMetrics(['a', 'b'], judged, 2);
    assert.deepEqual(m, { reciprocalRank: 1, ndcg: 1, recall: 1, precision: 1, hit: 1, averagePrecision: 1 });
  });

  void it('does not mutate its inputs', () => {
    const ranked = ['b', 'a', 'b'];
    const js = j({ a: 2, b: 1 });
    const before = JSON.stringify([ranked, js]);
    rankingMetrics(ranked, js, 2);
    assert.equal(JSON.stringify([ranked, js]), before);
  });
});
