/** The whole markdown of one evaluation: the report, then the delta or why there is none. */
import type { Evaluation } from '../../model/comparison.ts';
import { renderDelta } from './render-delta.ts';
import { gateLines } from './render-gates.ts';
import { reasoningCases, renderReasoning } from './render-reasoning.ts';
import { renderReport } from './render-report.ts';
import { escapeCell } from './escape.ts';

export function renderEvaluation(evaluation: Evaluation): string {
  const parts = [renderReport(evaluation.report)];
  if (evaluation.stoppedEarly) parts.push(`> **The run stopped early**: ${escapeCell(evaluation.stoppedEarly, 300)}.\n`);
  if (evaluation.comparison) parts.push(renderDelta(evaluation.comparison));
  // The judges' reasoning for failed and changed answer cases, collapsed, after the delta that names them.
  const reasoning = renderReasoning(reasoningCases(evaluation.report, evaluation.comparison?.caseChanges));
  if (reasoning) parts.push(`${reasoning}\n`);
  const gates = gateLines(evaluation.gates);
  if (gates.length > 0) parts.push(`${gates.join('\n')}\n`);
  else if (evaluation.baselineNote) parts.push(`_No comparison: ${escapeCell(evaluation.baselineNote, 300)}._\n`);
  return parts.join('\n');
}
