/**
 * Case-level regressions and improvements between two reports: where the first
 * relevant doc moved, NDCG changed, or the case broke or recovered. A change a reader
 * must never miss is marked `flipped`: the case's status, its pass/fail, or its first
 * relevant rank within the top k (so its hit@k) changed. Those are listed right under
 * the delta table whatever the means' statistics say (a 5-case suite can lose a case
 * from rank 1 to not found with no significant change of any mean).
 */
import type { CaseResult } from '../model/report.ts';
import type { CaseChange } from '../model/comparison.ts';

const EPSILON = 1e-9;

export function firstRelevantRank(result: CaseResult): number | null {
  const relevant = new Set(result.relevant.filter((j) => j.grade > 0).map((j) => j.id));
  const index = result.rankedIds.findIndex((id) => relevant.has(id));
  return index === -1 ? null : index + 1;
}

/** A rank compared as a cost: not found is worse than any rank. */
function rankCost(rank: number | null): number {
  return rank ?? Number.POSITIVE_INFINITY;
}

/** Answer cases: passed -> failed is a regression, then any score drop. */
function answerDirection(before: CaseResult, after: CaseResult): 'regressed' | 'improved' | null {
  const passedBefore = before.answer?.passed ?? false;
  const passedAfter = after.answer?.passed ?? false;
  if (passedBefore !== passedAfter) return passedAfter ? 'improved' : 'regressed';
  // A score on one side only (the other not judged: an evaluator failed) is no change either way.
  const scoreBefore = before.answer ? before.answer.score : 0;
  const scoreAfter = after.answer ? after.answer.score : 0;
  if (scoreBefore === null || scoreAfter === null) return null;
  const delta = scoreAfter - scoreBefore;
  if (Math.abs(delta) > EPSILON) return delta > 0 ? 'improved' : 'regressed';
  return null;
}

/** Task cases: a pass rate (over the judged runs) that moved; a side with no judged run is no change either way. */
function taskDirection(before: CaseResult, after: CaseResult): 'regressed' | 'improved' | null {
  const was = before.task?.passRate ?? null;
  const now = after.task?.passRate ?? null;
  if (was === null || now === null || Math.abs(now - was) <= EPSILON) return null;
  return now > was ? 'improved' : 'regressed';
}

function direction(before: CaseResult, after: CaseResult): 'regressed' | 'improved' | null {
  const okBefore = before.status === 'ok';
  const okAfter = after.status === 'ok';
  if (okBefore !== okAfter) return okAfter ? 'improved' : 'regressed';
  if (after.kind === 'answer') return answerDirection(before, after);
  if (after.kind === 'task') return taskDirection(before, after);
  const ndcgDelta = (after.metrics?.ndcg ?? 0) - (before.metrics?.ndcg ?? 0);
  if (Math.abs(ndcgDelta) > EPSILON) return ndcgDelta > 0 ? 'improved' : 'regressed';
  const rankBefore = rankCost(firstRelevantRank(before));
  const rankAfter = rankCost(firstRelevantRank(after));
  if (rankBefore !== rankAfter) return rankAfter < rankBefore ? 'improved' : 'regressed';
  return null;
}

/** The first relevant rank as far as the top k goes: beyond k is "not in the top k", like not found. */
function rankWithin(rank: number | null, k: number): number | null {
  return rank !== null && rank <= k ? rank : null;
}

/** Whether the status, pass/fail, or the first relevant rank within the top k changed. */
function flipped(before: CaseResult, after: CaseResult, k: number): boolean {
  if (before.status !== after.status) return true;
  if (after.kind === 'answer') return (before.answer?.passed ?? false) !== (after.answer?.passed ?? false);
  return rankWithin(firstRelevantRank(before), k) !== rankWithin(firstRelevantRank(after), k);
}

/** `k`: the cutoff the flips are read at (the current run's primary cutoff); default: any rank. */
export function caseChanges(baseline: readonly CaseResult[], current: readonly CaseResult[], k = Number.POSITIVE_INFINITY): CaseChange[] {
  const before = new Map(baseline.map((r) => [r.id, r]));
  const changes: CaseChange[] = [];
  for (const after of current) {
    const was = before.get(after.id);
    if (!was) continue;
    const dir = direction(was, after);
    if (dir === null) continue;
    changes.push({
      id: after.id,
      name: after.name,
      category: after.category,
      direction: dir,
      rankBefore: firstRelevantRank(was),
      rankAfter: firstRelevantRank(after),
      ndcgBefore: was.metrics?.ndcg ?? null,
      ndcgAfter: after.metrics?.ndcg ?? null,
      statusBefore: was.status,
      statusAfter: after.status,
      ...(flipped(was, after, k) ? { flipped: true } : {}),
      ...(after.kind === 'answer'
        ? {
            kind: 'answer' as const,
            passedBefore: was.answer?.passed ?? false,
            passedAfter: after.answer?.passed ?? false,
            scoreBefore: was.answer?.score ?? null,
            scoreAfter: after.answer?.score ?? null,
          }
        : after.kind === 'task'
          ? {
              kind: 'task' as const,
              passedBefore: was.task?.passRate === 1,
              passedAfter: after.task?.passRate === 1,
              scoreBefore: was.task?.passRate ?? null,
              scoreAfter: after.task?.passRate ?? null,
            }
          : {}),
    });
  }
  return changes;
}
