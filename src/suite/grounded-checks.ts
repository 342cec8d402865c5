/**
 * Load-time checks of the grounded metrics' inputs, with file:line: an answer case scored
 * by faithfulness, context_precision or context_recall (its own evaluators or the
 * suite's) must say where its documents come from (`context`), and one scored by
 * context_recall must have a groundTruth. Caught here, before any server starts, rather
 * than as a run of not-judged cases.
 */
import { CONTEXT_TYPES, REFERENCE_TYPES } from '../answers/evaluators/grounded/register.ts';
import type { DatasetIssue } from './dataset-error.ts';
import { formatDataPath, type DataPath, type SourceDocument } from './source-document.ts';
import { isRecord, listAt, stringAt } from '../shared/plain-data.ts';

const types = (list: unknown[]): string[] => list.flatMap((e) => (isRecord(e) && typeof e['type'] === 'string' ? [e['type']] : []));

export function groundedCaseIssues(data: unknown, source: SourceDocument, file: string): DatasetIssue[] {
  const suiteTypes = types(listAt(data, 'evaluators'));
  const issues: DatasetIssue[] = [];
  listAt(data, 'cases').forEach((item, index) => {
    if (!isRecord(item) || item['kind'] !== 'answer') return;
    const all = [...suiteTypes, ...types(listAt(item, 'evaluators'))];
    const at = (path: DataPath, message: string) => {
      const { line, column } = source.locate(path);
      issues.push({ file, line, column, path: formatDataPath(path), message });
    };
    const id = stringAt(item, 'id') ?? `#${index + 1}`;
    const needContext = [...new Set(all.filter((t) => CONTEXT_TYPES.includes(t)))];
    if (needContext.length > 0 && item['context'] === undefined) {
      at(['cases', index], `answer case ${id} is scored by ${needContext.join(', ')}, which judge the answer against documents: give it a context (context: search, context: citations, or the documents as a list)`);
    }
    const needReference = [...new Set(all.filter((t) => REFERENCE_TYPES.includes(t)))];
    if (needReference.length > 0 && item['groundTruth'] === undefined) {
      at(['cases', index], `answer case ${id} is scored by ${needReference.join(', ')}, which needs a reference answer: give it a groundTruth`);
    }
  });
  return issues;
}
