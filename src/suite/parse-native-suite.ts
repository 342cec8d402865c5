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
import type { TaskIssues } from './task-checks.ts';
import { normaliseCases } from './normalise-cases.ts';
import type { RawSuite } from './normalise-cases.ts';
import validate from './generated/native-suite-validator.js';
import { schemaIssues } from './schema-issues.ts';
import type { SourceDocument } from './source-document.ts';
import { withLazyHash } from './suite-hash.ts';
import { isRecord, listAt } from '../shared/plain-data.ts';
import type { FormatParser } from './classify-file.ts';

/** Does the parsed data hold answer cases, criteria or evaluators (the material answer-checks.ts checks)? Defensive: it may not be schema-valid yet. */
export function holdsAnswerMaterial(data: unknown): boolean {
  if (!isRecord(data)) return false;
  if (data['criteria'] !== undefined || data['evaluators'] !== undefined) return true;
  return listAt(data, 'cases').some((item) => isRecord(item) && (item['kind'] === 'answer' || item['evaluators'] !== undefined));
}

/** Does the parsed data hold task cases or an agent block (the material task-checks.ts checks)? Defensive, as above. */
export function holdsTaskMaterial(data: unknown): boolean {
  if (!isRecord(data)) return false;
  return data['agent'] !== undefined || listAt(data, 'cases').some((item) => isRecord(item) && item['kind'] === 'task');
}

/** The checks a native dataset may need beyond its core schema, each loaded by the caller only for data that holds its material. */
export interface NativeChecks {
  answers?: AnswerIssues;
  tasks?: TaskIssues;
}

/** The native format's parser; each check must be given for data that holds its material (a dataset is never read with checks skipped). */
export function nativeSuiteParser(checks: NativeChecks): FormatParser {
  return (source, file) => parseNativeSuite(source, file, checks);
}

function parseNativeSuite(source: SourceDocument, file: string, { answers: answerIssues, tasks: taskIssues }: NativeChecks): Suite {
  if (answerIssues === undefined && holdsAnswerMaterial(source.data)) throw new Error(`internal: ${file} holds answer cases but was read without their checks`);
  if (taskIssues === undefined && holdsTaskMaterial(source.data)) throw new Error(`internal: ${file} holds task cases but was read without their checks`);
  const schemaProblems = schemaIssues(validate, source, file);
  const issues = [
    ...schemaProblems,
    ...(taskIssues ? taskIssues(source, file) : []),
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
