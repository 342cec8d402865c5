import type { AnswerCase } from '../model/case.ts';

/** The case's question, for the judge and for reports: the usual argument names first. */
export function answerPrompt(c: AnswerCase): string {
  for (const key of ['question', 'query', 'task', 'error', 'prompt']) {
    const value = c.input[key];
    if (typeof value === 'string') return value;
  }
  return JSON.stringify(c.input);
}
