/**
 * Schema-valid dataset data into the `Case` model: defaults applied, `expected`
 * expanded into graded `relevant`, `forbidden` split into ids and facets, answer cases
 * given their defaults (normalise-answer-case.ts), task cases theirs (normalise-task-case.ts),
 * every case tagged with its file and line.
 */
import type { Case, Difficulty, FacetMap, ForbiddenRule, Judgment, RetrievalCase } from '../model/case.ts';
import { toAnswerCase, type RawAnswerContext } from './normalise-answer-case.ts';
import { caseSourceAt, type SourceDocument } from './source-document.ts';
import type { AnswerExpect } from '../model/answer-rules.ts';
import type { EvaluationCriteria, EvaluatorConfig } from '../model/evaluation.ts';
import type { AgentSettings } from '../model/task.ts';
import { toTaskCase, type RawTaskCase } from './normalise-task-case.ts';
import { caseHeader } from './case-header.ts';

export const DEFAULT_LIMIT = 5;
export const DEFAULT_MAX_ROUNDS = 2;
export const DEFAULT_CATEGORY = 'uncategorized';

/** The shape `datasets/schema.json` guarantees once validation passed. */
export interface RawSuite {
  name: string;
  description?: string;
  defaults?: { limit?: number; maxRounds?: number; tool?: string };
  facets?: FacetMap;
  project?: string;
  toolMap?: Record<string, string>;
  criteria?: EvaluationCriteria[];
  evaluators?: EvaluatorConfig[];
  agent?: AgentSettings;
  cases: (RawRetrievalCase | RawAnswerCase | RawTaskCase)[];
}

interface RawCommon {
  id: string;
  name?: string;
  category?: string;
  difficulty?: Difficulty;
  tags?: string[];
}

interface RawRetrievalCase extends RawCommon {
  kind?: 'retrieval';
  query: string;
  tool?: string;
  filters?: Record<string, string>;
  expected?: string;
  relevant?: { id: string; grade?: number }[];
  forbidden?: Record<string, string[]>;
  limit?: number;
  maxRounds?: number;
}

interface RawAnswerCase extends RawCommon {
  kind: 'answer';
  tool: string;
  description?: string;
  project?: string;
  input: Record<string, unknown>;
  expect: AnswerExpect;
  groundTruth?: string;
  context?: RawAnswerContext;
  evaluators?: EvaluatorConfig[];
  repetitions?: number;
}

export function normaliseCases(raw: RawSuite, source: SourceDocument, file: string): Case[] {
  return raw.cases.map((item, index): Case => {
    const where = caseSourceAt(source, file, ['cases', index]);
    if (item.kind === 'answer') {
      // `defaults` (limit, maxRounds, search tool) are retrieval settings; answer cases have none.
      const { expect, kind: _kind, ...rest } = item;
      return toAnswerCase({ ...rest, ...expect }, raw.project, where);
    }
    if (item.kind === 'task') return toTaskCase(item, where, DEFAULT_CATEGORY);
    return retrievalCase(item, raw.defaults ?? {}, where);
  });
}

function retrievalCase(item: RawRetrievalCase, defaults: NonNullable<RawSuite['defaults']>, source: RetrievalCase['source']): RetrievalCase {
  const tool = item.tool ?? defaults.tool;
  const forbidden = item.forbidden === undefined ? undefined : splitForbidden(item.forbidden);
  return {
    kind: 'retrieval',
    ...caseHeader(item, source, DEFAULT_CATEGORY),
    query: item.query,
    filters: item.filters ?? {},
    relevant: toJudgments(item),
    ...(forbidden === undefined ? {} : { forbidden }),
    limit: item.limit ?? defaults.limit ?? DEFAULT_LIMIT,
    maxRounds: item.maxRounds ?? defaults.maxRounds ?? DEFAULT_MAX_ROUNDS,
    ...(tool === undefined ? {} : { tool }),
  };
}

function toJudgments(item: RawRetrievalCase): Judgment[] {
  if (item.expected !== undefined) return [{ id: item.expected, grade: 1 }];
  return (item.relevant ?? []).map((judgment) => ({ id: judgment.id, grade: judgment.grade ?? 1 }));
}

function splitForbidden(forbidden: Record<string, string[]>): ForbiddenRule {
  const { ids, ...facets } = forbidden;
  return {
    ...(ids === undefined ? {} : { ids }),
    ...(Object.keys(facets).length === 0 ? {} : { facets }),
  };
}
