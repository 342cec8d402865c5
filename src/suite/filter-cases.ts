/**
 * Selecting which cases run (`--category`, `--tag`, `--difficulty`, `--case`).
 * Values within one list are alternatives (OR); different lists must all hold (AND).
 * An absent or empty list does not filter. Ids match as globs, so `ts-*` or
 * `auth/**` pick groups. An empty result is returned as is: the caller decides
 * whether that is an error.
 */
import picomatch from 'picomatch';
import type { Case, Difficulty } from './case.ts';

export interface CaseFilter {
  categories?: readonly string[];
  tags?: readonly string[];
  difficulties?: readonly Difficulty[];
  /** Glob patterns over case ids (picomatch; `*` stops at `/`, `**` crosses it). */
  ids?: readonly string[];
}

export function filterCases<C extends Case>(cases: readonly C[], filter: CaseFilter): C[] {
  const { categories, tags, difficulties, ids } = filter;
  const idMatches = ids !== undefined && ids.length > 0 ? picomatch([...ids], { dot: true }) : undefined;
  return cases.filter(
    (item) =>
      (!categories?.length || categories.includes(item.category)) &&
      (!tags?.length || item.tags.some((tag) => tags.includes(tag))) &&
      (!difficulties?.length || (item.difficulty !== undefined && difficulties.includes(item.difficulty))) &&
      (idMatches === undefined || idMatches(item.id)),
  );
}
