/**
 * The fork-PR comment flow on the double, as GitHub runs it: a pull request run (from a
 * fork unless said otherwise) that left its report artifact, then the workflow_run
 * comment workflow (`mode: comment`) triggered by it, with the event payload GitHub would
 * send (the run's head sha, head branch and head repository).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Report } from '../../src/model/report.ts';
import { ROOT, runAction, type ActionRun } from './action-runner.ts';
import { workflowRunPayload } from './event-payloads.ts';
import type { GitHubDouble } from './github-double/index.ts';
import type { PullRequest, StoredArtifact, WorkflowRun } from './github-double/state.ts';

export const PR_ARTIFACT = 'docs-mcp-eval-pr-report-default';
export const MARKER = '<!-- docs-mcp-eval:sticky key="default" -->';

/** The committed reference baseline, parsed afresh. */
export function referenceReport(): Report {
  return JSON.parse(readFileSync(path.join(ROOT, 'baselines/reference.json'), 'utf8')) as Report;
}

/** A completed pull_request run of PR `pull` (added to the double): what the comment workflow is triggered by. */
export function pullRequestRun(d: GitHubDouble, pull: Partial<PullRequest> & { number: number }): { pr: PullRequest; run: WorkflowRun } {
  const pr = d.state.addPull({ fork: true, baseSha: d.state.mainCommits.at(-1)!, ...pull });
  const run = d.state.addRun({ headSha: pr.headSha, event: 'pull_request', headBranch: pr.headRef, headRepository: pr.headRepo, status: 'completed', conclusion: 'success' });
  return { pr, run };
}

/** The PR run's report artifact: meta.json naming `prNumber` (and the run's head), the report, a comment.md that must be ignored. */
export function prArtifact(d: GitHubDouble, run: WorkflowRun, prNumber: number, report: string | Buffer, meta: Record<string, unknown> = {}): StoredArtifact {
  return d.state.addArtifact(run.id, PR_ARTIFACT, {
    'meta.json': JSON.stringify({ prNumber, headSha: run.headSha, key: 'default', reportFile: 'report.json', markdownFile: 'comment.md', ...meta }),
    'report.json': report,
    'comment.md': '<img src=https://evil.example/pwned.png> the artifact\'s own comment.md: never posted',
  });
}

/** The main-branch baseline: a successful push run of the default branch's tip with its report artifact. */
export function mainBaseline(d: GitHubDouble, report: Report | string): void {
  const run = d.state.addRun({ headSha: d.state.mainCommits.at(-1)!, event: 'push', headBranch: d.state.defaultBranch, status: 'completed', conclusion: 'success' });
  d.state.addArtifact(run.id, 'docs-mcp-eval-report-default', { 'report.json': typeof report === 'string' ? report : JSON.stringify(report) });
}

/** The comment workflow, triggered by the completed PR run `run`. */
export function commentRun(d: GitHubDouble, run: WorkflowRun, inputs: Record<string, string> = {}): Promise<ActionRun> {
  const tip = d.state.mainCommits.at(-1)!;
  const own = d.state.addRun({ headSha: tip, event: 'workflow_run' });
  const payload = workflowRunPayload(d, { id: run.id, headSha: run.headSha, headBranch: run.headBranch ?? 'feature', ...(run.headRepository ? { headRepo: run.headRepository } : {}) });
  return runAction({ double: d, event: 'workflow_run', payload, inputs: { mode: 'comment', ...inputs }, sha: tip, ref: 'refs/heads/main', runId: own.id });
}

/** Comments on `number` that carry the sticky marker anywhere. */
export function stickyComments(d: GitHubDouble, number: number) {
  return (d.state.comments.get(number) ?? []).filter((c) => c.body.includes(MARKER));
}
