/**
 * One case's part in one quality mean: its value, or why it is left out. The summary's
 * means and counts (summarize.ts) and the paired comparison (compare/samples.ts) both read
 * it, so "the mean" and "the cases behind the mean" can never disagree.
 *
 * Conventions:
 * - A case that never ran (--fail-fast, a server that died or hung) is left out of every
 *   mean as `not_run`: there is no measurement to average. The run's health counts it
 *   (it fails the run beyond --max-errors) and no gate is judged on the partial mean.
 * - A case that ran and errored is measured: an empty ranking (retrieval scores 0, as
 *   trec_eval -c scores a query with no results) and an answer that never came (answer
 *   score 0, failed), so a change that breaks cases never raises a mean. Its criteria
 *   and confidence have nothing to read: `no_answer`.
 * - An answer case not judged (an evaluator failed, the budget, ...) is left out of the
 *   answer score and the criteria it lacks, with the cause its evaluator gave.
 */
import { metricsAt, type CaseResult, type MissingCause } from '../model/report.ts';
import { taskValue } from './task-metrics.ts';

/** The value the case adds to the mean, or why it is left out; undefined when the metric is not about this kind of case. */
export type CaseOutcome = { value: number } | { missing: MissingCause } | undefined;

const value = (v: number | undefined): CaseOutcome => (v === undefined ? undefined : { value: v });

function retrievalOutcome(r: CaseResult, name: string, cutoff: number | undefined): CaseOutcome {
  if (r.status === 'not_run') return { missing: 'not_run' };
  const m = r.metrics;
  if (!m) return undefined;
  const cut = cutoff === undefined ? undefined : metricsAt(m, cutoff);
  switch (name) {
    case 'mrr':
      return value(cut?.reciprocalRank);
    case 'ndcg':
      return value(cut?.ndcg);
    case 'map':
      return cut ? { value: cut.averagePrecision ?? 0 } : undefined;
    case 'recall':
      return value(cut?.recall);
    case 'precision':
      return value(cut?.precision);
    case 'hit':
      return value(cut?.hit);
    case 'rprec':
      return { value: m.rPrecision ?? 0 };
    case 'facet.precision':
      return m.facetClean === null || m.facetClean === undefined ? { missing: 'not_applicable' } : { value: m.facetClean ? 1 : 0 };
    case 'rounds.mean':
      return { value: m.rounds };
    default:
      return undefined;
  }
}

/** Why an answer case has no score for `criterion` (or for the whole case when undefined). */
function unjudgedCause(r: CaseResult, criterion?: string): MissingCause {
  const unjudged = r.answer?.unjudged ?? [];
  const entry = criterion === undefined ? unjudged[0] : unjudged.find((u) => u.criterion === criterion);
  return entry ? (entry.cause ?? 'evaluator_error') : 'not_applicable';
}

function answerOutcome(r: CaseResult, name: string): CaseOutcome {
  if (r.status === 'not_run') return { missing: 'not_run' };
  const answer = r.answer;
  switch (name) {
    // A case asked N times counts the share of its answers that passed; an errored case fails.
    case 'answer.pass_rate':
      return { value: answer?.repeats?.passRate ?? (answer?.passed ? 1 : 0) };
    // An answer that never came scores 0; one we could not judge is left out.
    case 'answer.score':
      if (!answer) return { value: 0 };
      return answer.score === null ? { missing: unjudgedCause(r) } : { value: answer.score };
    case 'answer.confidence':
      if (!answer) return { missing: 'no_answer' };
      return answer.confidence === undefined ? { missing: 'not_reported' } : { value: answer.confidence };
    default: {
      if (!name.startsWith('criterion.')) return undefined;
      if (!answer) return { missing: 'no_answer' };
      const criterion = name.slice('criterion.'.length);
      const v = answer.criteria[criterion];
      return typeof v === 'number' ? { value: v } : { missing: unjudgedCause(r, criterion) };
    }
  }
}

/** A task case's part in a `task.*` mean (task-metrics.ts holds what each one reads). */
function taskOutcome(r: CaseResult, id: string): CaseOutcome {
  if (!id.startsWith('task.')) return undefined;
  if (r.status === 'not_run') return { missing: 'not_run' };
  const v = taskValue(r, id);
  return v === undefined ? { missing: 'not_applicable' } : { value: v };
}

/** The case's outcome for metric `id` (`mrr@5`, `answer.score`, `criterion.helpfulness`, ...). */
export function caseOutcome(r: CaseResult, id: string): CaseOutcome {
  const at = id.indexOf('@');
  const name = at === -1 ? id : id.slice(0, at);
  if (r.kind === 'retrieval') return retrievalOutcome(r, name, at === -1 ? undefined : Number(id.slice(at + 1)));
  if (r.kind === 'task') return taskOutcome(r, id);
  return answerOutcome(r, name);
}

/** The value the case adds to metric `id`'s mean, or undefined when it adds none. */
export function caseValue(r: CaseResult, id: string): number | undefined {
  const outcome = caseOutcome(r, id);
  return outcome && 'value' in outcome ? outcome.value : undefined;
}
