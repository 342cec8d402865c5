/**
 * The evaluation runner (seed 004's runEvaluation): build the configured evaluators, run
 * them concurrently, normalise and aggregate. One evaluator's failure (a throw, a
 * rejection, a malformed or misaddressed result) becomes `error` results on its own
 * criteria and never costs the others theirs. A bad config is different: it throws
 * EvaluatorConfigError before anything runs, as validateEvaluatorConfigs reports it.
 */
import { aggregateCase } from './aggregate.ts';
import { planEvaluation, type PlannedEvaluator } from './plan.ts';
import { createRegistry, type EvaluatorRegistry } from './registry.ts';
import type {
  AggregatedEvaluationResult,
  EvaluationCriteria,
  EvaluationInput,
  EvaluationResult,
  EvaluationStorageProvider,
  EvaluatorConfig,
} from '../../model/evaluation.ts';

export { aggregateRun } from './aggregate.ts';
export { validateEvaluatorConfigs } from './plan.ts';

export interface EvaluationRunConfig {
  evaluators: EvaluatorConfig[];
  criteria: EvaluationCriteria[];
  /** Default: a registry with the built-ins, resolving custom modules from the working directory. */
  registry?: EvaluatorRegistry;
  storage?: EvaluationStorageProvider;
  /** Aborting rejects the run with the signal's reason; evaluators get the signal too. */
  signal?: AbortSignal;
}

export class EvaluatorConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`invalid evaluator configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'EvaluatorConfigError';
    this.problems = problems;
  }
}

/** What an error result carries as its score; never counted (see aggregate.ts). */
const ERROR_SCORE = 'error';

let defaultRegistry: EvaluatorRegistry | undefined;

export async function runEvaluation(input: EvaluationInput, config: EvaluationRunConfig): Promise<AggregatedEvaluationResult> {
  const { signal } = config;
  signal?.throwIfAborted();
  const started = performance.now();
  const registry = config.registry ?? (defaultRegistry ??= createRegistry());
  // The run config's criteria win; the input's fill in names the config lacks.
  const criteria = [...config.criteria, ...input.criteria.filter((c) => !config.criteria.some((k) => k.name === c.name))];
  const plan = planEvaluation(config.evaluators, criteria, registry);
  if (plan.problems.length > 0) throw new EvaluatorConfigError(plan.problems);

  const runs = await Promise.all(plan.evaluators.map((planned) => runOne(planned, input, signal)));
  signal?.throwIfAborted();
  const results = runs.flatMap((r) => r.results);
  const { normalized, overallScore, unjudged } = aggregateCase(results, plan.criteria);
  const metadata: Record<string, unknown> = {
    // The case's identity (caseId, ...), so a stored result can be traced back.
    ...(input.metadata !== undefined ? { input: input.metadata } : {}),
    durationMs: performance.now() - started,
    evaluators: runs.map((r) => ({ type: r.type, criteria: r.criteria, ms: r.ms, failed: r.failed })),
  };
  const aggregated: AggregatedEvaluationResult = {
    ...(overallScore !== undefined ? { overallScore } : {}),
    ...(unjudged !== undefined ? { unjudged } : {}),
    results,
    normalized,
    timestamp: Date.now(),
    inputSnapshot: input,
    evaluationConfigSnapshot: {
      evaluatorTypes: plan.evaluators.map((p) => p.config.type),
      criteriaNames: plan.criteria.map((c) => c.name),
      storageProviderType: config.storage ? (config.storage.type ?? config.storage.constructor.name) : 'none',
      metadataKeys: Object.keys(input.metadata ?? {}),
    },
    metadata,
  };
  if (config.storage) {
    try {
      await config.storage.saveResult(aggregated);
    } catch (error) {
      // Losing the log line must not lose the case's score.
      metadata.storageError = messageOf(error);
    }
  }
  return aggregated;
}

interface EvaluatorRun {
  type: string;
  criteria: string[];
  results: EvaluationResult[];
  ms: number;
  failed: boolean;
}

async function runOne(planned: PlannedEvaluator, input: EvaluationInput, signal: AbortSignal | undefined): Promise<EvaluatorRun> {
  const { evaluator, criteria } = planned;
  const type = planned.config.type;
  const names = criteria.map((c) => c.name);
  const started = performance.now();
  let results: EvaluationResult[];
  let failed = false;
  try {
    // Promise.resolve: a custom evaluator written in plain JS may return its array directly.
    const work = Promise.resolve(evaluator.evaluate(input, criteria, signal ? { signal } : {}));
    const raw: unknown = await untilAborted(work, signal);
    results = checkResults(raw, evaluator.type || type, names);
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    failed = true;
    results = names.map((name) => errorResult(name, evaluator.type || type, `${type} evaluator failed: ${messageOf(error)}`));
  }
  return { type, criteria: names, results, ms: performance.now() - started, failed };
}

/**
 * Keeps what an evaluator got right: results for its criteria with a usable score. A
 * result for a criterion it was not given, or with a score that is not a number, boolean
 * or string, becomes an error result; a criterion it left without a result gets one too.
 */
export function checkResults(raw: unknown, evaluatorType: string, criteria: readonly string[]): EvaluationResult[] {
  if (!Array.isArray(raw)) {
    return criteria.map((name) => errorResult(name, evaluatorType, `evaluate() returned ${describe(raw)}, not a list of results`));
  }
  const results: EvaluationResult[] = [];
  for (const item of raw as unknown[]) {
    if (typeof item !== 'object' || item === null || typeof (item as { criterionName?: unknown }).criterionName !== 'string') continue;
    const result = item as EvaluationResult;
    const type = typeof result.evaluatorType === 'string' && result.evaluatorType !== '' ? result.evaluatorType : evaluatorType;
    if (!criteria.includes(result.criterionName)) {
      results.push({ ...errorResult(result.criterionName, type, `not a criterion this evaluator was given (${criteria.join(', ')})`), metadata: { score: result.score } });
    } else if (!isScore(result.score)) {
      results.push(errorResult(result.criterionName, type, `score must be a number, boolean or string; got ${describe(result.score)}`));
    } else {
      results.push({ ...result, evaluatorType: type });
    }
  }
  for (const name of criteria) {
    if (!results.some((r) => r.criterionName === name)) results.push(errorResult(name, evaluatorType, 'the evaluator returned no result for this criterion'));
  }
  return results;
}

function isScore(score: unknown): score is EvaluationResult['score'] {
  return typeof score === 'boolean' || typeof score === 'string' || (typeof score === 'number' && !Number.isNaN(score));
}

function errorResult(criterionName: string, evaluatorType: string, error: string): EvaluationResult {
  return { criterionName, evaluatorType, score: ERROR_SCORE, error };
}

/** Rejects with the signal's reason as soon as it aborts, whether or not the evaluator listens. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    void work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}
