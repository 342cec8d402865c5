import type { AnswerCase } from '../model/case.ts';

/** The input fields an answer case's question is read from, in this order: the usual argument names. */
export const QUESTION_FIELDS = ['question', 'query', 'task', 'error', 'prompt'] as const;

/** The case's question from its input, or undefined when no question field holds text. */
export function questionOf(c: AnswerCase): string | undefined {
  for (const key of QUESTION_FIELDS) {
    const value = c.input[key];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/**
 * The case's question, for the judge and for reports; its input as JSON when it has no
 * question field (suite/question-checks.ts warns at load, and refuses `context: search`).
 */
export function answerPrompt(c: AnswerCase): string {
  return questionOf(c) ?? JSON.stringify(c.input);
}
