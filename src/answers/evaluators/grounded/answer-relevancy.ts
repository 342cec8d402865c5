/**
 * `answer_relevancy` (ragas): does the answer address the question asked? The judge
 * writes `strictness` questions (default 3) the ANSWER would be the answer to, and says
 * whether the answer is noncommittal (evasive, "I don't know"); the question and the
 * generated questions are embedded (one embeddings request) and the score is the mean
 * cosine between the question and each generated one, 0 for a noncommittal answer.
 *
 * Where it differs from ragas: the questions come from one call asking for N different
 * questions (ragas samples N calls), so a run is repeatable at temperature 0 and a
 * content-addressed cache of judge calls keeps the N questions distinct; a negative mean
 * cosine is clamped to 0 (the raw mean is kept in metadata.cosine), as semantic_similarity does.
 */
import type { OptionReader } from '../llm/network-config.ts';
import { OpenAiError } from '../llm/openai-client.ts';
import { BudgetExhausted } from '../llm/judge-session.ts';
import { cachedEmbeddings } from '../llm/cached-embeddings.ts';
import { askJudge, countCall, isRecord, listOf, noteFailure } from './judge-call.ts';
import type { GroundedMetric, MetricOutcome, MetricRun } from './metric.ts';
import { questionCosines } from './scores.ts';

export const ANSWER_RELEVANCY_TYPE = 'answer_relevancy';

export interface AnswerRelevancyOptions {
  embeddingModel: string;
  strictness: number;
  dimensions?: number;
}

const instructions = (n: number) =>
  [
    `You reverse-engineer questions from an answer given by a documentation assistant. Write ${n} different question${n === 1 ? '' : 's'} that the ANSWER answers, each as a user would ask it.`,
    'Also say whether the ANSWER is noncommittal: evasive, vague or ambiguous (for example "I don\'t know" or "I\'m not sure"), rather than answering.',
  ].join('\n');

const SCHEMA = {
  type: 'object',
  properties: { questions: { type: 'array', items: { type: 'string' } }, noncommittal: { type: 'boolean' } },
  required: ['questions', 'noncommittal'],
  additionalProperties: false,
};

async function score(run: MetricRun, options: AnswerRelevancyOptions): Promise<MetricOutcome> {
  const answer = run.input.response;
  // The embeddings API rejects empty input; an empty answer addresses nothing.
  if (answer.trim() === '') return { score: 0, reasoning: 'the answer is empty', details: { questions: [], noncommittal: true } };
  if (run.question.trim() === '') return { error: 'the case has no question to compare with' };
  const generated = await askJudge(
    run,
    run.connection,
    run.temperature,
    {
      instructions: instructions(options.strictness),
      blocks: [['ANSWER', answer]],
      schemaName: 'generated_questions',
      schema: SCHEMA,
      check: (data) => {
        const list = listOf(data, 'questions');
        if (list === undefined || !isRecord(data) || typeof data['noncommittal'] !== 'boolean') return 'the answer does not match the schema';
        const questions = list.filter((q): q is string => typeof q === 'string' && q.trim() !== '').slice(0, options.strictness);
        return questions.length === 0 ? 'the answer holds no question' : { questions, noncommittal: data['noncommittal'] };
      },
    },
    run.usage,
    run.signal,
  );
  if (!generated.ok) return { error: `generating questions from the answer: ${generated.error}` };
  const { questions, noncommittal } = generated.value;
  let vectors: number[][];
  const inputs = [run.question, ...questions];
  try {
    const out = await cachedEmbeddings(run.session, run.evaluator, run.client, inputs, {
      model: options.embeddingModel,
      maxAttempts: run.connection.maxAttempts,
      ...(options.dimensions === undefined ? {} : { dimensions: options.dimensions }),
      ...(run.signal ? { signal: run.signal } : {}),
    });
    vectors = out.vectors;
    if (out.cached) run.usage.cached = (run.usage.cached ?? 0) + 1;
    else {
      countCall(run.usage, out.usage);
      run.usage.attempts += out.attempts;
    }
  } catch (error) {
    if (error instanceof BudgetExhausted) {
      noteFailure(run.usage, 'budget');
      return { error: `not judged (budget): ${error.message}`, details: { questions, noncommittal } };
    }
    if (!(error instanceof OpenAiError)) throw error;
    run.usage.attempts += error.attempts;
    noteFailure(run.usage, error.kind === 'timeout' ? 'judge_timeout' : 'evaluator_error');
    return { error: `embedding the questions: ${error.message}`, details: { questions, noncommittal } };
  }
  const [original = [], ...rest] = vectors;
  const { cosines, mean } = questionCosines(original, rest);
  const details = { questions, noncommittal, cosines, cosine: mean, embeddingModel: options.embeddingModel };
  if (noncommittal) return { score: 0, reasoning: `the answer is noncommittal (mean cosine of the ${questions.length} generated questions ${mean.toFixed(3)} is not counted)`, details };
  return { score: Math.min(1, Math.max(0, mean)), reasoning: `mean cosine ${mean.toFixed(3)} between the question and ${questions.length} questions generated from the answer`, details };
}

export const answerRelevancy: GroundedMetric<AnswerRelevancyOptions> = {
  type: ANSWER_RELEVANCY_TYPE,
  criterion: { name: ANSWER_RELEVANCY_TYPE, description: 'The answer addresses the question (ragas answer relevancy: questions generated from the answer, compared by embeddings)', scale: 'numeric' },
  needs: { context: false, reference: false },
  keys: ['embeddingModel', 'strictness', 'dimensions'],
  options(reader: OptionReader): AnswerRelevancyOptions {
    const embeddingModel = reader.string('embeddingModel') ?? reader.fail('option embeddingModel is required (e.g. text-embedding-3-small): the generated questions are compared by embeddings');
    const strictness = reader.number('strictness', 1, 10, true) ?? 3;
    const dimensions = reader.number('dimensions', 1, 65_536, true);
    return { embeddingModel, strictness, ...(dimensions === undefined ? {} : { dimensions }) };
  },
  score,
};
