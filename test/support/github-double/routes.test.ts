/**
 * Every route the double serves, hit through octokit: the canned payloads must validate
 * against GitHub's schemas (no violations), and the state must read back correctly.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getOctokit } from '@actions/github';
import { startGitHubDouble, specLoadMs, validatorCompileMs, type GitHubDouble } from './index.ts';

describe('github double: routes', () => {
  let double: GitHubDouble;
  let octokit: ReturnType<typeof getOctokit>;
  const started = performance.now();
  before(async () => {
    double = await startGitHubDouble();
    octokit = getOctokit('ghs_test', { baseUrl: double.apiUrl });
  });
  after(async () => {
    await double.close();
    const total = performance.now() - started;
    process.stdout.write(`# spec load ${specLoadMs().toFixed(0)} ms, validator compile ${validatorCompileMs().toFixed(0)} ms, suite ${total.toFixed(0)} ms\n`);
  });
  const repo = () => ({ owner: double.state.owner, repo: double.state.repo });

  it('comments: create, list, update, delete — authored by the bot', async () => {
    double.state.addComment(7, 'hello from a human', 'alice');
    const created = await octokit.rest.issues.createComment({ ...repo(), issue_number: 7, body: 'report v1' });
    assert.equal(created.status, 201);
    assert.equal(created.data.user?.login, 'github-actions[bot]');
    assert.equal(created.data.user?.type, 'Bot');
    assert.match(created.data.html_url, /#issuecomment-\d+$/);
    const updated = await octokit.rest.issues.updateComment({ ...repo(), comment_id: created.data.id, body: 'report v2' });
    assert.equal(updated.data.body, 'report v2');
    const listed = await octokit.rest.issues.listComments({ ...repo(), issue_number: 7 });
    assert.deepEqual(listed.data.map((c) => [c.user?.login, c.user?.type, c.body]), [
      ['alice', 'User', 'hello from a human'],
      ['github-actions[bot]', 'Bot', 'report v2'],
    ]);
    const deleted = await octokit.rest.issues.deleteComment({ ...repo(), comment_id: created.data.id });
    assert.equal(deleted.status, 204);
    assert.equal(double.state.comments.get(7)?.length, 1);
    assert.deepEqual(double.violations, []);
  });

  it('comments: a body over 65536 characters is refused like GitHub', async () => {
    const error = await octokit.rest.issues
      .createComment({ ...repo(), issue_number: 7, body: 'x'.repeat(65537) })
      .then(() => undefined, (e: unknown) => e as { status: number; message: string });
    assert.equal(error?.status, 422);
    assert.match(error.message, /body is too long \(maximum is 65536 characters\)/);
    await octokit.rest.issues.createComment({ ...repo(), issue_number: 7, body: 'x'.repeat(65536) });
    assert.deepEqual(double.violations, []);
  });

  it('pull request: head/base/fork/labels from state', async () => {
    double.state.addPull({ number: 12, headRef: 'docs-tweak', fork: true, labels: ['docs-mcp-eval'] });
    const { data } = await octokit.rest.pulls.get({ ...repo(), pull_number: 12 });
    assert.equal(data.head.ref, 'docs-tweak');
    assert.equal(data.head.repo?.fork, true);
    assert.notEqual(data.head.repo?.full_name, `${double.state.owner}/${double.state.repo}`);
    assert.equal(data.base.sha, double.state.mainCommits.at(-1));
    assert.deepEqual(data.labels.map((l) => l.name), ['docs-mcp-eval']);
    await assert.rejects(octokit.rest.pulls.get({ ...repo(), pull_number: 404 }), { status: 404 });
    assert.deepEqual(double.violations, []);
  });

  it('pull requests listed by head (owner:branch) and state, as GitHub filters them', async () => {
    double.state.addPull({ number: 31, headRef: 'shared', fork: true, labels: ['docs'] });
    double.state.addPull({ number: 32, headRef: 'shared' });
    double.state.addPull({ number: 33, headRef: 'shared', fork: true, state: 'closed' });
    const fork = await octokit.paginate(octokit.rest.pulls.list, { ...repo(), state: 'open', head: 'fork-contributor:shared', per_page: 100 });
    assert.deepEqual(fork.map((p) => [p.number, p.head.repo?.full_name]), [[31, `fork-contributor/${double.state.repo}`]]);
    const all = await octokit.paginate(octokit.rest.pulls.list, { ...repo(), state: 'all', head: 'fork-contributor:shared', per_page: 1 });
    assert.deepEqual(all.map((p) => p.number), [33, 31]);
    const own = await octokit.rest.pulls.list({ ...repo(), head: `${double.state.owner}:shared` });
    assert.deepEqual(own.data.map((p) => p.number), [32]);
    assert.deepEqual(double.violations, []);
  });

  it('issue labels and label events: from state, oldest first, paginated', async () => {
    double.state.addPull({ number: 21, labels: ['docs'] });
    double.state.labelPull(21, 'docs-mcp-eval:accept', 'maintainer', '2024-05-02T10:00:00Z');
    double.state.unlabelPull(21, 'docs', 'dependabot[bot]', '2024-05-01T09:00:00Z');
    const labels = await octokit.rest.issues.listLabelsOnIssue({ ...repo(), issue_number: 21 });
    assert.deepEqual(labels.data.map((l) => l.name), ['docs-mcp-eval:accept']);
    const { data: pull } = await octokit.rest.pulls.get({ ...repo(), pull_number: 21 });
    assert.equal(pull.labels[0]?.id, labels.data[0]?.id, 'one label, one id');
    const events = await octokit.paginate(octokit.rest.issues.listEvents, { ...repo(), issue_number: 21, per_page: 1 });
    assert.deepEqual(
      events.map((e) => [e.event, 'label' in e ? e.label.name : '', e.actor?.login, e.actor?.type, e.created_at]),
      [
        ['unlabeled', 'docs', 'dependabot[bot]', 'Bot', '2024-05-01T09:00:00Z'],
        ['labeled', 'docs-mcp-eval:accept', 'maintainer', 'User', '2024-05-02T10:00:00Z'],
      ],
    );
    await assert.rejects(octokit.rest.issues.listLabelsOnIssue({ ...repo(), issue_number: 404 }), { status: 404 });
    await assert.rejects(octokit.rest.issues.listEvents({ ...repo(), issue_number: 404 }), { status: 404 });
    assert.deepEqual(double.violations, []);
  });

  it('workflow runs: filters, pull requests, single run', async () => {
    const [first, second] = double.state.mainCommits;
    const push = double.state.addRun({ headSha: first ?? '', event: 'push' });
    double.state.addRun({ headSha: second ?? '', event: 'push', conclusion: 'failure' });
    double.state.addPull({ number: 3 });
    const pr = double.state.addRun({ headSha: double.state.pulls.get(3)?.headSha ?? '', event: 'pull_request', pullRequests: [3] });
    const ok = await octokit.rest.actions.listWorkflowRunsForRepo({ ...repo(), branch: 'main', event: 'push', status: 'success' });
    assert.deepEqual(ok.data.workflow_runs.map((r) => r.id), [push.id]);
    const bySha = await octokit.rest.actions.listWorkflowRunsForRepo({ ...repo(), head_sha: pr.headSha });
    assert.deepEqual(bySha.data.workflow_runs[0]?.pull_requests?.map((p) => p.number), [3]);
    assert.equal(bySha.data.workflow_runs[0]?.head_branch, 'feature-3');
    const excluded = await octokit.rest.actions.listWorkflowRunsForRepo({ ...repo(), head_sha: pr.headSha, exclude_pull_requests: true });
    assert.deepEqual(excluded.data.workflow_runs[0]?.pull_requests, []);
    const one = await octokit.rest.actions.getWorkflowRun({ ...repo(), run_id: push.id });
    assert.equal(one.data.head_sha, first);
    assert.deepEqual(double.violations, []);
  });

  it('artifacts: list by run and name, get, download redirect, expired is 410', async () => {
    const run = double.state.addRun({ headSha: double.state.mainCommits[0] ?? '', event: 'schedule' });
    const kept = double.state.addArtifact(run.id, 'docs-mcp-eval-baseline', { 'report.json': '{"ok":true}' });
    const old = double.state.addArtifact(run.id, 'old', { 'a.txt': 'a' });
    old.expired = true;
    const byRun = await octokit.rest.actions.listWorkflowRunArtifacts({ ...repo(), run_id: run.id, name: 'docs-mcp-eval-baseline' });
    assert.deepEqual(byRun.data.artifacts.map((a) => a.id), [kept.id]);
    const all = await octokit.rest.actions.listArtifactsForRepo({ ...repo() });
    assert.equal(all.data.total_count, 2);
    const got = await octokit.rest.actions.getArtifact({ ...repo(), artifact_id: old.id });
    assert.equal(got.data.expired, true);
    const redirect = await octokit.rest.actions.downloadArtifact({ ...repo(), artifact_id: kept.id, archive_format: 'zip', request: { redirect: 'manual' } });
    assert.equal(redirect.status, 302);
    const blob = await fetch(String(redirect.headers.location));
    assert.equal(blob.headers.get('content-type'), 'application/zip');
    assert.equal(Buffer.from(await blob.arrayBuffer()).subarray(0, 2).toString(), 'PK');
    // Without redirect: 'manual', fetch follows the 302 to the blob and octokit returns the bytes.
    const followed = await octokit.rest.actions.downloadArtifact({ ...repo(), artifact_id: kept.id, archive_format: 'zip' });
    assert.equal(Buffer.from(followed.data as ArrayBuffer).subarray(0, 2).toString(), 'PK');
    await assert.rejects(octokit.rest.actions.downloadArtifact({ ...repo(), artifact_id: old.id, archive_format: 'zip' }), { status: 410 });
    assert.deepEqual(double.violations, []);
  });

  it('compare: ahead, behind, identical along main; unknown sha is 404', async () => {
    const commits = double.state.mainCommits;
    const base = commits[1] ?? '';
    const head = commits[4] ?? '';
    const ahead = await octokit.rest.repos.compareCommitsWithBasehead({ ...repo(), basehead: `${base}...${head}` });
    assert.deepEqual([ahead.data.status, ahead.data.ahead_by, ahead.data.behind_by, ahead.data.total_commits], ['ahead', 3, 0, 3]);
    assert.deepEqual(ahead.data.commits.map((c) => c.sha), commits.slice(2, 5));
    const behind = await octokit.rest.repos.compareCommitsWithBasehead({ ...repo(), basehead: `${head}...${base}` });
    assert.deepEqual([behind.data.status, behind.data.behind_by], ['behind', 3]);
    const same = await octokit.rest.repos.compareCommitsWithBasehead({ ...repo(), basehead: `${base}...${base}` });
    assert.equal(same.data.status, 'identical');
    const branch = await octokit.rest.repos.compareCommitsWithBasehead({ ...repo(), basehead: `${base.slice(0, 7)}...main` });
    assert.equal(branch.data.ahead_by, 3);
    await assert.rejects(octokit.rest.repos.compareCommitsWithBasehead({ ...repo(), basehead: `${'0'.repeat(40)}...${head}` }), { status: 404 });
    assert.deepEqual(double.violations, []);
  });

  it('repository and user: default branch; GITHUB_TOKEN is not a user', async () => {
    const { data } = await octokit.rest.repos.get({ ...repo() });
    assert.equal(data.default_branch, 'main');
    assert.equal(data.full_name, 'acme/docs-server');
    await assert.rejects(octokit.rest.users.getAuthenticated(), { status: 403, message: /Resource not accessible by integration/ });
    await assert.rejects(octokit.rest.repos.get({ owner: 'someone', repo: 'else' }), { status: 404 });
    assert.deepEqual(double.violations, []);
  });

  it('REST responses carry GitHub headers', async () => {
    const { headers } = await octokit.rest.repos.get({ ...repo() });
    for (const name of ['x-github-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'x-ratelimit-used', 'x-ratelimit-resource']) {
      assert.ok(headers[name], name);
    }
    assert.equal(headers['content-type'], 'application/json; charset=utf-8');
  });
});
