/**
 * keyword_coverage: the share of expected keywords the answer mentions (0..1).
 * Keywords come from the config (`keywords`), or from a field (`keywordsSource`:
 * `groundTruth` or `context.<path>`); by default the case's own `expect.keywords`, so a
 * suite-wide `- type: keyword_coverage` scores every case against its own list.
 * A case with no keywords is skipped (score 'n/a'), not scored 0 or 1.
 */
import { checkFieldPath, fieldText, readField } from '../fields.ts';
import { assertKnownOptions, booleanOption, stringListOption, stringOption } from '../options.ts';
import { countTerm, foldWhitespace, type MatchOptions } from '../text.ts';
import type { EvaluationCriteria, EvaluationInput, EvaluationResult, Evaluator, EvaluatorConfig } from '../../../model/evaluation.ts';
import { resultsFor, skippedFor } from './shared.ts';

export const KEYWORD_COVERAGE = 'keyword_coverage';

export const KEYWORD_COVERAGE_CRITERION: EvaluationCriteria = {
  name: 'keyword_coverage',
  description: 'Share of the expected keywords the answer mentions',
  scale: 'numeric',
};

const OPTIONS = ['keywords', 'keywordsSource', 'sourceField', 'caseSensitive', 'matchWholeWord', 'normalizeWhitespace'];
const DEFAULT_SOURCE = 'context.expect.keywords';

export function createKeywordCoverage(config: EvaluatorConfig, criteria: EvaluationCriteria[]): Evaluator {
  assertKnownOptions(config, OPTIONS);
  const fixed = stringListOption(config, 'keywords');
  const source = stringOption(config, 'keywordsSource');
  if (fixed && source) throw new Error('give keywords or keywordsSource, not both');
  const keywordsField = fixed ? undefined : (source ?? DEFAULT_SOURCE);
  if (keywordsField) checkFieldPath(keywordsField, 'keywordsSource');
  const textField = stringOption(config, 'sourceField') ?? 'response';
  checkFieldPath(textField, 'sourceField');
  const match: MatchOptions = { caseSensitive: booleanOption(config, 'caseSensitive', false), wholeWord: booleanOption(config, 'matchWholeWord', false) };
  const fold = booleanOption(config, 'normalizeWhitespace', true) ? foldWhitespace : (s: string) => s;

  return {
    type: KEYWORD_COVERAGE,
    evaluate(input: EvaluationInput): Promise<EvaluationResult[]> {
      const listed = fixed ?? readField(input, keywordsField ?? DEFAULT_SOURCE);
      if (listed !== undefined && !(Array.isArray(listed) && listed.every((k) => typeof k === 'string'))) {
        throw new Error(`${keywordsField} must be a list of keywords; got ${typeof listed}`);
      }
      const keywords = unique((listed ?? []).map(fold).filter((k) => k !== ''), match.caseSensitive);
      if (keywords.length === 0) return Promise.resolve(skippedFor(criteria, KEYWORD_COVERAGE, `no keywords for this case (${keywordsField ?? 'keywords'})`));
      const text = fold(fieldText(readField(input, textField)) ?? '');
      const found = keywords.filter((k) => countTerm(text, k, match) > 0);
      const missing = keywords.filter((k) => !found.includes(k));
      const reasoning = `found ${found.length}/${keywords.length} keywords${missing.length > 0 ? `; missing: ${missing.join(', ')}` : ''}`;
      return Promise.resolve(resultsFor(criteria, KEYWORD_COVERAGE, { score: found.length / keywords.length, reasoning, metadata: { found, missing } }));
    },
  };
}

/** "Token" and "token" are one keyword when matching ignores case. */
function unique(keywords: string[], caseSensitive: boolean): string[] {
  const seen = new Set<string>();
  return keywords.filter((k) => {
    const key = caseSensitive ? k : k.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
