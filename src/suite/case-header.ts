/**
 * The fields every kind of case shares, normalised the same way whatever the format: a case
 * without a name is named by its id, without a category gets the format's default, and has
 * no tags rather than an absent list.
 */
import type { CaseBase, CaseSource, Difficulty } from '../model/case.ts';

export interface RawCaseHeader {
  id: string;
  name?: string | undefined;
  category?: string | undefined;
  difficulty?: Difficulty | undefined;
  tags?: string[] | undefined;
}

export function caseHeader(raw: RawCaseHeader, source: CaseSource, defaultCategory: string): CaseBase {
  return {
    id: raw.id,
    name: raw.name ?? raw.id,
    category: raw.category ?? defaultCategory,
    ...(raw.difficulty === undefined ? {} : { difficulty: raw.difficulty }),
    tags: raw.tags ?? [],
    source,
  };
}
