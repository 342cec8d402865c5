/**
 * The fork-safe split: a fork PR's run cannot comment, so it uploads its report; the
 * workflow_run workflow (mode: comment) downloads it as data, checks it belongs to the
 * PR, compares it with the main-branch baseline and posts the sticky comment.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Report } from '../src/model/report.ts';
import { ROOT, runAction } from './support/action-runner.ts';
import { pullRequestPayload, workflowRunPayload } from './support/event-payloads.ts';
import type { GitHubDouble } from './support/github-double/index.ts';
import { useGitHubDouble } from './support/use-github-double.ts';

/** The comment workflow, triggered by the PR run `prRunId` whose head is `headSha`. */
function commentMode(d: GitHubDouble, prRunId: number, headSha: string, inputs: Record<string, string> = {}) {
  const tip = d.state.mainCommits.at(-1)!;
  const commentRun = d.state.addRun({ headSha: tip, event: 'workflow_run' });
  // GitHub's event names where the run's commit came from: the head branch and repository of the PR at that commit.
  const pull = [...d.state.pulls.values()].find((p) => p.headSha === headSha);
  return runAction({
    double: d,
    event: 'workflow_run',
    payload: workflowRunPayload(d, { id: prRunId, headSha, ...(pull ? { headBranch: pull.headRef, headRepo: pull.headRepo } : {}) }),
    inputs: { mode: 'comment', ...inputs },
    sha: tip,
    ref: 'refs/heads/main',
    runId: commentRun.id,
  });
}

describe('mode: comment from workflow_run', () => {
  let d: GitHubDouble;
  useGitHubDouble((double) => (d = double));

  async function forkRun(number: number) {
    const base = d.state.mainCommits.at(-1)!;
    const pr = d.state.addPull({ number, baseSha: base, fork: true });
    const run = d.state.addRun({ headSha: pr.headSha, event: 'pull_request', status: 'in_progress', conclusion: null });
    const r = await runAction({ double: d, event: 'pull_request', payload: pullRequestPayload(d, { number, headSha: pr.headSha, baseSha: base, fork: true }), sha: pr.headSha, ref: `refs/pull/${number}/merge`, runId: run.id });
    run.status = 'completed';
    run.conclusion = 'success';
    return { r, run, pr, base };
  }

  it('posts the comment a fork PR run could not, with the main-branch baseline', async () => {
    const { r: prRun, run, pr, base } = await forkRun(21);
    assert.equal(prRun.code, 0, prRun.log);
    const mainRun = d.state.addRun({ headSha: base, event: 'push', headBranch: 'main', conclusion: 'success', status: 'completed' });
    d.state.addArtifact(mainRun.id, 'docs-mcp-eval-report-default', { 'report.json': readFileSync(path.join(ROOT, 'baselines/reference.json')) });
    const r = await commentMode(d, run.id, pr.headSha);
    assert.equal(r.code, 0, r.log);
    const comments = (d.state.comments.get(21) ?? []).filter((c) => c.body.includes('docs-mcp-eval:sticky'));
    assert.equal(comments.length, 1);
    assert.match(comments[0]?.body ?? '', new RegExp(`main-branch run @ \`${base.slice(0, 7)}\``));
    assert.match(r.summary, /MRR@5/, 'the comment run writes its job summary too');
  });

  /** The reference baseline as if every case had ranked its best document first: the PR's real MRR is then a measured regression. */
  function perfectBaseline(): string {
    const report = JSON.parse(readFileSync(path.join(ROOT, 'baselines/reference.json'), 'utf8')) as Report;
    for (const c of report.cases) {
      if (!c.metrics) continue;
      c.metrics.reciprocalRank = 1;
      for (const at of Object.values(c.metrics.at ?? {})) at.reciprocalRank = 1;
    }
    for (const key of Object.keys(report.summary.metrics)) if (key.startsWith('mrr@')) report.summary.metrics[key] = 1;
    return JSON.stringify(report);
  }

  it('judges the fail-on gates itself and shows them in the comment, without failing the comment run', async () => {
    const { run, pr, base } = await forkRun(24);
    const mainRun = d.state.addRun({ headSha: base, event: 'push', headBranch: 'main', conclusion: 'success', status: 'completed' });
    d.state.addArtifact(mainRun.id, 'docs-mcp-eval-report-default', { 'report.json': perfectBaseline() });
    const r = await commentMode(d, run.id, pr.headSha, { 'fail-on': 'mrr@5 < -0.02' });
    assert.equal(r.code, 0, r.log);
    assert.match(r.log, /::warning title=docs-mcp-eval gate failed \(the pull request run fails the check\)::MRR@5 \(mrr@5\) changed by −0\.\d+/);
    const body = (d.state.comments.get(24) ?? []).find((c) => c.body.includes('docs-mcp-eval:sticky'))?.body ?? '';
    assert.match(body, /❌ \*\*1 fail-on gate\(s\) failed\*\*/);

    d.state.labelPull(24, 'docs-mcp-eval:accept', 'alice', '2026-11-20T10:00:00Z');
    const accepted = await commentMode(d, run.id, pr.headSha, { 'fail-on': 'mrr@5 < -0.02' });
    assert.equal(accepted.code, 0, accepted.log);
    const updated = (d.state.comments.get(24) ?? []).find((c) => c.body.includes('docs-mcp-eval:sticky'))?.body ?? '';
    assert.match(updated, /☑️ \*\*Regression accepted\*\* \(label `docs-mcp-eval:accept` added by @alice on 2026-11-20\)/);
  });

  it('one owner per PR and key: a same-repo PR run that commented is left alone by the comment workflow', async () => {
    const base = d.state.mainCommits.at(-1)!;
    const pr = d.state.addPull({ number: 26, baseSha: base });
    const run = d.state.addRun({ headSha: pr.headSha, event: 'pull_request', status: 'in_progress', conclusion: null });
    const prRun = await runAction({ double: d, event: 'pull_request', payload: pullRequestPayload(d, { number: 26, headSha: pr.headSha, baseSha: base }), sha: pr.headSha, ref: 'refs/pull/26/merge', runId: run.id });
    run.status = 'completed';
    run.conclusion = 'success';
    assert.equal(prRun.code, 0, prRun.log);
    const posted = (d.state.comments.get(26) ?? []).filter((c) => c.body.includes('docs-mcp-eval:sticky'));
    assert.equal(posted.length, 1);
    const body = posted[0]!.body;
    const r = await commentMode(d, run.id, pr.headSha, { 'fail-on': 'mrr@5 < 0.99' });
    assert.equal(r.code, 0, r.log);
    assert.match(r.log, /not commenting: the pull request's own run posted the default comment/);
    const after = (d.state.comments.get(26) ?? []).filter((c) => c.body.includes('docs-mcp-eval:sticky'));
    assert.deepEqual(after.map((c) => c.body), [body], 'the PR run\'s comment is untouched');
  });

  it('a same-repo PR whose token is read-only (Dependabot) gets its comment from the comment workflow', async () => {
    const base = d.state.mainCommits.at(-1)!;
    const pr = d.state.addPull({ number: 27, baseSha: base });
    const run = d.state.addRun({ headSha: pr.headSha, event: 'pull_request', status: 'in_progress', conclusion: null });
    d.failNext('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', 403);
    const prRun = await runAction({ double: d, event: 'pull_request', payload: pullRequestPayload(d, { number: 27, headSha: pr.headSha, baseSha: base }), sha: pr.headSha, ref: 'refs/pull/27/merge', runId: run.id });
    run.status = 'completed';
    run.conclusion = 'success';
    assert.equal(prRun.code, 0, prRun.log);
    assert.equal((d.state.comments.get(27) ?? []).length, 0);
    const r = await commentMode(d, run.id, pr.headSha);
    assert.equal(r.code, 0, r.log);
    assert.equal((d.state.comments.get(27) ?? []).filter((c) => c.body.includes('docs-mcp-eval:sticky')).length, 1);
  });

  it('refuses a report whose head sha is not the PR head (a run claiming another PR)', async () => {
    const { run } = await forkRun(22);
    const victim = d.state.addPull({ number: 23, baseSha: d.state.mainCommits.at(-1)! });
    const r = await commentMode(d, run.id, victim.headSha);
    assert.notEqual(r.code, 0, 'the mismatch fails the step');
    assert.equal((d.state.comments.get(23) ?? []).length, 0);
    assert.equal((d.state.comments.get(22) ?? []).length, 0);
  });

  it('posts nothing when a PR run forges another PR number in its artifact', async () => {
    const attacker = d.state.addPull({ number: 24, baseSha: d.state.mainCommits.at(-1)!, fork: true });
    const victim = d.state.addPull({ number: 25, baseSha: d.state.mainCommits.at(-1)! });
    const run = d.state.addRun({ headSha: attacker.headSha, event: 'pull_request', conclusion: 'success', status: 'completed' });
    const meta = { prNumber: victim.number, headSha: attacker.headSha, key: 'default', reportFile: 'report.json', markdownFile: 'comment.md' };
    d.state.addArtifact(run.id, 'docs-mcp-eval-pr-report-default', {
      'meta.json': JSON.stringify(meta),
      'report.json': readFileSync(path.join(ROOT, 'baselines/reference.json')),
      'comment.md': 'pwned',
    });
    const r = await commentMode(d, run.id, attacker.headSha);
    assert.match(r.log, /the PR artifact names pull request #25, but the run it came from built fork-contributor\/docs-server:feature-24, the head of #24: not posting/);
    assert.equal((d.state.comments.get(victim.number) ?? []).length, 0);
  });
});
