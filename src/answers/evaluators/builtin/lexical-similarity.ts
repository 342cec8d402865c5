/**
 * lexical_similarity: how close the answer's text is to a reference, 0..1, by
 * Sørensen–Dice bigrams (default: robust to reordering), Jaro–Winkler (short strings:
 * names, identifiers) or normalised Levenshtein (near-verbatim answers).
 * Lexical only: a correct paraphrase scores low; semantic_similarity measures meaning.
 * A case without a reference is skipped (score 'n/a').
 */
import { checkFieldPath, fieldText, readField } from '../fields.ts';
import { assertKnownOptions, booleanOption, choiceOption, stringOption } from '../options.ts';
import { foldWhitespace } from '../text.ts';
import type { EvaluationCriteria, EvaluationInput, EvaluationResult, Evaluator, EvaluatorConfig } from '../../../model/evaluation.ts';
import { resultsFor, skippedFor } from './shared.ts';
import { diceCoefficient, jaroWinkler, levenshteinSimilarity } from './similarity.ts';

export const LEXICAL_SIMILARITY = 'lexical_similarity';

export const LEXICAL_SIMILARITY_CRITERION: EvaluationCriteria = {
  name: 'lexical_similarity',
  description: 'Textual closeness of the answer to the reference answer',
  scale: 'numeric',
};

const ALGORITHMS = { dice: diceCoefficient, jaro_winkler: jaroWinkler, levenshtein: levenshteinSimilarity } as const;
type Algorithm = keyof typeof ALGORITHMS;

const OPTIONS = ['algorithm', 'sourceField', 'referenceField', 'caseSensitive', 'normalizeWhitespace'];

export function createLexicalSimilarity(config: EvaluatorConfig, criteria: EvaluationCriteria[]): Evaluator {
  assertKnownOptions(config, OPTIONS);
  const algorithm = choiceOption(config, 'algorithm', Object.keys(ALGORITHMS) as Algorithm[], 'dice');
  const sourceField = stringOption(config, 'sourceField') ?? 'response';
  const referenceField = stringOption(config, 'referenceField') ?? 'groundTruth';
  checkFieldPath(sourceField, 'sourceField');
  checkFieldPath(referenceField, 'referenceField');
  const caseSensitive = booleanOption(config, 'caseSensitive', false);
  const normalizeWhitespace = booleanOption(config, 'normalizeWhitespace', true);
  const prepare = (text: string): string => {
    const spaced = normalizeWhitespace ? foldWhitespace(text) : text;
    return caseSensitive ? spaced : spaced.toLowerCase();
  };

  return {
    type: LEXICAL_SIMILARITY,
    evaluate(input: EvaluationInput): Promise<EvaluationResult[]> {
      const reference = fieldText(readField(input, referenceField));
      if (reference === undefined) return Promise.resolve(skippedFor(criteria, LEXICAL_SIMILARITY, `no ${referenceField} to compare with`));
      const source = fieldText(readField(input, sourceField)) ?? '';
      const score = ALGORITHMS[algorithm](prepare(source), prepare(reference));
      return Promise.resolve(
        resultsFor(criteria, LEXICAL_SIMILARITY, {
          score,
          reasoning: `${algorithm} similarity of ${sourceField} to ${referenceField}: ${score.toFixed(3)}`,
          metadata: { algorithm, sourceChars: source.length, referenceChars: reference.length },
        }),
      );
    },
  };
}
