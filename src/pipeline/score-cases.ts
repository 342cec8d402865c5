/**
 * Observations + cases -> per-case results. Retrieval metrics are taken from the first
 * repetition (retrieval is deterministic for a deterministic server); an answer case asked
 * several times has every answer judged and scores their mean (answers/score-repeats.ts);
 * latency samples come from every repetition.
 */
import type { AnswerCase, Case, FacetMap, RetrievalCase, TaskCase } from '../model/case.ts';
import { callLatencies, type CaseObservation } from '../model/observation.ts';
import type { CaseMetrics, CaseResult } from '../model/report.ts';
import { dedupeRanking, facetViolations, rankingMetrics, roundsToRightDoc, rPrecision } from '../retrieval/metrics/index.ts';
import { groupBy } from '../shared/group-by.ts';
import { answerPrompt } from '../answers/answer-prompt.ts';
import type { AnswerScoring } from '../answers/score-answer.ts';
import { taskResult } from '../report/task-metrics.ts';
import { loadScoreRepeats } from './lazy.ts';

export interface ScoreOptions {
  /** The primary cutoff (the largest of `cutoffs`): facet precision, short rankings. */
  k: number;
  /** Every cutoff the ranking metrics are computed at (default: [k]). */
  cutoffs?: readonly number[];
  facets: FacetMap;
  /** Absent when the suite has no answer cases (the answer modules are then never loaded). */
  answers?: AnswerScoring;
  /** Called as each answer case is scored: how many of the answer cases are done. */
  onAnswerScored?: (done: number, total: number) => void;
}

function caseMetrics(c: RetrievalCase, first: CaseObservation, rankedIds: string[], options: ScoreOptions): {
  metrics: CaseMetrics;
  forbiddenHits: string[];
  facetUnjudged?: string;
} {
  const at = Object.fromEntries((options.cutoffs ?? [options.k]).map((k) => [String(k), rankingMetrics(rankedIds, c.relevant, k)]));
  const ranking = at[String(options.k)] ?? rankingMetrics(rankedIds, c.relevant, options.k);
  const hits = first.rounds.flatMap((r) => r.hits);
  const facet = facetViolations(hits, options.k, c.forbidden, options.facets);
  const judged = facet.judged && first.status === 'ok';
  return {
    metrics: {
      ...ranking,
      at,
      rPrecision: rPrecision(rankedIds, c.relevant),
      rounds: roundsToRightDoc(first.foundInRound, c.maxRounds),
      facetClean: judged ? facet.violations.length === 0 : null,
    },
    forbiddenHits: judged ? facet.violations : [],
    ...(first.status === 'ok' && facet.unjudged !== undefined ? { facetUnjudged: facet.unjudged } : {}),
  };
}

/**
 * Whether a ranking shorter than k was cut by the case's own settings rather than by the
 * server running out of results: maxRounds ended it with a next page offered, or a page
 * size below k came back full with no way to page further.
 */
function serverHadMore(c: RetrievalCase, first: CaseObservation, k: number): boolean {
  const last = first.rounds.at(-1);
  if (!last) return false;
  return (last.nextCursor !== undefined && last.nextCursor !== null) || (c.limit < k && last.hits.length >= c.limit);
}

/** The fields every kind shares, from the case and its first observation. */
function baseResult(c: Case, ordered: readonly CaseObservation[]): CaseResult {
  const first = ordered[0];
  const retrieval = c.kind === 'retrieval' ? c : undefined;
  const result: CaseResult = {
    id: c.id,
    name: c.name,
    kind: c.kind,
    category: c.category,
    tags: c.tags,
    query: retrieval?.query ?? (c.kind === 'task' ? c.prompt : answerPrompt(c as AnswerCase)),
    filters: retrieval?.filters ?? {},
    relevant: retrieval?.relevant ?? [],
    status: first?.status ?? 'not_run',
    rankedIds: [],
    rounds: first?.rounds ?? [],
    foundInRound: first?.foundInRound ?? null,
    latency: {
      search: ordered.flatMap((o) => callLatencies(o).search),
      fetch: ordered.flatMap((o) => callLatencies(o).fetch),
    },
  };
  if (c.difficulty !== undefined) result.difficulty = c.difficulty;
  if (first?.fetch) result.fetch = first.fetch;
  if (first?.error) result.error = first.error;
  return result;
}

export function scoreRetrievalCase(c: RetrievalCase, ordered: readonly CaseObservation[], options: ScoreOptions): CaseResult {
  const result = baseResult(c, ordered);
  const first = ordered[0];
  if (!first) return result;
  // Errored and not-run cases are scored as an empty ranking: the agent got nothing,
  // and a change that breaks cases must never raise a mean.
  const returned = first.rounds.flatMap((r) => r.hits.map((h) => h.id));
  result.rankedIds = dedupeRanking(returned);
  // An id returned again (within a page or on a later one) counts at its first rank only: say how many were dropped.
  if (returned.length > result.rankedIds.length) result.duplicateIds = returned.length - result.rankedIds.length;
  const { metrics, forbiddenHits, facetUnjudged } = caseMetrics(c, first, result.rankedIds, options);
  if (facetUnjudged !== undefined) result.facetUnjudged = facetUnjudged;
  result.metrics = metrics;
  if (forbiddenHits.length > 0) result.forbiddenHits = forbiddenHits;
  if (first.status === 'ok' && result.rankedIds.length < options.k && serverHadMore(c, first, options.k)) {
    result.shortRanking = { ids: result.rankedIds.length, k: options.k, limit: c.limit, maxRounds: c.maxRounds };
  }
  return result;
}

export async function scoreAnswerCase(c: AnswerCase, ordered: readonly CaseObservation[], options: ScoreOptions): Promise<CaseResult> {
  const result = baseResult(c, ordered);
  result.tool = c.tool;
  if (c.project !== undefined) result.project = c.project;
  result.latency.answer = ordered.flatMap((o) => callLatencies(o).answer);
  // Asked several times: one ask that errored makes the case errored (counted by health), whatever the others said.
  const broken = ordered.length > 1 ? ordered.find((o) => o.status !== 'ok') : undefined;
  if (broken) {
    result.status = broken.status;
    if (broken.error) result.error = { ...broken.error, message: `ask ${broken.repetition + 1} of ${ordered.length}: ${broken.error.message}` };
  }
  if (!options.answers) throw new Error(`answer case ${c.id} scored without answer scoring set up`);
  // Loaded on first use: retrieval-only runs never pay for the evaluator modules.
  const { scoreAnswers } = await loadScoreRepeats();
  const answer = ordered.length > 0 ? await scoreAnswers(c, ordered, options.answers) : undefined;
  if (answer) result.answer = answer;
  return result;
}

/**
 * A task case: its runs on both arms, already judged by their assertions when they ran
 * (the workspace is gone by now). A repetition the server's death left not run makes the
 * case not run, as for an answer case.
 */
export function scoreTaskCase(c: TaskCase, ordered: readonly CaseObservation[]): CaseResult {
  const result = baseResult(c, ordered);
  const broken = ordered.find((o) => o.status !== 'ok');
  if (broken) {
    result.status = broken.status;
    if (broken.error) result.error = ordered.length > 1 ? { ...broken.error, message: `run ${broken.repetition + 1} of ${ordered.length}: ${broken.error.message}` } : broken.error;
  }
  result.latency.agent = ordered.flatMap((o) => callLatencies(o).agent);
  const runs = ordered.flatMap((o) => o.task?.runs ?? []);
  if (runs.length > 0) result.task = taskResult(c.prompt, runs);
  return result;
}

function ordered(observations: readonly CaseObservation[]): CaseObservation[] {
  return [...observations].sort((a, b) => a.repetition - b.repetition);
}

export async function scoreCases(cases: readonly Case[], observations: readonly CaseObservation[], options: ScoreOptions): Promise<CaseResult[]> {
  const byCase = groupBy(observations, (o) => [o.caseId]);
  const results: CaseResult[] = new Array<CaseResult>(cases.length);
  // Answer cases are judged several at a time; the judging session bounds the API calls in flight.
  const width = Math.max(1, options.answers?.session?.settings.concurrency ?? 1);
  const answerCases = cases.filter((c) => c.kind === 'answer').length;
  let next = 0;
  let scored = 0;
  const worker = async (): Promise<void> => {
    while (next < cases.length) {
      const i = next++;
      const c = cases[i]!;
      const mine = ordered(byCase.get(c.id) ?? []);
      if (c.kind === 'retrieval') results[i] = scoreRetrievalCase(c, mine, options);
      else if (c.kind === 'task') results[i] = scoreTaskCase(c, mine);
      else {
        results[i] = await scoreAnswerCase(c, mine, options);
        options.onAnswerScored?.(++scored, answerCases);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, cases.length) }, worker));
  return results;
}
