/**
 * Schema-valid answer cases into the `AnswerCase` model, for both formats that carry them
 * (this project's `kind: answer` cases and seed 000's tests), so the two normalise alike:
 * the category defaults to the tool (seed 000 reports by tool), the project to the file's,
 * and the input is kept exactly as written, `{field}` templates included (the run stage
 * fills them).
 */
import type { AnswerCase, CaseSource, Difficulty } from './case.ts';
import type { AnswerExpect, RuleSpec } from '../score/answer/types.ts';
import type { EvaluatorConfig } from '../score/evaluators/types.ts';

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
  evaluators?: EvaluatorConfig[];
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
    id: fields.id,
    name: fields.name ?? fields.id,
    category: fields.category ?? fields.tool,
    ...(fields.difficulty === undefined ? {} : { difficulty: fields.difficulty }),
    tags: fields.tags ?? [],
    source,
    tool: fields.tool,
    input: fields.input,
    ...(project === undefined ? {} : { project }),
    ...(fields.description === undefined ? {} : { description: fields.description }),
    expect,
    ...(fields.groundTruth === undefined ? {} : { groundTruth: fields.groundTruth }),
    ...(fields.evaluators === undefined ? {} : { evaluators: fields.evaluators }),
  };
}
