/**
 * report.judging for one report: the judging session's usage since the last report (each
 * arm of an A/B run is scored in turn, so each gets its own), the cases the budget left
 * not judged, and how much repeated judge samples agreed, per criterion. Absent when no
 * network evaluator made or served a call.
 */
import type { CaseResult, JudgingSummary } from '../model/report.ts';
import type { JudgeSession } from '../answers/evaluators/llm/judge-session.ts';
import type { SampleStats } from '../answers/evaluators/samples.ts';
import { budgetStoppedCases } from './health.ts';
import { meanOf } from '../stats/mean.ts';

export function judgingSummary(session: JudgeSession, results: readonly CaseResult[]): JudgingSummary | undefined {
  const summary = session.take(budgetStoppedCases(results));
  const samples = sampleAgreement(results);
  if (summary.rows.length === 0 && !summary.budget?.stopped) return undefined;
  return { ...summary, ...(samples ? { samples } : {}) };
}

function sampleAgreement(results: readonly CaseResult[]): JudgingSummary['samples'] {
  const buckets = new Map<string, SampleStats[]>();
  for (const r of results) {
    for (const e of r.answer?.evaluations ?? []) {
      const stats = e.metadata?.['sampleStats'] as SampleStats | undefined;
      if (e.error !== undefined || stats === undefined) continue;
      const list = buckets.get(e.criterionName) ?? [];
      list.push(stats);
      buckets.set(e.criterionName, list);
    }
  }
  if (buckets.size === 0) return undefined;
  // Every bucket holds at least one case, so its means are numbers.
  return Object.fromEntries(
    [...buckets].map(([name, list]) => [
      name,
      { cases: list.length, samples: Math.max(...list.map((s) => s.n)), meanSd: meanOf(list.map((s) => s.sd))!, meanAgreement: meanOf(list.map((s) => s.agreement))! },
    ]),
  );
}

/** The shards' judging summed (report/merge.ts): usage adds up per evaluator and model; cost stays unknown if any shard's is. */
export function mergeJudging(parts: readonly (JudgingSummary | undefined)[]): JudgingSummary | undefined {
  const present = parts.filter((p): p is JudgingSummary => p !== undefined);
  const first = present[0];
  if (!first) return undefined;
  const rows = new Map<string, JudgingSummary['rows'][number]>();
  for (const row of present.flatMap((p) => p.rows)) {
    const id = `${row.evaluator}\u0000${row.model}`;
    const have = rows.get(id);
    if (!have) rows.set(id, { ...row });
    else addUsage(have, row);
  }
  const totals = { ...first.totals };
  for (const p of present.slice(1)) addUsage(totals, p.totals);
  const budgets = present.flatMap((p) => (p.budget ? [p.budget] : []));
  const budget = budgets[0] ? { ...budgets[0], stopped: budgets.some((b) => b.stopped), notJudged: budgets.flatMap((b) => b.notJudged) } : undefined;
  const samples = mergeSamples(present.map((p) => p.samples));
  const { samples: _samples, budget: _budget, ...rest } = first;
  return { ...rest, rows: [...rows.values()], totals, ...(budget ? { budget } : {}), ...(samples ? { samples } : {}) };
}

type Counted = JudgingSummary['totals'];

/** Adds one usage to another (a row or the totals): counts add up; the cost stays unknown if either is. */
function addUsage(into: Counted, more: Counted): void {
  for (const key of ['calls', 'cacheHits', 'promptTokens', 'completionTokens', 'cachedTokens'] as const) into[key] += more[key];
  into.costUsd = into.costUsd === null || more.costUsd === null ? null : into.costUsd + more.costUsd;
}

/** Repeated judging over shards: case counts add, samples per case is the most any shard took, the mean sd and agreement are weighted by each shard's cases (as one run's means over all its cases). */
function mergeSamples(parts: readonly JudgingSummary['samples'][]): JudgingSummary['samples'] {
  const merged: NonNullable<JudgingSummary['samples']> = {};
  for (const part of parts) {
    for (const [name, s] of Object.entries(part ?? {})) {
      const have = merged[name];
      if (!have) merged[name] = { ...s };
      else {
        const cases = have.cases + s.cases;
        merged[name] = {
          cases,
          samples: Math.max(have.samples, s.samples),
          meanSd: (have.meanSd * have.cases + s.meanSd * s.cases) / cases,
          meanAgreement: (have.meanAgreement * have.cases + s.meanAgreement * s.cases) / cases,
        };
      }
    }
  }
  return Object.keys(merged).length > 0 ? merged : undefined;
}
