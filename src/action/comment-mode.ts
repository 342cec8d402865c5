/**
 * mode: comment — run from a workflow_run-triggered workflow that has a write token and
 * never checks out or runs PR code (GitHub Security Lab's "pwn request" guidance). It
 * asks GitHub which open pull request the triggering run built (its head repository and
 * branch), reads that run's report artifact bounded and schema-checked, and posts only
 * when the artifact agrees. The PR's report is data: re-rendered here with every value
 * escaped, never posted as given, compared with the main-branch baseline here, and its
 * fail-on gates judged from this workflow's own inputs (shown and annotated, not
 * enforced: the PR's own run is the check).
 */
import * as core from './safe-core.ts';
import { makeTempDir } from '../shared/temp-dir.ts';
import { compareReports } from '../compare/compare-reports.ts';
import { comparisonWork, UNTRUSTED_WORK_LIMIT } from '../compare/comparison-work.ts';
import { judgingOptions } from '../config/run-options.ts';
import type { Evaluation } from '../model/comparison.ts';
import { judgeGates } from '../pipeline/judge-evaluation.ts';
import { UsageError } from '../shared/run-errors.ts';
import { readReport } from '../report/read-report.ts';
import { resolveBaseline } from './baseline.ts';
import { renderComment } from '../publish/comment/index.ts';
import { lookUpAcceptance, reportGates } from './gates-step.ts';
import { postComment } from './pull-request.ts';
import { historyStores, loadHistory, storeRetention } from './history-stores.ts';
import { retentionNotice } from '../publish/history/retention.ts';
import { DEFAULTS } from '../config/config.ts';
import type { RunContext } from './run-context.ts';

export async function commentMode(ctx: RunContext): Promise<void> {
  const { event, inputs } = ctx;
  const { edge, octokit } = await ctx.github();
  const run = event.workflowRun;
  if (!run) throw new UsageError('mode: comment runs on workflow_run events (see the README for the two-workflow setup)');
  if (!octokit) throw new UsageError('mode: comment needs github-token');
  if (run.event !== 'pull_request') {
    core.info(`the triggering run was a ${run.event} run, not a pull request: nothing to comment on`);
    return;
  }
  if (!run.headBranch || !run.headRepository) throw new UsageError('the workflow_run event names no head branch or head repository: cannot tell which pull request the run built');
  let loaded;
  try {
    loaded = await edge.loadPrReport(octokit, {
      owner: event.owner,
      repo: event.repo,
      runId: run.id,
      headSha: run.headSha,
      headBranch: run.headBranch,
      headRepository: run.headRepository,
      artifactName: edge.artifactName('pr-report', inputs.commentKey),
    });
  } catch (err) {
    // Not a forgery, and nothing to post: the PR has new commits (their run comments), was
    // closed, or several PRs share the branch (a warning: a maintainer should know).
    if (err instanceof edge.PrArtifactMismatchError && (err.reason === 'pull-head-sha' || err.reason === 'no-pull' || err.reason === 'several-pulls')) {
      (err.reason === 'several-pulls' ? core.warning : core.notice)(`not commenting: ${err.message}`);
      return;
    }
    throw err;
  }
  if (loaded.meta.commented === true) {
    // One owner per PR and key: the PR's own run had a write token and commented itself.
    core.notice(`not commenting: the pull request's own run posted the ${inputs.commentKey} comment (its token could write)`);
    return;
  }
  const report = loaded.report;
  const pull = await octokit.rest.pulls.get({ owner: event.owner, repo: event.repo, pull_number: loaded.pull });
  const prEvent = { ...event, name: 'pull_request', pr: { number: loaded.pull, baseSha: pull.data.base.sha, headSha: run.headSha, fork: false, labels: [] } };
  const stores = historyStores(ctx);
  const baseline = await resolveBaseline(inputs, prEvent, stores, { github: ctx.github, workspace: ctx.workspace, tmpDir: makeTempDir('dme-baseline-') });
  // Judged here, by this workflow's own inputs (fail-on, min-effect, alpha), never by anything the PR run wrote.
  const { gates, stats } = judgingOptions(inputs.run);
  // Timings judged against the main-branch history too, as in the PR's own run.
  const history = await loadHistory(stores);
  const historyOptions = { minRuns: inputs.run.historyMinRuns ?? DEFAULTS.historyMinRuns };
  const baselineReport = baseline.path ? await readReport(baseline.path) : null;
  if (baselineReport) {
    // Counted before it is done: a forged report must not hold this job for minutes (comparison-work.ts).
    const work = comparisonWork(baselineReport, report);
    if (work.total > UNTRUSTED_WORK_LIMIT) {
      core.warning(
        `not commenting: the pull request's report is too large to compare here: ${work.sharedCases} shared cases × ${work.qualityRows} quality rows + ${work.samples} samples = ${work.total}, ` +
          `over the comment workflow's limit of ${UNTRUSTED_WORK_LIMIT}; the pull request's own run compared it (its job summary)`,
      );
      return;
    }
  }
  const comparison = baselineReport
    ? compareReports(baselineReport, report, { baselineLabel: baseline.info.sha?.slice(0, 7) ?? 'baseline', stats, history, historyOptions })
    : null;
  const evaluation: Evaluation = { report, comparison };
  if (!comparison && baseline.info.note) evaluation.baselineNote = baseline.info.note;
  judgeGates(evaluation, gates);
  const acceptance = await lookUpAcceptance({ ...ctx, event: prEvent }, evaluation);
  const runUrl = `${process.env['GITHUB_SERVER_URL'] ?? 'https://github.com'}/${event.owner}/${event.repo}/actions/runs/${run.id}`;
  const notice = retentionNotice(await storeRetention(stores), new Date());
  const context = { key: inputs.commentKey, baseline: baseline.info, runUrl, headSha: run.headSha, acceptance, notices: notice ? [notice] : [] };
  // The summary on every run, this one too: what was posted, re-rendered from the data here.
  await core.summary.addRaw(renderComment(evaluation, context)).write();
  const url = await postComment({ ...ctx, event: prEvent }, evaluation, context, loaded.pull);
  core.setOutput('comment-url', url);
  reportGates(evaluation, acceptance, inputs.acceptLabel, { failStep: false });
}
