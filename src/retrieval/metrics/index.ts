/** Pure metric functions: no I/O, no clocks, total on odd input. */
export type { RankingMetrics } from './ranking.ts';
export {
  RELEVANCE_LEVEL,
  averagePrecisionAt,
  rPrecision,
  dedupeRanking,
  gradeMap,
  hitAt,
  ndcgAt,
  normalizeCutoff,
  precisionAt,
  rankingMetrics,
  recallAt,
  reciprocalRankAt,
  topK,
} from './ranking.ts';
export { meanOf } from '../../stats/mean.ts';
export type { FacetCheck } from './facet.ts';
export { facetPrecision, facetViolations } from './facet.ts';
export { percentile, summarizeLatency } from './latency.ts';
export { roundsToRightDoc } from './rounds.ts';
