/**
 * Load-time checks of a native dataset's answer material that a JSON Schema cannot make:
 * answer rules (rule-checks.ts), criteria and evaluators (evaluator-checks.ts), grounded
 * metrics' inputs (grounded-checks.ts). They bring the answers stage's evaluator registry
 * and rule checks with them, so load-suite.ts loads this module only for a dataset that
 * holds answer material (parse-native-suite.ts holdsAnswerMaterial).
 */
import type { DatasetIssue } from './dataset-error.ts';
import { evaluatorIssues } from './evaluator-checks.ts';
import { groundedCaseIssues } from './grounded-checks.ts';
import { ruleIssues, ruleLists } from './rule-checks.ts';
import type { SourceDocument } from './source-document.ts';

export type AnswerIssues = (source: SourceDocument, file: string, schemaProblems: readonly DatasetIssue[]) => DatasetIssue[];

export const answerIssues: AnswerIssues = (source, file, schemaProblems) => {
  const answerRules = ruleLists(source.data, 'cases', ['expect', 'rules'], (item) => item.kind === 'answer');
  return [
    ...ruleIssues(answerRules, schemaProblems, source, file),
    ...evaluatorIssues(source.data, source, file),
    ...groundedCaseIssues(source.data, source, file),
  ];
};
