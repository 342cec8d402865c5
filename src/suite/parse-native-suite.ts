/**
 * This project's own dataset format (datasets/schema.json) into a Suite: the schema and
 * cross-case checks together, every problem in one report, then normalisation. The schema
 * is compiled at build time (scripts/generate-validators.ts), not on every run. The checks
 * of answer material (answer-checks.ts) come with the answers stage's evaluator registry
 * and rule checks, so they are given by the caller, which loads them only for datasets
 * that hold any (holdsAnswerMaterial).
 */
import type { Suite } from '../model/case.ts';
import { duplicateIdIssues, duplicateJudgmentIssues, nativeCaseIds } from './cross-case-checks.ts';
import { DatasetError } from './dataset-error.ts';
import type { AnswerIssues } from './answer-checks.ts';
import { normaliseCases } from './normalise-cases.ts';
import type { RawSuite } from './normalise-cases.ts';
import validate from './generated/native-suite-validator.js';
import { schemaIssues } from './schema-issues.ts';
import type { SourceDocument } from './source-document.ts';
import { withLazyHash } from './suite-hash.ts';
import { isRecord, listAt } from '../shared/plain-data.ts';
import type { FormatParser } from './classify-file.ts';

/** Does the parsed data hold answer or task cases, criteria or evaluators (the material answer-checks.ts checks)? Defensive: it may not be schema-valid yet. */
export function holdsAnswerMaterial(data: unknown): boolean {
  if (!isRecord(data)) return false;
  if (data['criteria'] !== undefined || data['evaluators'] !== undefined) return true;
  return listAt(data, 'cases').some((item) => isRecord(item) && (item['kind'] === 'answer' || item['kind'] === 'task' || item['evaluators'] !== undefined));
}

/** The native format's parser; `answerIssues` must be given for data that holds answer material (a dataset is never read with its answer checks skipped). */
export function nativeSuiteParser(answerIssues: AnswerIssues | undefined): FormatParser {
  return (source, file) => parseNativeSuite(source, file, answerIssues);
}

function parseNativeSuite(source: SourceDocument, file: string, answerIssues: AnswerIssues | undefined): Suite {
  if (answerIssues === undefined && holdsAnswerMaterial(source.data)) throw new Error(`internal: ${file} holds answer cases but was read without their checks`);
  const schemaProblems = schemaIssues(validate, source, file);
  const issues = [
    ...schemaProblems,
    ...duplicateIdIssues(nativeCaseIds(source.data), source, file, (index) => ['cases', index]),
    ...duplicateJudgmentIssues(source.data, source, file),
    ...(answerIssues ? answerIssues(source, file, schemaProblems) : []),
  ];
  if (issues.length > 0) throw new DatasetError(issues);

  const raw = source.data as RawSuite;
  const cases = normaliseCases(raw, source, file);
  const facets = raw.facets ?? {};
  const settings = {
    ...(raw.criteria === undefined ? {} : { criteria: raw.criteria }),
    ...(raw.evaluators === undefined ? {} : { evaluators: raw.evaluators }),
    ...(raw.toolMap === undefined ? {} : { toolMap: raw.toolMap }),
    ...(raw.agent === undefined ? {} : { agent: raw.agent }),
  };
  return withLazyHash({ name: raw.name, ...settings, files: [file], format: 'docs-mcp-eval', facets, cases });
}
