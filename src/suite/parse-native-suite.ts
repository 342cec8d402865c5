/**
 * This project's own dataset format (datasets/schema.json) into a Suite: the schema and
 * cross-case checks together, every problem in one report, then normalisation. The schema
 * is compiled at build time (scripts/generate-validators.ts), not on every run.
 */
import type { Suite } from '../model/case.ts';
import { duplicateIdIssues, duplicateJudgmentIssues, nativeCaseIds } from './cross-case-checks.ts';
import { DatasetError } from './dataset-error.ts';
import { evaluatorIssues } from './evaluator-checks.ts';
import { groundedCaseIssues } from './grounded-checks.ts';
import { normaliseCases } from './normalise-cases.ts';
import type { RawSuite } from './normalise-cases.ts';
import validate from './generated/native-suite-validator.js';
import { ruleIssues, ruleLists } from './rule-checks.ts';
import { schemaIssues } from './schema-issues.ts';
import type { SourceDocument } from './source-document.ts';
import { suiteHash } from './suite-hash.ts';

export function parseNativeSuite(source: SourceDocument, file: string): Suite {
  const schemaProblems = schemaIssues(validate, source, file);
  const answerRules = ruleLists(source.data, 'cases', ['expect', 'rules'], (item) => item.kind === 'answer');
  const issues = [
    ...schemaProblems,
    ...duplicateIdIssues(nativeCaseIds(source.data), source, file, (index) => ['cases', index]),
    ...duplicateJudgmentIssues(source.data, source, file),
    ...ruleIssues(answerRules, schemaProblems, source, file),
    ...evaluatorIssues(source.data, source, file),
    ...groundedCaseIssues(source.data, source, file),
  ];
  if (issues.length > 0) throw new DatasetError(issues);

  const raw = source.data as RawSuite;
  const cases = normaliseCases(raw, source, file);
  const facets = raw.facets ?? {};
  const settings = {
    ...(raw.criteria === undefined ? {} : { criteria: raw.criteria }),
    ...(raw.evaluators === undefined ? {} : { evaluators: raw.evaluators }),
    ...(raw.toolMap === undefined ? {} : { toolMap: raw.toolMap }),
  };
  return { name: raw.name, ...settings, files: [file], hash: suiteHash(raw.name, facets, cases, settings), format: 'docs-mcp-eval', facets, cases };
}
