/**
 * Load-time checks of what an answer case asks: its question is read from its input
 * (answers/answer-prompt.ts QUESTION_FIELDS). Without one, `context: search` would search
 * for the input's JSON text and judge the answer against whatever that finds: an error,
 * with file and line. An evaluator that reads the question (a judge, a grounded metric, a
 * custom one) would be shown the input as JSON: a warning, naming the case and the fields
 * looked for. Cases only rules score need no question. Runs before any server starts, for
 * suites with answer cases only (pipeline/answer-setup.ts), whatever the dataset's format.
 */
import type { AnswerCase, Suite } from '../model/case.ts';
import { QUESTION_FIELDS, questionOf } from '../answers/answer-prompt.ts';
import type { DatasetIssue } from './dataset-error.ts';

/** Evaluators that show the case's question to a model (or to user code). */
const READS_QUESTION = new Set(['llm_judge', 'answer_relevancy', 'faithfulness', 'context_precision', 'context_recall', 'custom']);

const LOOKED_FOR = `looked for: ${QUESTION_FIELDS.join(', ')}`;

function readers(suite: Suite, c: AnswerCase): string[] {
  const types = [...(suite.evaluators ?? []), ...(c.evaluators ?? [])].map((e) => e.type);
  return [...new Set(types.filter((t) => READS_QUESTION.has(t)))];
}

export function questionIssues(suite: Suite): { errors: DatasetIssue[]; warnings: DatasetIssue[] } {
  const errors: DatasetIssue[] = [];
  const warnings: DatasetIssue[] = [];
  for (const c of suite.cases) {
    if (c.kind !== 'answer' || questionOf(c) !== undefined) continue;
    const at = { file: c.source.file, line: c.source.line, path: '' };
    if (c.context?.from === 'search') {
      errors.push({ ...at, message: `answer case ${c.id} has context: search, which searches for the case's question, but its input has no question field (${LOOKED_FOR}): add one, or list the documents under context` });
      continue;
    }
    const shown = readers(suite, c);
    if (shown.length > 0) {
      warnings.push({ ...at, message: `answer case ${c.id} has no question field in its input (${LOOKED_FOR}): ${shown.join(', ')} will be shown its input as JSON instead; add a question field` });
    }
  }
  return { errors, warnings };
}
