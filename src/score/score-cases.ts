/**
 * Observations + cases -> per-case results. Ranking metrics are taken from the first
 * repetition (retrieval is deterministic for a deterministic server); latency samples
 * from every repetition.
 */
import type { Case, FacetMap } from '../suite/case.ts';
import type { CaseObservation } from '../run/observation.ts';
import type { CaseMetrics, CaseResult } from '../report/types.ts';
import { dedupeRanking, facetViolations, rankingMetrics, roundsToRightDoc } from './metrics/index.ts';

export interface ScoreOptions {
  k: number;
  facets: FacetMap;
}

function caseMetrics(c: Case, first: CaseObservation, rankedIds: string[], options: ScoreOptions): {
  metrics: CaseMetrics;
  forbiddenHits: string[];
} {
  const ranking = rankingMetrics(rankedIds, c.relevant, options.k);
  const hits = first.rounds.flatMap((r) => r.hits);
  const facet = facetViolations(hits, options.k, c.forbidden, options.facets);
  const judged = facet.judged && first.status === 'ok';
  return {
    metrics: {
      ...ranking,
      rounds: roundsToRightDoc(first.foundInRound, c.maxRounds),
      facetClean: judged ? facet.violations.length === 0 : null,
    },
    forbiddenHits: judged ? facet.violations : [],
  };
}

export function scoreCase(c: Case, observations: readonly CaseObservation[], options: ScoreOptions): CaseResult {
  const ordered = [...observations].sort((a, b) => a.repetition - b.repetition);
  const first = ordered[0];
  const result: CaseResult = {
    id: c.id,
    name: c.name,
    kind: c.kind,
    category: c.category,
    tags: c.tags,
    query: c.query,
    filters: c.filters,
    relevant: c.relevant,
    status: first?.status ?? 'not_run',
    rankedIds: [],
    rounds: first?.rounds ?? [],
    foundInRound: first?.foundInRound ?? null,
    latency: {
      search: ordered.flatMap((o) => o.rounds.map((r) => r.ms)),
      fetch: ordered.flatMap((o) => (o.fetch?.ok ? [o.fetch.ms] : [])),
    },
  };
  if (c.difficulty !== undefined) result.difficulty = c.difficulty;
  if (!first) return result;
  if (first.fetch) result.fetch = first.fetch;
  if (first.error) result.error = first.error;
  // Errored and not-run cases are scored as an empty ranking: the agent got nothing,
  // and a change that breaks cases must never raise a mean.
  result.rankedIds = dedupeRanking(first.rounds.flatMap((r) => r.hits.map((h) => h.id)));
  const { metrics, forbiddenHits } = caseMetrics(c, first, result.rankedIds, options);
  result.metrics = metrics;
  if (forbiddenHits.length > 0) result.forbiddenHits = forbiddenHits;
  return result;
}

export function scoreCases(
  cases: readonly Case[],
  observations: readonly CaseObservation[],
  options: ScoreOptions,
): CaseResult[] {
  const byCase = new Map<string, CaseObservation[]>();
  for (const o of observations) byCase.set(o.caseId, [...(byCase.get(o.caseId) ?? []), o]);
  return cases.map((c) => scoreCase(c, byCase.get(c.id) ?? [], options));
}
