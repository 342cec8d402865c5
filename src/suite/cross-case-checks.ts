/**
 * Checks a JSON Schema cannot express (uniqueness by a field across list items).
 * They read the raw data defensively, so they run alongside schema validation and a
 * user sees a duplicate id in the same report as a typo, not on the next run.
 */
import type { DatasetIssue } from './dataset-error.ts';
import { formatDataPath } from './source-document.ts';
import type { DataPath, SourceDocument } from './source-document.ts';
import { listAt, stringAt } from '../shared/plain-data.ts';

/**
 * Case ids key baselines and per-case deltas, so a repeat is an error. The second
 * occurrence is reported, naming the first's line. `ids[i]` undefined = no usable id.
 */
export function duplicateIdIssues(
  ids: readonly (string | undefined)[],
  source: SourceDocument,
  file: string,
  casePath: (index: number) => DataPath,
): DatasetIssue[] {
  return duplicates(ids, (index) => [...casePath(index), 'id'], source, file, (id, line) => `duplicate case id "${id}" (first used at line ${line})`);
}

/** The same document judged twice in one case has no single grade. */
export function duplicateJudgmentIssues(data: unknown, source: SourceDocument, file: string): DatasetIssue[] {
  return listAt(data, 'cases').flatMap((item, index) => {
    const judgments = listAt(item, 'relevant');
    return duplicates(
      judgments.map((judgment) => stringAt(judgment, 'id')),
      (j) => ['cases', index, 'relevant', j],
      source,
      file,
      (id, line) => `"${id}" is judged twice in this case (first at line ${line})`,
    );
  });
}

/** The native format's case ids, `undefined` where a case has none (the schema reports that). */
export function nativeCaseIds(data: unknown): (string | undefined)[] {
  return listAt(data, 'cases').map((item) => stringAt(item, 'id'));
}

function duplicates(
  keys: readonly (string | undefined)[],
  pathOf: (index: number) => DataPath,
  source: SourceDocument,
  file: string,
  message: (key: string, firstLine: number) => string,
): DatasetIssue[] {
  // Positions are looked up only for duplicates: locating builds the positioned model.
  const firstIndex = new Map<string, number>();
  const issues: DatasetIssue[] = [];
  keys.forEach((key, index) => {
    if (key === undefined) return;
    const first = firstIndex.get(key);
    if (first === undefined) {
      firstIndex.set(key, index);
      return;
    }
    const path = pathOf(index);
    const at = source.locate(path);
    issues.push({ file, line: at.line, column: at.column, path: formatDataPath(path), message: message(key, source.locate(pathOf(first)).line) });
  });
  return issues;
}

