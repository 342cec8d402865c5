/**
 * Per-query ranking metrics at a cutoff k, following trec_eval's conventions
 * (usnistgov/trec_eval 9.x: form_res_rels.c, m_P.c, m_recall.c, m_success.c,
 * m_recip_rank.c, m_ndcg_cut.c, m_map_cut.c, m_Rprec.c) so a number here can be checked
 * against `trec_eval -c -m P.k -m recall.k -m success.k -m ndcg_cut.k -m map_cut.k -m Rprec`
 * on the same run, and RR@k against `trec_eval -c -M k -m recip_rank` (recip_rank has no
 * cutoff of its own: without -M k it reads the whole run, every page a case fetched).
 *
 * Conventions, in one place:
 * - The ranking is the order given (the server's order); trec_eval re-sorts by score,
 *   we have no scores to trust, so the caller's order is the rank.
 * - Duplicates: first occurrence wins, then cut at k (dedupe THEN cut, so later ids
 *   shift up). trec_eval refuses a run with a duplicate docno outright
 *   ("form_res_qrels: duplicate docs"); deduping first gives exactly what trec_eval
 *   reports on the cleaned run, and a server that repeats a hit gains nothing by it.
 * - Relevant = grade >= 1 (trec_eval's default relevance_level 1). Ids absent from
 *   the judgments are non-relevant (trec_eval's RELVALUE_NONPOOL).
 * - Judgments naming the same id twice: the first one counts (trec_eval refuses
 *   duplicate qrels; the suite loader should never produce them).
 * - k: floored to an integer; k < 1 or NaN yields 0 for every metric (an empty top k
 *   retrieves nothing). k = Infinity means "the whole list" (P@inf is then 0).
 */
import type { Judgment } from '../../model/case.ts';

/** trec_eval's default `-l` relevance_level: grades at or above it count as relevant. */
export const RELEVANCE_LEVEL = 1;

export interface RankingMetrics {
  reciprocalRank: number;
  ndcg: number;
  recall: number;
  precision: number;
  hit: number;
  /** Average precision cut at k (trec_eval map_cut.k): its mean over queries is MAP@k. */
  averagePrecision: number;
}

/** Ids in order of first appearance; later repeats are dropped and the rest shift up. */
export function dedupeRanking(rankedIds: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const id of rankedIds) {
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
  }
  return out;
}

/** The usable cutoff: a whole number >= 0 (0 for k < 1 or NaN), Infinity kept. */
export function normalizeCutoff(k: number): number {
  if (Number.isNaN(k) || k < 1) return 0;
  return Math.floor(k);
}

/** The deduped top k, the list every metric below is computed on. */
export function topK(rankedIds: readonly string[], k: number): string[] {
  const cut = normalizeCutoff(k);
  const unique = dedupeRanking(rankedIds);
  return cut >= unique.length ? unique : unique.slice(0, cut);
}

/** id -> grade, first judgment of an id wins. */
export function gradeMap(judgments: readonly Judgment[]): Map<string, number> {
  const grades = new Map<string, number>();
  for (const j of judgments) {
    if (!grades.has(j.id)) grades.set(j.id, j.grade);
  }
  return grades;
}

function isRelevant(grade: number | undefined): boolean {
  return grade !== undefined && grade >= RELEVANCE_LEVEL;
}

/** How many judged ids are relevant: the recall denominator (trec_eval num_rel). */
function relevantCount(grades: ReadonlyMap<string, number>): number {
  let n = 0;
  for (const g of grades.values()) if (isRelevant(g)) n++;
  return n;
}

function relevantInTop(top: readonly string[], grades: ReadonlyMap<string, number>): number {
  let n = 0;
  for (const id of top) if (isRelevant(grades.get(id))) n++;
  return n;
}

/** RR@k: 1/rank of the first relevant id within the top k, else 0 (ranx `mrr@k`; trec_eval's recip_rank under `-M k`). */
export function reciprocalRankAt(rankedIds: readonly string[], judgments: readonly Judgment[], k: number): number {
  const grades = gradeMap(judgments);
  const top = topK(rankedIds, k);
  const i = top.findIndex((id) => isRelevant(grades.get(id)));
  return i === -1 ? 0 : 1 / (i + 1);
}

/**
 * P@k = relevant in top k / k. Divides by k even when fewer than k ids came back,
 * as trec_eval's P_cut does: returning 2 good hits when 5 were asked for is P@5 = 0.4,
 * so a server cannot raise its precision by returning less.
 */
export function precisionAt(rankedIds: readonly string[], judgments: readonly Judgment[], k: number): number {
  const cut = normalizeCutoff(k);
  if (cut === 0) return 0;
  return relevantInTop(topK(rankedIds, cut), gradeMap(judgments)) / cut;
}

/** Recall@k = relevant in top k / all relevant judged (trec_eval recall_cut); 0 when none are judged relevant. */
export function recallAt(rankedIds: readonly string[], judgments: readonly Judgment[], k: number): number {
  const grades = gradeMap(judgments);
  const total = relevantCount(grades);
  if (total === 0) return 0;
  return relevantInTop(topK(rankedIds, k), grades) / total;
}

/** Hit@k (trec_eval success.k): 1 when any relevant id is in the top k, else 0. */
export function hitAt(rankedIds: readonly string[], judgments: readonly Judgment[], k: number): number {
  return reciprocalRankAt(rankedIds, judgments, k) > 0 ? 1 : 0;
}

/** Gain of a grade: the grade itself (linear), never negative (trec_eval treats < 0 as unjudged). */
function gain(grade: number | undefined): number {
  return grade !== undefined && grade > 0 ? grade : 0;
}

/** Σ_{i=1..n} gains[i-1] / log2(i+1): rank 1 is undiscounted, rank 2 divided by log2 3, ... */
function dcg(gains: readonly number[]): number {
  let sum = 0;
  gains.forEach((g, i) => {
    if (g > 0) sum += g / Math.log2(i + 2);
  });
  return sum;
}

/**
 * NDCG@k as trec_eval's `ndcg_cut.k` (Järvelin & Kekäläinen 2002, trec_eval 9.x
 * m_ndcg_cut.c): DCG@k = Σ_{i=1..k} grade_i / log2(i+1) with LINEAR gains (the grade
 * itself). The ideal DCG ranks ALL judged docs with grade > 0 by grade descending and
 * cuts at k, so relevant docs the server never returned still count against it.
 * NDCG = DCG/IDCG, 0 when IDCG is 0.
 *
 * The exponential gain 2^grade − 1 (Burges et al. 2005; gdeval, ranx `ndcg_burges`)
 * weighs top grades more steeply; we keep linear gains so numbers match trec_eval and
 * ranx's default `ndcg`. For binary judgments the two coincide (2^1 − 1 = 1).
 */
export function ndcgAt(rankedIds: readonly string[], judgments: readonly Judgment[], k: number): number {
  const cut = normalizeCutoff(k);
  if (cut === 0) return 0;
  const grades = gradeMap(judgments);
  const ideal = [...grades.values()].map(gain).filter((g) => g > 0).sort((a, b) => b - a);
  const idcg = dcg(cut >= ideal.length ? ideal : ideal.slice(0, cut));
  if (idcg === 0) return 0;
  return dcg(topK(rankedIds, cut).map((id) => gain(grades.get(id)))) / idcg;
}

/**
 * AP@k as trec_eval's `map_cut.k`: the sum, over the relevant ids within the top k, of
 * the precision at each one's rank, divided by the number of relevant ids JUDGED (not
 * retrieved): a relevant document never returned contributes 0. 0 when none is judged
 * relevant. Cut at k, not over the whole ranking (trec_eval's uncut `map`), because how
 * many ids a run retrieves depends on page sizes, which a comparison must not reward.
 */
export function averagePrecisionAt(rankedIds: readonly string[], judgments: readonly Judgment[], k: number): number {
  const grades = gradeMap(judgments);
  const total = relevantCount(grades);
  if (total === 0) return 0;
  let found = 0;
  let sum = 0;
  topK(rankedIds, k).forEach((id, i) => {
    if (!isRelevant(grades.get(id))) return;
    found++;
    sum += found / (i + 1);
  });
  return sum / total;
}

/**
 * R-precision as trec_eval's `Rprec`: precision at rank R, R = the number of relevant ids
 * judged; relevant ids in the top R of the ranking retrieved, divided by R (ranks past the
 * end of the ranking count as non-relevant). 0 when none is judged relevant.
 */
export function rPrecision(rankedIds: readonly string[], judgments: readonly Judgment[]): number {
  const grades = gradeMap(judgments);
  const total = relevantCount(grades);
  if (total === 0) return 0;
  return relevantInTop(topK(rankedIds, total), grades) / total;
}

/** All ranking metrics of one query at cutoff k. */
export function rankingMetrics(rankedIds: readonly string[], judgments: readonly Judgment[], k: number): RankingMetrics {
  return {
    reciprocalRank: reciprocalRankAt(rankedIds, judgments, k),
    ndcg: ndcgAt(rankedIds, judgments, k),
    recall: recallAt(rankedIds, judgments, k),
    precision: precisionAt(rankedIds, judgments, k),
    hit: hitAt(rankedIds, judgments, k),
    averagePrecision: averagePrecisionAt(rankedIds, judgments, k),
  };
}
