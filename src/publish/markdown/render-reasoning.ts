/**
 * The judges' reasoning where a reviewer looks: for each answer case that failed (a
 * validation, or left not judged) or changed against the baseline, one collapsed block
 * with each criterion's score and the evaluator's reasoning or error. Reasoning is judge
 * text about server text: escaped like every other such string (escape.ts), one line per
 * criterion, cut to a fixed length. Rule-based results are left out (their messages are
 * the failed validations, listed already); a case with nothing else to show is skipped.
 */
import type { CaseChange } from '../../model/comparison.ts';
import type { CaseResult, Report } from '../../model/report.ts';
import type { EvaluationResult } from '../../model/evaluation.ts';
import { changedFirst } from './changed-first.ts';
import { details } from './details.ts';
import { escapeCell, htmlCode, htmlText } from './escape.ts';
import { formatCount, formatValue } from '../../report/format.ts';

/** Characters of one criterion's reasoning kept (the JSON report has it whole). */
export const REASONING_CHARS = 600;

export type ReasoningWhy = 'failed' | 'not judged' | 'regressed' | 'improved';

export interface ReasoningCase {
  result: CaseResult;
  why: ReasoningWhy;
}

/** Evaluations worth showing: a judge's reasoning or an evaluator's error, not the rule-based echo of the validations. */
function shown(r: CaseResult): EvaluationResult[] {
  return (r.answer?.evaluations ?? []).filter((e) => e.evaluatorType !== 'rule_based' && ((e.reasoning ?? '').trim() !== '' || e.error !== undefined));
}

/** Changed answer cases first (regressions, then improvements), then the failed and not-judged ones not already listed. */
export function reasoningCases(report: Report, changes: readonly CaseChange[] = []): ReasoningCase[] {
  return changedFirst<ReasoningCase>(
    report,
    changes,
    'answer',
    (result, direction) => (shown(result).length > 0 ? { result, why: direction } : undefined),
    (result) => {
      if (!result.answer || shown(result).length === 0) return undefined;
      const why: ReasoningWhy | undefined = !result.answer.passed ? 'failed' : result.answer.unjudged?.length ? 'not judged' : undefined;
      return why && { result, why };
    },
  );
}

/** A raw score as the evaluator gave it, formatted by its type: a number, true/false, or a label (escaped). */
function rawScore(score: unknown): string {
  if (typeof score === 'number') return formatCount(score);
  if (typeof score === 'boolean') return String(score);
  return escapeCell(typeof score === 'string' ? score : JSON.stringify(score) ?? '', 20);
}

function criterionLine(e: EvaluationResult, normalised: number | null | undefined): string {
  const raw = rawScore(e.score);
  const score = e.error !== undefined ? 'not judged' : `${raw}${typeof normalised === 'number' ? ` (${formatValue(normalised, 'ratio')})` : ''}`;
  const text = e.error !== undefined ? `error: ${e.error}` : (e.reasoning ?? '');
  return `- **${escapeCell(e.criterionName, 60)}** · ${escapeCell(e.evaluatorType, 40)} · ${score}: ${escapeCell(text, REASONING_CHARS)}`;
}

/** One case's collapsed block. */
export function reasoningBlock({ result, why }: ReasoningCase): string {
  const score = result.answer?.score;
  // Inside <summary> (an HTML block) markdown is not parsed: a code span would show its backticks and leave HTML in the id live.
  const summary = `${htmlCode(result.id)} · ${htmlText(why)} · score ${formatValue(score ?? null, 'ratio')}`;
  return details(summary, shown(result).map((e) => criterionLine(e, result.answer?.criteria[e.criterionName])).join('\n'));
}

/** The section, at most `limit` cases (the rest counted), or undefined when no case has reasoning to show. */
export function renderReasoning(cases: readonly ReasoningCase[], limit: number = cases.length): string | undefined {
  if (cases.length === 0) return undefined;
  const kept = cases.slice(0, limit);
  const more = cases.length > kept.length ? `\n\n_${formatCount(cases.length - kept.length)} more case(s) in the full report._` : '';
  return `#### Judge reasoning (${kept.length < cases.length ? `first ${formatCount(kept.length)} of ${formatCount(cases.length)}` : formatCount(cases.length)} answer case(s))\n\n${kept.map(reasoningBlock).join('\n')}${more}`;
}
