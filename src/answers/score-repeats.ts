/**
 * An answer case asked N times (its `repetitions`, or the run's `answerRepetitions`):
 * every answer is scored alone (score-answer.ts), then the case's result is their mean,
 * as promptfoo's --repeat and ragas' repeated runs report it. An ask that brought no
 * answer (errored, not run) scores 0 and fails, as a case without an answer does, so a
 * flaky server never looks better for answering less often. The paired comparison and
 * the summary read the means (score, criteria) and the pass rate; `repeats` keeps each
 * ask's score with their spread (population sd, as for judge samples). An answer that
 * could not be judged leaves the case not judged, never scored on the rest. Asked once, the result is exactly score-answer's.
 */
import type { AnswerCase } from '../model/case.ts';
import type { CaseObservation } from '../model/observation.ts';
import type { AnswerRepeats, AnswerResult } from '../model/report.ts';
import { scoreAnswer, type AnswerScoring } from './score-answer.ts';
import { summarizeSamples } from './evaluators/samples.ts';
import { meanOf } from '../stats/mean.ts';


/** Each criterion's mean over the asks: a missing answer counts 0, a criterion that could not be scored (null) is left out. */
function criteriaMeans(results: readonly (AnswerResult | undefined)[]): Record<string, number | null> {
  const names = [...new Set(results.flatMap((r) => Object.keys(r?.criteria ?? {})))];
  return Object.fromEntries(
    names.map((name) => [name, meanOf(results.flatMap((r) => (r === undefined ? [0] : typeof r.criteria[name] === 'number' ? [r.criteria[name]] : [])))]),
  );
}

/** Per-ask results (undefined: no answer) -> the case's result; undefined when no ask brought an answer. */
export function combineAnswers(results: readonly (AnswerResult | undefined)[]): AnswerResult | undefined {
  const answered = results.findIndex((r) => r !== undefined);
  if (answered < 0) return undefined;
  if (results.length === 1) return results[0];
  const failed = results.findIndex((r) => r !== undefined && !r.passed);
  const shown = failed >= 0 ? failed : answered;
  const scores = results.map((r) => (r === undefined ? 0 : r.score));
  const judged = scores.filter((s): s is number => s !== null);
  const spread = summarizeSamples(judged);
  const passed = results.filter((r) => r?.passed === true).length;
  const confidence = meanOf(results.flatMap((r) => (r?.confidence === undefined ? [] : [r.confidence])));
  const repeats: AnswerRepeats = {
    asked: results.length,
    missing: results.filter((r) => r === undefined).length,
    scores,
    sd: spread?.sd ?? null,
    min: spread?.min ?? null,
    max: spread?.max ?? null,
    passed,
    passRate: passed / results.length,
    shown,
  };
  const { confidence: _one, unjudged: _its, ...detail } = results[shown]!;
  // An answer that could not be judged leaves the whole case not judged: a mean over the rest would be a different case.
  const unjudged = results.find((r) => r?.unjudged !== undefined)?.unjudged;
  return {
    ...detail,
    passed: passed === results.length,
    ...(confidence !== null ? { confidence } : {}),
    score: unjudged === undefined ? meanOf(judged) : null,
    ...(unjudged !== undefined ? { unjudged } : {}),
    criteria: criteriaMeans(results),
    repeats,
  };
}

/**
 * Scores every ask's answer and combines them. One after the other (cases are judged
 * several at a time already): an answer identical to an earlier one is then served from
 * the call cache instead of paying for the same judgement again.
 */
export async function scoreAnswers(c: AnswerCase, asks: readonly CaseObservation[], scoring: AnswerScoring): Promise<AnswerResult | undefined> {
  const results: (AnswerResult | undefined)[] = [];
  for (const [i, o] of asks.entries()) results.push(await scoreAnswer(c, o, scoring, asks.length > 1 ? { ask: i + 1, of: asks.length } : undefined));
  return combineAnswers(results);
}
