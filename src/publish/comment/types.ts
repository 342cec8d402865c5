/** What the Action knows about a comment beyond the evaluation: plain data, filled by src/action. */

export interface BaselineInfo {
  source: 'artifact' | 'path' | 'none';
  /** Commit the baseline report was made at. */
  sha?: string | undefined;
  /** When the baseline run happened, ISO 8601. */
  date?: string | undefined;
  /** Link to the workflow run that stored the baseline. */
  url?: string | undefined;
  /** Commits between the baseline's commit and the PR's base. */
  behindBy?: number | undefined;
  path?: string | undefined;
  /** E.g. "no main-branch baseline yet: the first push to main will store one". */
  note?: string | undefined;
}

export interface CommentContext {
  /** comment-key: several suites on one PR keep separate sticky comments. */
  key: string;
  /** Default "docs-mcp-eval", plus " · <key>" when the key is not "default". */
  title?: string | undefined;
  baseline: BaselineInfo;
  runUrl?: string | undefined;
  artifactUrl?: string | undefined;
  /** Where the full report lives: the link a truncated comment points to first. */
  reportUrl?: string | undefined;
  headSha?: string | undefined;
}
