/**
 * Load-time checks of task cases that a JSON Schema cannot make, with file:line: at least
 * one hard assertion (a task with only soft ones could never pass or fail), patterns RE2
 * can run, the validation rules of `rules` assertions (as answer cases' rules), and file
 * paths that stay inside the workspace. Shared by the native format and the speakeasy
 * agent-scenario importer, which pass where each task is written.
 */
import { compilePattern } from '../answers/rules/regex.ts';
import { relativePathProblem } from '../shared/relative-path.ts';
import { isRecord, listAt } from '../shared/plain-data.ts';
import type { DatasetIssue } from './dataset-error.ts';
import { ruleIssues, type RuleList } from './rule-checks.ts';
import { formatDataPath, type DataPath, type SourceDocument } from './source-document.ts';

/** A task as written (possibly not schema-valid), and where. */
export interface WrittenTask {
  item: unknown;
  path: DataPath;
}

/** The native format's task cases: `cases[i]` with `kind: task`. */
export function nativeTasks(data: unknown): WrittenTask[] {
  return listAt(data, 'cases').flatMap((item, index) => (isRecord(item) && item['kind'] === 'task' ? [{ item, path: ['cases', index] }] : []));
}

function assertionIssues(assertion: unknown, at: DataPath, issue: (path: DataPath, message: string) => void): void {
  if (!isRecord(assertion)) return;
  const pattern = assertion['pattern'];
  if (typeof pattern === 'string' && pattern !== '') {
    const compiled = compilePattern(pattern, typeof assertion['flags'] === 'string' ? assertion['flags'] : '');
    if (!compiled.ok) issue([...at, 'pattern'], `pattern /${pattern}/: ${compiled.problem}`);
  }
  const file = assertion['path'];
  if (typeof file === 'string') {
    const problem = relativePathProblem(file);
    if (problem !== undefined) issue([...at, 'path'], problem);
  }
}

export function taskIssues(tasks: readonly WrittenTask[], source: SourceDocument, file: string, schemaProblems: readonly DatasetIssue[]): DatasetIssue[] {
  const issues: DatasetIssue[] = [];
  const issue = (path: DataPath, message: string) => {
    const { line, column } = source.locate(path);
    issues.push({ file, line, column, path: formatDataPath(path), message });
  };
  const ruleLists: RuleList[] = [];
  for (const { item, path } of tasks) {
    if (!isRecord(item)) continue;
    const assertions = listAt(item, 'assertions');
    if (assertions.length > 0 && assertions.every((a) => isRecord(a) && a['soft'] === true)) {
      issue([...path, 'assertions'], 'every assertion is soft: a task needs at least one hard assertion to pass or fail');
    }
    assertions.forEach((assertion, i) => {
      assertionIssues(assertion, [...path, 'assertions', i], issue);
      if (isRecord(assertion) && assertion['type'] === 'rules' && assertion['rules'] !== undefined) ruleLists.push({ rules: assertion['rules'], path: [...path, 'assertions', i, 'rules'] });
    });
    const files = item['files'];
    if (isRecord(files)) {
      for (const name of Object.keys(files)) {
        const problem = relativePathProblem(name);
        if (problem !== undefined) issue([...path, 'files', name], problem);
      }
    }
  }
  return [...issues, ...ruleIssues(ruleLists, schemaProblems, source, file)];
}
