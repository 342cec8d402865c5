/** What an arm of a run is: a server with its build, and where it comes from (the head, or the base of a same-job A/B). */
import type { BuildConfig, ServerConfig } from '../config/config.ts';
import type { GitInfo, SameJobInfo } from '../model/report.ts';

/**
 * A base arm given directly (the library's way to run two servers side by side in one
 * job, e.g. the calibration benchmark); compare-ref makes one from a git worktree.
 */
export interface BaseArm {
  server: ServerConfig;
  build: BuildConfig | null;
  /** What the comparison calls the base (a ref, a label). */
  ref: string;
  sha: string;
}

export interface Arm {
  server: ServerConfig;
  build: BuildConfig | null;
  git: GitInfo;
  sameJob?: SameJobInfo;
  /** Shown in progress lines when there are two arms. */
  label?: string;
}
