/**
 * docs/comment-example.md: the sticky comment a pull request gets for the sample run,
 * rendered by the Action's own renderer with the baseline found as a main-branch
 * artifact (the usual case). Links and commits are placeholders the page can show.
 */
import { renderComment } from '../../src/publish/comment/index.ts';
import type { Evaluation } from '../../src/model/comparison.ts';

export const RUN_URL = 'https://github.com/OWNER/REPO/actions/runs/2';
const BASELINE_RUN_URL = 'https://github.com/OWNER/REPO/actions/runs/1';

export function commentExample(evaluation: Evaluation, baseline: { sha: string; createdAt: string }): string {
  return renderComment(evaluation, {
    key: 'default',
    baseline: { source: 'artifact', sha: baseline.sha, date: baseline.createdAt, url: BASELINE_RUN_URL, behindBy: 0 },
    runUrl: RUN_URL,
    headSha: evaluation.report.git.sha ?? undefined,
  });
}
