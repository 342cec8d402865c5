/**
 * `semantic_similarity` (seed 004 FR2.3): embeddings of the response and the ground truth
 * (one request, both inputs), cosine similarity, score on the `numeric` scale 0..1.
 *
 * Negative cosines are CLAMPED to 0 rather than mapped with (c+1)/2: unrelated texts sit
 * near 0 with current embedding models, and the linear map would put "unrelated" at 0.5 and
 * squeeze every real answer into 0.5..1, which would inflate the weighted aggregate. The raw
 * cosine is kept in metadata. Absolute values depend on the model (some models never go
 * much below 0.7), so compare scores from the same model only.
 *
 * A ground truth may be a string or a list of acceptable answers (the best match counts).
 * Calls go through the run's judging session (cache, concurrency, budget, usage). No
 * `samples` option: embeddings are deterministic, N calls would cost N times for one answer.
 */
import type { EvaluatorFactory } from '../registry.ts';
import type { EvaluationCriteria, EvaluationResult, Evaluator } from '../../../model/evaluation.ts';
import { OpenAiError } from './openai-client.ts';
import { cachedEmbeddings, type EmbeddingsOutcome } from './cached-embeddings.ts';
import { BudgetExhausted } from './judge-session.ts';
import { configuredNames, inlineCriteria } from './criteria-scope.ts';
import { ERROR_SCORE, OptionReader, resolveConnection, skippedEvaluator, type Connection } from './network-config.ts';
import { connect, type NetworkDeps } from './network-deps.ts';

export const SEMANTIC_SIMILARITY_TYPE = 'semantic_similarity';

/** Scored when the config names no criterion. */
export const SEMANTIC_SIMILARITY_CRITERION: EvaluationCriteria = {
  name: 'semantic_similarity',
  description: 'The answer means the same as the reference answer (embedding cosine similarity)',
  scale: 'numeric',
};

export interface SemanticSimilarityOptions {
  connection: Connection;
  criterion: string;
  /** Output dimensions, for models that support shortening (text-embedding-3-*). */
  dimensions?: number;
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** The reference texts, or why there are none (an error result for this case). */
export function references(groundTruth: unknown): string[] | string {
  if (groundTruth === undefined || groundTruth === null) return 'this case has no groundTruth to compare with';
  const list = Array.isArray(groundTruth) ? (groundTruth as unknown[]) : [groundTruth];
  if (!list.every((x): x is string => typeof x === 'string')) return 'groundTruth must be text (or a list of texts)';
  const texts = list.filter((x) => x.trim() !== '');
  return texts.length > 0 ? texts : 'groundTruth is empty';
}

export function createSemanticSimilarity(options: SemanticSimilarityOptions, deps: NetworkDeps = {}): Evaluator {
  const { connection, criterion } = options;
  const { client, session } = connect(connection, deps);
  const result = (fields: Omit<EvaluationResult, 'criterionName' | 'evaluatorType'>): EvaluationResult => ({
    criterionName: criterion,
    evaluatorType: SEMANTIC_SIMILARITY_TYPE,
    ...fields,
  });
  return {
    type: SEMANTIC_SIMILARITY_TYPE,
    async evaluate(input, _criteria, evaluateOptions = {}) {
      const { signal } = evaluateOptions;
      const refs = references(input.groundTruth);
      if (typeof refs === 'string') return [result({ score: ERROR_SCORE, error: `${SEMANTIC_SIMILARITY_TYPE}: ${refs}` })];
      // The API rejects empty input, and an empty answer is simply not similar: no call.
      if (input.response.trim() === '') return [result({ score: 0, reasoning: 'the response is empty', metadata: { model: connection.model, cosine: 0 } })];
      const inputs = [input.response, ...refs];
      let out: EmbeddingsOutcome;
      try {
        out = await cachedEmbeddings(session, SEMANTIC_SIMILARITY_TYPE, client, inputs, { model: connection.model, ...(options.dimensions === undefined ? {} : { dimensions: options.dimensions }), ...(signal ? { signal } : {}) });
      } catch (error) {
        if (error instanceof BudgetExhausted) {
          return [result({ score: ERROR_SCORE, error: `${SEMANTIC_SIMILARITY_TYPE}: not judged (budget): ${error.message}`, metadata: { model: connection.model, budget: true, cause: 'budget' } })];
        }
        if (!(error instanceof OpenAiError)) throw error;
        return [result({ score: ERROR_SCORE, error: `${SEMANTIC_SIMILARITY_TYPE}: ${error.message}`, metadata: { model: connection.model, ms: error.ms, attempts: error.attempts, cause: error.kind === 'timeout' ? 'judge_timeout' : 'evaluator_error' } })];
      }
      const [answer, ...rest] = out.vectors;
      const cosines = rest.map((ref) => cosine(answer ?? [], ref));
      const best = Math.max(...cosines);
      const score = Math.min(1, Math.max(0, best));
      const model = out.model || connection.model;
      // Tokens are counted once per API call by the session (report.judging), not here.
      return [
        result({
          score,
          reasoning: `cosine similarity ${best.toFixed(3)} between the response and ${refs.length === 1 ? 'the ground truth' : `the closest of ${refs.length} ground truths`} (${model})`,
          metadata: {
            model,
            cosine: best,
            ...(cosines.length > 1 ? { cosines } : {}),
            cached: out.cached,
            ...(out.cached ? {} : { ms: out.ms, attempts: out.attempts, ...(out.requestId === undefined ? {} : { callId: out.requestId }) }),
          },
        }),
      ];
    },
  };
}

const SEMANTIC_KEYS = ['dimensions'];

/**
 * The one criterion the score is for. Through the framework `criteria` arrives resolved
 * (from `criterion:`, `criteria:` or the default); called directly, the config's names
 * narrow what it is given.
 */
function scoredCriterion(reader: OptionReader, criteria: readonly EvaluationCriteria[]): EvaluationCriteria {
  const named = [...new Set([...(typeof reader.config.criterion === 'string' ? [reader.config.criterion] : []), ...(configuredNames(reader.config) ?? [])])];
  if (named.length > 1) reader.fail(`scores one criterion; the config names ${named.length} (${named.join(', ')})`);
  const name = named[0];
  if (name === undefined) {
    if (criteria.length === 1 && criteria[0]) return criteria[0];
    return criteria.length === 0 ? SEMANTIC_SIMILARITY_CRITERION : reader.fail(`scores one criterion; name it with criterion: <name>`);
  }
  return criteria.find((c) => c.name === name) ?? inlineCriteria(reader.config).find((c) => c.name === name) ?? { ...SEMANTIC_SIMILARITY_CRITERION, name };
}

export function createSemanticSimilarityFactory(deps: NetworkDeps = {}): EvaluatorFactory {
  return (config, criteria) => {
    const reader = new OptionReader(config, SEMANTIC_KEYS);
    const criterion = scoredCriterion(reader, criteria);
    // Its 0..1 score means something only on the numeric scale; on likert5 it would be renormalised into nonsense.
    if (criterion.scale !== 'numeric') reader.fail(`criterion ${criterion.name} has scale ${criterion.scale}; the similarity is a numeric 0..1 score`);
    const dimensions = reader.number('dimensions', 1, 65_536, true);
    const resolved = resolveConnection(reader, deps.env ?? process.env, { timeoutMs: 30_000 });
    if ('skip' in resolved) return skippedEvaluator(SEMANTIC_SIMILARITY_TYPE, resolved.skip, () => [criterion]);
    return createSemanticSimilarity({ connection: resolved.connection, criterion: criterion.name, ...(dimensions === undefined ? {} : { dimensions }) }, deps);
  };
}

export const semanticSimilarityFactory: EvaluatorFactory = createSemanticSimilarityFactory();
