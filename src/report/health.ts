/**
 * Run health: can this run's numbers be trusted? A benchmark that prints 0.000 for
 * every metric and exits 0 because the server was started in the wrong directory (it
 * answers every search with an empty list) is worse than one that crashes. So every way
 * a run can be broken while looking fine is counted here, by case, with one line per
 * problem saying what happened, how many of how many, and what to check:
 * - retrieval cases whose every search page came back empty;
 * - the server's error replies (isError, or the shape's errorPath), and other errors by kind;
 * - evaluator errors per evaluator (a score off its scale is one: evaluator-failures.ts),
 *   and criteria left unjudged;
 * - answer cases the judging budget left "not judged (budget)" (a warning: the user set the cap);
 * - answer cases whose context (for the grounded metrics) could not be fetched: not judged,
 *   never scored as unfaithful, and not blamed on the judge;
 * - rankings shorter than k because limit < k or maxRounds cut the paging;
 * - task runs that could not be judged, or that a budget stopped (task-health.ts);
 * - results that repeat an id (dropped from the ranking: trec_eval refuses such a run).
 * A problem is `fail` (the run exits 1) or `warn` (shown, the run passes). Pure: the
 * report's cases and the policy in, plain data out.
 */
import type { CaseErrorKind } from '../model/observation.ts';
import type { CaseResult, HealthPolicy, HealthProblem, RunHealth } from '../model/report.ts';
import { isBudgetStop, isSkipped } from '../answers/evaluators/aggregate.ts';
import { firstFew } from '../shared/first-few.ts';
import { offScaleUnjudged } from './evaluator-failures.ts';
import { agentErrors, agentProblems } from './task-health.ts';

export const DEFAULT_HEALTH_POLICY: HealthPolicy = { maxErrors: { count: 0 }, allowEvaluatorErrors: false };

/** Share of empty retrieval cases above which the run warns (every one empty fails it). */
export const EMPTY_WARN_SHARE = 0.5;

const ids = (results: readonly CaseResult[]) => results.map((r) => r.id);

function allowedErrors(policy: HealthPolicy, cases: number): number {
  return 'count' in policy.maxErrors ? policy.maxErrors.count : Math.floor(policy.maxErrors.share * cases);
}

function describeAllowance(policy: HealthPolicy): string {
  return 'count' in policy.maxErrors ? `${policy.maxErrors.count}` : `${Math.round(policy.maxErrors.share * 1000) / 10}%`;
}

function errorsByKind(results: readonly CaseResult[]): RunHealth['errors'] {
  const out: RunHealth['errors'] = {};
  for (const r of results) if (r.error) (out[r.error.kind] ??= []).push(r.id);
  return out;
}

/** Per evaluator type: the cases it failed on, its first message, and whether every failure was a score off its scale. */
type EvaluatorFailures = Record<string, { cases: string[]; message: string; offScaleOnly: boolean }>;

function evaluatorFailures(results: readonly CaseResult[]): EvaluatorFailures {
  const out: EvaluatorFailures = {};
  for (const r of results) {
    const failed = new Map<string, { message: string; offScale: boolean }>();
    for (const e of r.answer?.evaluations ?? []) {
      // A grounded metric without its context is the context fetch's problem (contextProblem), not the judge's.
      if (e.error !== undefined && !isSkipped(e) && !isBudgetStop(e) && e.metadata?.['contextError'] !== true && !failed.has(e.evaluatorType)) failed.set(e.evaluatorType, { message: e.error, offScale: false });
    }
    // A score off its scale leaves the case as unjudged as an error does (evaluator-failures.ts).
    for (const u of offScaleUnjudged(r)) if (!failed.has(u.evaluator || 'criteria')) failed.set(u.evaluator || 'criteria', { message: u.reason, offScale: true });
    for (const [type, { message, offScale }] of failed) {
      const entry = (out[type] ??= { cases: [], message, offScaleOnly: true });
      entry.cases.push(r.id);
      entry.offScaleOnly &&= offScale;
    }
  }
  return out;
}

const errorsOnly = (all: EvaluatorFailures): RunHealth['evaluatorErrors'] => Object.fromEntries(Object.entries(all).map(([type, { cases, message }]) => [type, { cases, message }]));

function unjudgedCriteria(results: readonly CaseResult[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of results) for (const u of r.answer?.unjudged ?? []) out[u.criterion] = (out[u.criterion] ?? 0) + 1;
  return out;
}

/** A few ids, then "+N more". */
const some = (list: readonly string[]): string => firstFew(list, 3);

const KIND_WORDS: Record<CaseErrorKind, [string, string]> = {
  error_reply: ['error reply', 'error replies'],
  call_failed: ['failed call', 'failed calls'],
  timeout: ['timeout', 'timeouts'],
  unparsable: ['unreadable result', 'unreadable results'],
  server_exited: ['server exit', 'server exits'],
  client_closed: ['connection closed by the client', 'connections closed by the client'],
  not_run: ['not run', 'not run'],
};

function errorProblem(results: readonly CaseResult[], errors: RunHealth['errors'], policy: HealthPolicy): HealthProblem | undefined {
  const failed = results.filter((r) => r.status !== 'ok');
  if (failed.length === 0) return undefined;
  const kinds = (Object.keys(errors) as CaseErrorKind[]).map((k) => `${errors[k]!.length} ${KIND_WORDS[k][errors[k]!.length === 1 ? 0 : 1]}`).join(', ');
  let hint = 'see "Misses and errors" (--verbose prints each reason and the server\'s stderr)';
  if (errors.error_reply && errors.error_reply.length === failed.length) {
    hint = `the server answered with an error (e.g. ${errors.error_reply[0]}): check the tool's arguments (search.arguments, the case input) and the server's setup`;
  } else if (errors.unparsable && errors.unparsable.length === failed.length) {
    const first = failed[0]!;
    const began = first.error?.excerpt ? `; it began: ${first.error.excerpt.slice(0, 120)}${first.error.excerpt.length > 120 ? '…' : ''}` : '';
    const said = first.error ? ` (e.g. ${first.id}: ${first.error.message}${began})` : '';
    hint = `the ids could not be read from the results: check where the ids are (search.ids); \`docs-mcp-eval inspect --query "…"\` prints a raw result and the ids each setting extracts${said}`;
  }
  const allowed = allowedErrors(policy, results.length);
  const severity = failed.length > allowed ? 'fail' : 'warn';
  const allowance = severity === 'fail' ? ` (allowed: ${describeAllowance(policy)}, --max-errors)` : ` (within --max-errors ${describeAllowance(policy)})`;
  return { code: 'errors', severity, message: `${failed.length} of ${results.length} cases errored or did not run (${kinds})${allowance}: ${hint}` };
}

function emptyProblem(ran: number, empty: readonly string[]): HealthProblem | undefined {
  if (empty.length === 0 || ran === 0) return undefined;
  const check = "check the server's working directory (server.cwd) and its index, the search tool's arguments (search.arguments) and where the ids are read (search.ids)";
  if (empty.length === ran) {
    return { code: 'all_empty', severity: 'fail', message: `every search came back empty (${ran} of ${ran} retrieval cases): ${check}` };
  }
  if (empty.length / ran > EMPTY_WARN_SHARE) {
    return { code: 'many_empty', severity: 'warn', message: `${empty.length} of ${ran} retrieval cases got no results at all (${some(empty)}): ${check}` };
  }
  return undefined;
}

function evaluatorProblem(all: EvaluatorFailures, answerCases: number, policy: HealthPolicy): HealthProblem | undefined {
  const types = Object.keys(all);
  if (types.length === 0) return undefined;
  const parts = types.map((t) => `${t} failed on ${all[t]!.cases.length} of ${answerCases} answer cases (${all[t]!.message})`);
  const severity = policy.allowEvaluatorErrors ? 'warn' : 'fail';
  // Off-scale scores need another check than an outage: the scale and what the evaluator answers, not its endpoint.
  const check = types.every((t) => all[t]!.offScaleOnly)
    ? "check the criterion's scale against what the evaluator answers (a judge's model or prompt, a custom evaluator's scores)"
    : "check the evaluator's endpoint, key and model";
  const tail = severity === 'fail' ? `; those cases are not judged: ${check}, or pass --allow-evaluator-errors` : '; those cases are not judged (--allow-evaluator-errors)';
  return { code: 'evaluator_errors', severity, message: `${parts.join('; ')}${tail}` };
}

/** Answer cases the judging budget stopped: "not judged (budget)". */
export function budgetStoppedCases(results: readonly CaseResult[]): string[] {
  return ids(results.filter((r) => (r.answer?.evaluations ?? []).some(isBudgetStop)));
}

/** A warning, not a failure: the user set the cap; the cases it left are not judged and the means are over fewer cases. */
function budgetProblem(results: readonly CaseResult[], answerCases: number): HealthProblem | undefined {
  const stopped = budgetStoppedCases(results);
  if (stopped.length === 0) return undefined;
  const why = results.find((r) => r.id === stopped[0])?.answer?.evaluations.find(isBudgetStop)?.error ?? 'the budget is spent';
  return {
    code: 'judging_budget',
    severity: 'warn',
    message: `${stopped.length} of ${answerCases} answer cases not judged (budget) (${some(stopped)}): ${why.replace(/^[a-z_]+: not judged \(budget\): /, '')}; raise judging.budget, or keep the call cache (.docs-mcp-eval/cache) so a re-run pays only for what changed`,
  };
}

/** Answer cases whose `context` could not be fetched, by case id, with why. */
function contextErrors(results: readonly CaseResult[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of results) {
    const error = r.answer?.context?.error;
    if (error) out[r.id] = error.message;
  }
  return out;
}

function contextProblem(all: Record<string, string>, answerCases: number, policy: HealthPolicy): HealthProblem | undefined {
  const ids = Object.keys(all);
  if (ids.length === 0) return undefined;
  const first = ids[0]!;
  const severity = policy.allowEvaluatorErrors ? 'warn' : 'fail';
  const tail = severity === 'fail' ? '; or pass --allow-evaluator-errors' : ' (--allow-evaluator-errors)';
  return {
    code: 'context_errors',
    severity,
    message: `${ids.length} of ${answerCases} answer cases got no context for the grounded metrics (${some(ids)}; ${first}: ${all[first]}): their faithfulness and context scores are not judged; check the search and fetch tools (search.arguments, fetch) and what the answers cite, or list the documents under the case's context${tail}`,
  };
}

function shortProblem(results: readonly CaseResult[], short: readonly string[], k: number): HealthProblem | undefined {
  if (short.length === 0) return undefined;
  const first = results.find((r) => r.id === short[0])?.shortRanking;
  const why = first ? ` (e.g. ${short[0]}: ${first.ids} ids, limit ${first.limit} × maxRounds ${first.maxRounds})` : '';
  return {
    code: 'short_rankings',
    severity: 'warn',
    message: `${short.length} case(s) ranked fewer than k=${k} ids although the server had more${why}: @${k} metrics count the missing ranks as misses; raise limit or maxRounds`,
  };
}

/** Cases whose result repeated ids, with how many were dropped. */
function duplicateIds(results: readonly CaseResult[]): Record<string, number> {
  return Object.fromEntries(results.flatMap((r) => (r.duplicateIds ? [[r.id, r.duplicateIds]] : [])));
}

function duplicateProblem(all: Record<string, number>): HealthProblem | undefined {
  const ids = Object.keys(all);
  if (ids.length === 0) return undefined;
  const dropped = Object.values(all).reduce((sum, n) => sum + n, 0);
  const first = ids[0]!;
  return {
    code: 'duplicate_ids',
    severity: 'warn',
    message: `${ids.length} case(s) got the same id more than once in their results (${dropped} repeat(s) dropped; e.g. ${first}: ${all[first]}): each id counts at its first rank (trec_eval refuses such a run); check the server's ranking and its paging (a page that repeats the previous one)`,
  };
}

export function assessHealth(results: readonly CaseResult[], k: number, policy: HealthPolicy = DEFAULT_HEALTH_POLICY): RunHealth {
  const retrieval = results.filter((r) => r.kind === 'retrieval' && r.status === 'ok');
  const empty = ids(retrieval.filter((r) => r.rankedIds.length === 0));
  const errors = errorsByKind(results);
  const evaluators = evaluatorFailures(results);
  const shortRankings = ids(results.filter((r) => r.shortRanking !== undefined));
  const answerCases = results.filter((r) => r.kind === 'answer').length;
  const contexts = contextErrors(results);
  const agents = agentErrors(results);
  const duplicates = duplicateIds(results);
  const problems = [
    emptyProblem(retrieval.length, empty),
    errorProblem(results, errors, policy),
    evaluatorProblem(evaluators, answerCases, policy),
    budgetProblem(results, answerCases),
    contextProblem(contexts, answerCases, policy),
    shortProblem(results, shortRankings, k),
    ...agentProblems(results, agents, policy),
    duplicateProblem(duplicates),
  ].filter((p) => p !== undefined);
  const status = problems.some((p) => p.severity === 'fail') ? 'fail' : problems.length > 0 ? 'warn' : 'ok';
  return { status, retrieval: { ran: retrieval.length, empty }, errors, evaluatorErrors: errorsOnly(evaluators), unjudgedCriteria: unjudgedCriteria(results), ...(Object.keys(contexts).length > 0 ? { contextErrors: contexts } : {}), shortRankings, ...(Object.keys(duplicates).length > 0 ? { duplicateIds: duplicates } : {}), ...(Object.keys(agents).length > 0 ? { agentErrors: agents } : {}), problems, policy };
}
