/** What the Action knows about a comment beyond the evaluation: plain data, filled by src/action. */
import type { Acceptance } from '../github/accept-label.ts';

export interface BaselineInfo {
  /**
   * same-job: base and head benchmarked in this job (compare-ref); sha and ref name the base.
   * artifact / branch: a main-branch run's report, from its artifact or from the data branch.
   */
  source: 'artifact' | 'branch' | 'path' | 'same-job' | 'none';
  /** The data branch the report was read from (source branch). */
  branch?: string | undefined;
  /** The ref the user gave as compare-ref. */
  ref?: string | undefined;
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
  /** The HTML page's artifact (its URL from the upload): every case, filterable, with charts. */
  pageUrl?: string | undefined;
  headSha?: string | undefined;
  /** The accept label is on the PR: failed gates do not fail the check. */
  acceptance?: Acceptance | undefined;
  /** Warnings about where the baseline is kept (artifact retention), as markdown made by the Action. */
  notices?: readonly string[] | undefined;
}
