/**
 * Importer for seed 000's datasets (the crypto-docs evaluation plan), so its YAML files
 * run unchanged: { name, project, version, tests: [{ id, name, description?, tool,
 * project?, difficulty, input, expected: { validations, expectedKeywords?,
 * forbiddenKeywords?, expectedImports? }, tags? }] }. Each test becomes an answer case:
 * validations -> expect.rules, expectedKeywords -> keywords, forbiddenKeywords as is,
 * expectedImports -> imports; project defaults to the file's; category is the tool (seed
 * 000 reports by tool). Validated with its own schema and reported like the native format.
 */
import type { Case, Suite } from '../model/case.ts';
import { duplicateIdIssues } from './cross-case-checks.ts';
import { DatasetError } from './dataset-error.ts';
import validate from './generated/seed-000-validator.js';
import { toAnswerCase } from './normalise-answer-case.ts';
import { ruleIssues, ruleLists } from './rule-checks.ts';
import { schemaIssues } from './schema-issues.ts';
import type { SourceDocument } from './source-document.ts';
import { withLazyHash } from './suite-hash.ts';
import type { RuleSpec } from '../model/answer-rules.ts';
import { isRecord } from '../shared/plain-data.ts';

interface Seed000Test {
  id: string;
  name: string;
  description?: string;
  tool: string;
  project?: string;
  difficulty: 'basic' | 'intermediate' | 'advanced';
  input: Record<string, unknown>;
  expected: { validations?: RuleSpec[]; expectedKeywords?: string[]; forbiddenKeywords?: string[]; expectedImports?: string[] };
  tags?: string[];
}

/** A seed-000 file: { name, project, version, tests }. */
export interface Seed000Dataset {
  name: string;
  project: string;
  version: string;
  tests: Seed000Test[];
}

/** Reads a parsed seed-000 file; throws a DatasetError listing every problem. */
export function importSeed000(source: SourceDocument, file: string): Suite {
  const schemaProblems = schemaIssues(validate, source, file);
  const tests = isRecord(source.data) && Array.isArray(source.data.tests) ? (source.data.tests as unknown[]) : [];
  const issues = [
    ...schemaProblems,
    ...duplicateIdIssues(tests.map((t) => (isRecord(t) && typeof t.id === 'string' ? t.id : undefined)), source, file, (index) => ['tests', index]),
    ...ruleIssues(ruleLists(source.data, 'tests', ['expected', 'validations'], () => true), schemaProblems, source, file),
  ];
  if (issues.length > 0) throw new DatasetError(issues);

  const dataset = source.data as Seed000Dataset;
  const cases = dataset.tests.map((test, index): Case => {
    const { expected, ...rest } = test;
    return toAnswerCase(
      {
        ...rest,
        ...(expected.validations === undefined ? {} : { rules: expected.validations.map(seedRule) }),
        ...(expected.expectedKeywords === undefined ? {} : { keywords: expected.expectedKeywords }),
        ...(expected.forbiddenKeywords === undefined ? {} : { forbiddenKeywords: expected.forbiddenKeywords }),
        ...(expected.expectedImports === undefined ? {} : { imports: expected.expectedImports }),
      },
      dataset.project,
      { file, line: source.locate(['tests', index]).line },
    );
  });
  return withLazyHash({ name: dataset.name, files: [file], format: 'seed-000', facets: {}, cases });
}

/** Seed 000 runs every regex with the `i` flag (new RegExp(pattern, 'i')); keep that meaning (the converter writes it out). */
export function seedRule(rule: RuleSpec): RuleSpec {
  return rule.type === 'matches_regex' && rule.flags === undefined ? { ...rule, flags: 'i' } : rule;
}

