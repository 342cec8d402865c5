/**
 * Load-time checks of task cases, with file:line: the task validator's (the native core
 * validator leaves task cases and the agent block to it: task-schema.ts), and what a JSON
 * Schema cannot check: at least
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
import { schemaIssues } from './schema-issues.ts';
import validateTasks from './generated/native-tasks-validator.js';

/** A task as written (possibly not schema-valid), and where. */
export interface WrittenTask {
  item: unknown;
  path: DataPath;
}

/** A native dataset's task problems (with file:line): the task validator's (task-schema.ts), then the checks below. */
export type TaskIssues = (source: SourceDocument, file: string) => DatasetIssue[];

export const nativeTaskIssues: TaskIssues = (source, file) => {
  const schemaProblems = schemaIssues(validateTasks, source, file);
  return [...schemaProblems, ...taskIssues(nativeTasks(source.data), source, file, schemaProblems)];
};

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
