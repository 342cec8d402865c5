/**
 * Where things live on the data branch (history-store: branch), one folder per comment key
 * under history-path, so several suites or servers share one branch:
 *
 *   <history-path>/index.html                  the dashboard (history-pages)
 *   <history-path>/<key>/history.jsonl         every main-branch run, one line each
 *   <history-path>/<key>/reports/<sha>.json    the report of each of the newest runs (history-size)
 *   <history-path>/<key>/report.html           the newest main-branch report as a page (history-pages)
 *
 * GitHub Pages can serve the branch as it is. Pure: names and their checks only.
 */

export const DEFAULT_HISTORY_BRANCH = 'docs-mcp-eval-data';
export const HISTORY_FILE = 'history.jsonl';
export const REPORTS_DIR = 'reports';

export interface BranchLayout {
  /** history-path, '' for the branch's root. */
  root: string;
  key: string;
  keyDir: string;
  historyFile: string;
  reportsDir: string;
  reportFile(sha: string): string;
  /** The newest main-branch report as an HTML page. */
  pageFile: string;
  /** The dashboard of every key under root. */
  dashboardFile: string;
}

const join = (...parts: string[]): string => parts.filter((p) => p !== '').join('/');

/** A commit's report file name, `<40 or 64 hex>.json`. */
const REPORT_NAME = /^([0-9a-f]{40}|[0-9a-f]{64})\.json$/;

/** The commit a file in reports/ belongs to, or undefined for any other name (left alone). */
export function reportShaOf(name: string): string | undefined {
  return REPORT_NAME.exec(name)?.[1];
}

export function isCommitSha(sha: string): boolean {
  return /^([0-9a-f]{40}|[0-9a-f]{64})$/.test(sha);
}

/** A comment key, and so a folder name on the branch: 1-64 letters, digits, '.', '_', '-', not dots alone. */
export function isKeyName(name: string): boolean {
  return /^[A-Za-z0-9._-]{1,64}$/.test(name) && !/^\.+$/.test(name);
}

export function branchLayout(root: string, key: string): BranchLayout {
  if (!isKeyName(key)) throw new Error(`comment-key ${JSON.stringify(key)} cannot name a folder on the data branch`);
  const keyDir = join(root, key);
  return {
    root,
    key,
    keyDir,
    historyFile: join(keyDir, HISTORY_FILE),
    reportsDir: join(keyDir, REPORTS_DIR),
    reportFile: (sha) => {
      if (!isCommitSha(sha)) throw new Error(`${JSON.stringify(sha)} is not a commit sha: no report file is named after it`);
      return join(keyDir, REPORTS_DIR, `${sha}.json`);
    },
    pageFile: join(keyDir, 'report.html'),
    dashboardFile: join(root, 'index.html'),
  };
}

/** A segment of a path on the branch: plain characters, not `.` or `..`. */
const SEGMENT = /^[A-Za-z0-9._-]+$/;

/**
 * history-path as the layout uses it ('' for the root), or an error message saying what
 * is wrong: relative, `/`-separated plain names, no `.`/`..` (nothing may leave the folder).
 */
export function checkHistoryPath(text: string): { path: string } | { error: string } {
  const trimmed = text.trim().replace(/^\.\/+/, '').replace(/\/+$/, '');
  if (trimmed === '' || trimmed === '.') return { path: '' };
  const segments = trimmed.split('/');
  const bad = segments.find((s) => !SEGMENT.test(s) || /^\.+$/.test(s));
  if (text.trim().startsWith('/') || bad !== undefined) {
    return { error: `history-path must be a relative folder of plain names (letters, digits, '.', '_', '-'; no '..'), got ${JSON.stringify(text)}` };
  }
  return { path: segments.join('/') };
}

/**
 * A branch name git accepts (git check-ref-format, the subset that needs no quoting in a
 * refspec), or an error message.
 */
export function checkBranchName(text: string): { branch: string } | { error: string } {
  const name = text.trim();
  const ok =
    /^[A-Za-z0-9._/-]{1,200}$/.test(name) &&
    !/(^|\/)\.|\.\.|\/\/|\.lock(\/|$)|^-|^\/|\/$|\.$/.test(name) &&
    name !== 'HEAD';
  return ok ? { branch: name } : { error: `history-branch must be a plain git branch name (letters, digits, '.', '_', '-', '/'), got ${JSON.stringify(text)}` };
}
