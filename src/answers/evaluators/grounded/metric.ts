/**
 * What the four grounded metrics share: the dataset options (a connection, as llm_judge's,
 * plus `temperature` and each metric's own), the one numeric criterion each scores, the
 * inputs each needs (the case's context, its reference answer), and the result: a 0..1
 * score with the claims/verdicts in metadata, an error result (not judged) when the judge
 * fails or an input is missing, or `n/a` when there is nothing to judge.
 *
 * A missing context is never scored 0: the error result carries `metadata.contextError`,
 * so run health reports the context fetch (report/health.ts) rather than a judge outage.
 */
import type { EvaluatorFactory } from '../registry.ts';
import type { EvaluationCriteria, EvaluationInput, EvaluationResult, Evaluator } from '../../../model/evaluation.ts';
import { NOT_APPLICABLE } from '../builtin/shared.ts';
import { configuredNames, inlineCriteria } from '../llm/criteria-scope.ts';
import { connect, type NetworkDeps } from '../llm/network-deps.ts';
import type { JudgeSession } from '../llm/judge-session.ts';
import { ERROR_SCORE, OptionReader, resolveConnection, skippedEvaluator, type Connection } from '../llm/network-config.ts';
import type { OpenAiClient } from '../llm/openai-client.ts';
import type { ContextDocument, GroundingContext } from '../../../model/observation.ts';
import { newUsage, type Usage } from './judge-call.ts';

export interface MetricRun {
  input: EvaluationInput;
  /** The case's question (the judge prompt's QUESTION). */
  question: string;
  /** Present when the metric needs a context (checked before score() runs). */
  documents: ContextDocument[];
  /** Present when the metric needs a reference (checked before score() runs). */
  reference: string;
  client: OpenAiClient;
  /** The run's judging session (cache, concurrency, budget, usage). */
  session: JudgeSession;
  /** The metric's type, under which the session counts its calls. */
  evaluator: string;
  connection: Connection;
  temperature: number | null;
  usage: Usage;
  signal: AbortSignal | undefined;
}

export type MetricOutcome =
  | { score: number; reasoning: string; details: Record<string, unknown> }
  | { notApplicable: string; details: Record<string, unknown> }
  | { error: string; details?: Record<string, unknown> };

export interface GroundedMetric<O> {
  type: string;
  criterion: EvaluationCriteria;
  needs: { context: boolean; reference: boolean };
  /** Options of this metric besides the connection and `temperature`. */
  keys: readonly string[];
  /** Reads them (reader.fail on a bad value). */
  options(reader: OptionReader): O;
  score(run: MetricRun, options: O): Promise<MetricOutcome>;
}

/** The case's grounding context, from the answer observation (score-answer.ts puts it in input.context). */
export function groundingOf(input: EvaluationInput): GroundingContext | undefined {
  const value = input.context?.['grounding'];
  return typeof value === 'object' && value !== null && Array.isArray((value as GroundingContext).documents) ? (value as GroundingContext) : undefined;
}

/** The reference answer's text, when the case has one. */
function referenceOf(input: EvaluationInput): string | undefined {
  const truth = input.groundTruth;
  if (typeof truth === 'string' && truth.trim() !== '') return truth;
  if (Array.isArray(truth) && typeof truth[0] === 'string' && truth[0].trim() !== '') return truth[0];
  return undefined;
}

/** Why the metric cannot run on this case (an error result), or its inputs. */
function inputsOf(metric: GroundedMetric<unknown>, input: EvaluationInput): { documents: ContextDocument[]; reference: string } | { missing: string; contextError: boolean } {
  let documents: ContextDocument[] = [];
  if (metric.needs.context) {
    const grounding = groundingOf(input);
    if (grounding === undefined) return { missing: 'the case has no context to judge against: set `context: search`, `context: citations` or list the documents under `context`', contextError: false };
    if (grounding.error !== undefined) return { missing: `no context (${grounding.source}): ${grounding.error.message}`, contextError: true };
    documents = grounding.documents;
  }
  const reference = referenceOf(input);
  if (metric.needs.reference && reference === undefined) return { missing: 'the case has no groundTruth (a reference answer) to judge against', contextError: false };
  return { documents, reference: reference ?? '' };
}

function scoredCriterion(reader: OptionReader, metric: GroundedMetric<unknown>, criteria: readonly EvaluationCriteria[]): EvaluationCriteria {
  const named = [...new Set([...(typeof reader.config.criterion === 'string' ? [reader.config.criterion] : []), ...(configuredNames(reader.config) ?? [])])];
  if (named.length > 1) reader.fail(`scores one criterion; the config names ${named.length} (${named.join(', ')})`);
  const name = named[0];
  let criterion: EvaluationCriteria;
  if (name === undefined) {
    if (criteria.length > 1) reader.fail('scores one criterion; name it with criterion: <name>');
    criterion = criteria[0] ?? metric.criterion;
  } else {
    criterion = criteria.find((c) => c.name === name) ?? inlineCriteria(reader.config).find((c) => c.name === name) ?? { ...metric.criterion, name };
  }
  if (criterion.scale !== 'numeric') reader.fail(`criterion ${criterion.name} has scale ${criterion.scale}; ${metric.type} is a numeric 0..1 score`);
  return criterion;
}

export function createGroundedFactory<O>(metric: GroundedMetric<O>, deps: NetworkDeps = {}): EvaluatorFactory {
  return (config, criteria) => {
    const reader = new OptionReader(config, ['temperature', ...metric.keys]);
    const criterion = scoredCriterion(reader, metric, criteria);
    const temperature = config['temperature'] === null ? null : (reader.number('temperature', 0, 2) ?? 0);
    const options = metric.options(reader);
    const resolved = resolveConnection(reader, deps.env ?? process.env, { timeoutMs: 60_000 });
    if ('skip' in resolved) return skippedEvaluator(metric.type, resolved.skip, () => [criterion]);
    const { connection } = resolved;
    const { client, session } = connect(connection, deps);
    return groundedEvaluator(metric, options, criterion, { client, session, evaluator: metric.type, connection, temperature });
  };
}

function groundedEvaluator<O>(metric: GroundedMetric<O>, options: O, criterion: EvaluationCriteria, judge: { client: OpenAiClient; session: JudgeSession; evaluator: string; connection: Connection; temperature: number | null }): Evaluator {
  const result = (fields: Omit<EvaluationResult, 'criterionName' | 'evaluatorType'>): EvaluationResult => ({ criterionName: criterion.name, evaluatorType: metric.type, ...fields });
  return {
    type: metric.type,
    async evaluate(input, _criteria, evaluateOptions = {}) {
      const inputs = inputsOf(metric, input);
      if ('missing' in inputs) {
        return [result({ score: ERROR_SCORE, error: `${metric.type}: ${inputs.missing}`, ...(inputs.contextError ? { metadata: { contextError: true, cause: 'no_context' } } : {}) })];
      }
      const started = performance.now();
      const usage = newUsage(judge.connection.model);
      const outcome = await metric.score({ input, question: input.prompt ?? '', ...inputs, ...judge, usage, signal: evaluateOptions.signal }, options);
      const { callId, failure, ...rest } = usage;
      const metadata = { ...rest, ...(callId === undefined ? {} : { callId }), ms: Math.round(performance.now() - started), ...('details' in outcome ? outcome.details : {}) };
      if ('error' in outcome) {
        // Why it is not judged, for the counts: a judge call's failure, else the metric's own (an evaluator error).
        const cause = { ...(failure === 'budget' ? { budget: true } : {}), cause: failure ?? 'evaluator_error' };
        return [result({ score: ERROR_SCORE, error: `${metric.type}: ${outcome.error}`, metadata: { ...metadata, ...cause } })];
      }
      if ('notApplicable' in outcome) return [result({ score: NOT_APPLICABLE, reasoning: outcome.notApplicable, metadata: { ...metadata, skipped: true } })];
      return [result({ score: outcome.score, reasoning: outcome.reasoning, metadata })];
    },
  };
}

/** A claim or statement, quoted short for a reasoning line. */
export function quoted(text: string, max = 120): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max - 1)}…` : text);
}

/** The documents as one CONTEXT block, numbered so verdicts can name them. */
export function contextBlock(documents: readonly ContextDocument[]): string {
  return documents.map((d, i) => `[${i + 1}]${d.id === undefined ? '' : ` ${d.id}`}\n${d.text}`).join('\n\n');
}
