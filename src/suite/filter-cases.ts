/**
 * Selecting which cases run (`--category`, `--tag`, `--difficulty`, `--id`, `--project`, `--tool`).
 * Values within one list are alternatives (OR); different lists must all hold (AND).
 * An absent or empty list does not filter. Ids match as globs, so `ts-*` or
 * `auth/**` pick groups. An empty result is returned as is: the caller decides
 * whether that is an error.
 */
import { picomatch } from '../shared/load-picomatch.ts';
import type { Case, Difficulty } from '../model/case.ts';

export interface CaseFilter {
  categories?: readonly string[];
  tags?: readonly string[];
  difficulties?: readonly Difficulty[];
  /** Glob patterns over case ids (picomatch; `*` stops at `/`, `**` crosses it). */
  ids?: readonly string[];
  /** Answer cases' projects; a case without a project (every retrieval case) does not match. */
  projects?: readonly string[];
  /** Tool names as the case writes them (logical names for answer cases); a case naming none (a task case) does not match. */
  tools?: readonly string[];
}

export function filterCases<C extends Case>(cases: readonly C[], filter: CaseFilter): C[] {
  const { categories, tags, difficulties, ids, projects, tools } = filter;
  const idMatches = ids !== undefined && ids.length > 0 ? picomatch([...ids], { dot: true }) : undefined;
  return cases.filter(
    (item) =>
      (!categories?.length || categories.includes(item.category)) &&
      (!tags?.length || item.tags.some((tag) => tags.includes(tag))) &&
      (!difficulties?.length || (item.difficulty !== undefined && difficulties.includes(item.difficulty))) &&
      (idMatches === undefined || idMatches(item.id)) &&
      (!projects?.length || (item.kind === 'answer' && item.project !== undefined && projects.includes(item.project))) &&
      (!tools?.length || (item.kind !== 'task' && item.tool !== undefined && tools.includes(item.tool))),
  );
}
