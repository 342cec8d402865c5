/**
 * Schema-valid answer cases into the `AnswerCase` model, for both formats that carry them
 * (this project's `kind: answer` cases and seed 000's tests), so the two normalise alike:
 * the category defaults to the tool (seed 000 reports by tool), the project to the file's,
 * and the input is kept exactly as written, `{field}` templates included (the run stage
 * fills them).
 */
import type { AnswerCase, AnswerContextSpec, CaseSource, Difficulty } from '../model/case.ts';
import type { AnswerExpect, RuleSpec } from '../model/answer-rules.ts';
import type { EvaluatorConfig } from '../model/evaluation.ts';
import { caseHeader } from './case-header.ts';

/** The fields both formats share, already under this project's names. */
export interface AnswerCaseFields {
  id: string;
  name?: string;
  description?: string;
  category?: string;
  difficulty?: Difficulty;
  tags?: string[];
  tool: string;
  project?: string;
  input: Record<string, unknown>;
  rules?: RuleSpec[];
  keywords?: string[];
  forbiddenKeywords?: string[];
  imports?: string[];
  groundTruth?: string;
  /** As written: `search`, `citations`, a list of documents, or `{ from, top }`. */
  context?: RawAnswerContext;
  evaluators?: EvaluatorConfig[];
  /** Times the question is asked (each answer scored); default: the run's answerRepetitions. */
  repetitions?: number;
}

export type RawAnswerContext = 'search' | 'citations' | string[] | { from: 'search' | 'citations'; top?: number };

/** Documents fetched by `context: search` when the case does not say how many. */
export const DEFAULT_CONTEXT_TOP = 3;

export function toContextSpec(raw: RawAnswerContext): AnswerContextSpec {
  if (Array.isArray(raw)) return { from: 'dataset', documents: raw };
  const from = typeof raw === 'string' ? raw : raw.from;
  if (from === 'citations') return { from };
  return { from, top: (typeof raw === 'object' ? raw.top : undefined) ?? DEFAULT_CONTEXT_TOP };
}

export function toAnswerCase(fields: AnswerCaseFields, defaultProject: string | undefined, source: CaseSource): AnswerCase {
  const project = fields.project ?? defaultProject;
  const expect: AnswerExpect = {
    rules: fields.rules ?? [],
    ...(fields.keywords === undefined ? {} : { keywords: fields.keywords }),
    ...(fields.forbiddenKeywords === undefined ? {} : { forbiddenKeywords: fields.forbiddenKeywords }),
    ...(fields.imports === undefined ? {} : { imports: fields.imports }),
  };
  return {
    kind: 'answer',
    ...caseHeader(fields, source, fields.tool),
    tool: fields.tool,
    input: fields.input,
    ...(project === undefined ? {} : { project }),
    ...(fields.description === undefined ? {} : { description: fields.description }),
    expect,
    ...(fields.groundTruth === undefined ? {} : { groundTruth: fields.groundTruth }),
    ...(fields.context === undefined ? {} : { context: toContextSpec(fields.context) }),
    ...(fields.evaluators === undefined ? {} : { evaluators: fields.evaluators }),
    ...(fields.repetitions === undefined ? {} : { repetitions: fields.repetitions }),
  };
}
