/**
 * Every problem found in a dataset file, collected before any server starts, so a
 * user fixes them all in one pass instead of one per run.
 */

export interface DatasetIssue {
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based; absent when only the line is known. */
  column?: number;
  /** Where in the data, like `cases[3].relevant`; empty for the whole document. */
  path: string;
  message: string;
}

/** What the file is, as the heading names it: a dataset (cases, profile) or docs-mcp-eval.yml. */
export type InputKind = 'dataset' | 'config';

export class DatasetError extends Error {
  readonly issues: readonly DatasetIssue[];
  readonly kind: InputKind;

  constructor(issues: readonly DatasetIssue[], kind: InputKind = 'dataset') {
    const sorted = sortIssues(issues);
    super(formatDatasetError(sorted, kind));
    this.name = 'DatasetError';
    this.issues = sorted;
    this.kind = kind;
  }
}

/** One issue per line: `datasets/x/cases.yaml:42:5 cases[3].relevant: must have at least 1 item`. */
export function formatDatasetIssue(issue: DatasetIssue): string {
  const where = `${issue.file}:${issue.line}${issue.column === undefined ? '' : `:${issue.column}`}`;
  return issue.path === '' ? `${where} ${issue.message}` : `${where} ${issue.path}: ${issue.message}`;
}

/** The whole report: a count, then one line per issue (file order, then line order). */
export function formatDatasetError(error: DatasetError | readonly DatasetIssue[], kind: InputKind = error instanceof DatasetError ? error.kind : 'dataset'): string {
  const issues = sortIssues(error instanceof DatasetError ? error.issues : error);
  const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`;
  return [`Invalid ${kind === 'config' ? 'config file' : 'dataset'} (${count}):`, ...issues.map((issue) => `  ${formatDatasetIssue(issue)}`)].join('\n');
}

function sortIssues(issues: readonly DatasetIssue[]): DatasetIssue[] {
  return [...issues].sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      a.line - b.line ||
      (a.column ?? 0) - (b.column ?? 0) ||
      a.path.localeCompare(b.path) ||
      a.message.localeCompare(b.message),
  );
}
