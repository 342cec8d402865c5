/**
 * Publishing to a pull request: the sticky comment first, per the `comment` policy (a
 * permission error is a notice, never a failed check), then the report as a PR artifact
 * (with the PR number, head sha, and whether this run commented), so the workflow_run
 * comment workflow can post for PRs whose token is read-only: forks, and same-repo PRs
 * such as Dependabot's. One owner per PR and comment key: the run comments when its
 * token can write, the comment workflow only when it could not.
 */
import * as core from './safe-core.ts';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Evaluation } from '../pipeline/evaluate.ts';
import { commentMarker, hasChangesBeyondNoise, type CommentContext } from '../publish/comment/index.ts';
import { renderComment } from '../publish/comment/index.ts';
import type { PrReportMeta } from './github-edge.ts';
import type { RunContext } from './run-context.ts';

export async function uploadPrReport(ctx: RunContext, reportPath: string, markdown: string, outDir: string, commented: boolean): Promise<void> {
  const pr = ctx.event.pr;
  if (!pr) return;
  const { edge } = await ctx.github();
  const meta: PrReportMeta = { prNumber: pr.number, headSha: pr.headSha, key: ctx.inputs.commentKey, reportFile: 'report.json', markdownFile: 'comment.md', commented };
  const metaPath = path.join(outDir, 'meta.json');
  const markdownPath = path.join(outDir, 'comment.md');
  writeFileSync(metaPath, `${JSON.stringify(meta, null, 2)}\n`);
  writeFileSync(markdownPath, markdown);
  await edge.uploadFiles(edge.artifactName('pr-report', ctx.inputs.commentKey), [reportPath, metaPath, markdownPath], outDir, { retentionDays: 7 });
}

/** Posts or updates the sticky comment; returns its URL, or '' when none was posted. */
export async function postComment(ctx: RunContext, evaluation: Evaluation, context: CommentContext, issueNumber: number): Promise<string> {
  const { inputs, event } = ctx;
  if (inputs.comment === 'never') return '';
  const { edge, octokit } = await ctx.github();
  if (!octokit) return '';
  const marker = commentMarker(inputs.commentKey);
  const target = { owner: event.owner, repo: event.repo, issueNumber, marker, ...(inputs.botLogin ? { botLogin: inputs.botLogin } : {}) };
  if (inputs.comment === 'on-change' && !hasChangesBeyondNoise(evaluation)) {
    // Nothing to say, unless a comment exists already: then it must not go stale.
    const existing = await edge.findStickyComments(octokit, { ...target, body: '' });
    if (existing.length === 0) {
      core.info('comment: on-change and nothing changed beyond noise: no comment posted');
      return '';
    }
  }
  const result = await edge.upsertStickyComment(octokit, { ...target, body: renderComment(evaluation, context) });
  core.info(`comment ${result.action}: ${result.url}`);
  return result.url;
}

/** Comments when the token can; '' (and a notice) when it cannot, leaving it to the comment workflow. */
async function commentIfWeCan(ctx: RunContext, evaluation: Evaluation, context: CommentContext, pr: { number: number; fork: boolean }): Promise<{ url: string; commented: boolean }> {
  if (pr.fork) {
    core.notice('fork pull request: the token is read-only, so the comment is left to the workflow_run comment workflow (see the README)');
    return { url: '', commented: false };
  }
  try {
    // The token could write: this run owns the comment (also when its policy posted none).
    return { url: await postComment(ctx, evaluation, context, pr.number), commented: true };
  } catch (err) {
    if (!(err instanceof (await ctx.github()).edge.CommentPermissionError)) throw err;
    core.notice(`${err.message} The comment workflow (mode: comment) will post it.`);
    return { url: '', commented: false };
  }
}

export async function publishToPullRequest(ctx: RunContext, evaluation: Evaluation, context: CommentContext, outDir: string, reportPath: string): Promise<string> {
  const pr = ctx.event.pr;
  if (!pr) return '';
  const { url, commented } = await commentIfWeCan(ctx, evaluation, context, pr);
  try {
    await uploadPrReport(ctx, reportPath, renderComment(evaluation, context), outDir, commented);
  } catch (err) {
    core.warning(`could not upload the PR report artifact: ${err instanceof Error ? err.message : String(err)}`);
  }
  return url;
}
