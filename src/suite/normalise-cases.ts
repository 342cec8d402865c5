/**
 * Schema-valid dataset data into the `Case` model: defaults applied, `expected`
 * expanded into graded `relevant`, `forbidden` split into ids and facets, every case
 * tagged with its file and line.
 */
import type { Case, FacetMap, ForbiddenRule, Judgment, RetrievalCase } from './case.ts';
import type { SourceDocument } from './source-document.ts';

export const DEFAULT_LIMIT = 5;
export const DEFAULT_MAX_ROUNDS = 2;
export const DEFAULT_CATEGORY = 'uncategorized';

/** The shape `datasets/schema.json` guarantees once validation passed. */
export interface RawSuite {
  name: string;
  description?: string;
  defaults?: { limit?: number; maxRounds?: number; tool?: string };
  facets?: FacetMap;
  cases: RawCase[];
}

interface RawCase {
  id: string;
  kind?: 'retrieval';
  name?: string;
  query: string;
  category?: string;
  difficulty?: RetrievalCase['difficulty'];
  tags?: string[];
  tool?: string;
  filters?: Record<string, string>;
  expected?: string;
  relevant?: { id: string; grade?: number }[];
  forbidden?: Record<string, string[]>;
  limit?: number;
  maxRounds?: number;
}

export function normaliseCases(raw: RawSuite, source: SourceDocument, file: string): Case[] {
  const defaults = raw.defaults ?? {};
  const cases = raw.cases.map((item, index): Case => {
    const tool = item.tool ?? defaults.tool;
    const forbidden = item.forbidden === undefined ? undefined : splitForbidden(item.forbidden);
    return {
      kind: 'retrieval',
      id: item.id,
      name: item.name ?? item.id,
      category: item.category ?? DEFAULT_CATEGORY,
      ...(item.difficulty === undefined ? {} : { difficulty: item.difficulty }),
      tags: item.tags ?? [],
      source: { file, line: source.locate(['cases', index]).line },
      query: item.query,
      filters: item.filters ?? {},
      relevant: toJudgments(item),
      ...(forbidden === undefined ? {} : { forbidden }),
      limit: item.limit ?? defaults.limit ?? DEFAULT_LIMIT,
      maxRounds: item.maxRounds ?? defaults.maxRounds ?? DEFAULT_MAX_ROUNDS,
      ...(tool === undefined ? {} : { tool }),
    };
  });
  return cases;
}

function toJudgments(item: RawCase): Judgment[] {
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
