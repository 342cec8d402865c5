/**
 * dist/action.js on pull_request events, run as a runner runs it, against the loopback
 * GitHub double (every request and response checked against GitHub's OpenAPI
 * description) and the embedded default's real reference server.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from './support/action-runner.ts';
import { prRun } from './support/pull-request-run.ts';
import type { GitHubDouble } from './support/github-double/index.ts';
import { useGitHubDouble } from './support/use-github-double.ts';

const BASELINE = readFileSync(path.join(ROOT, 'baselines/reference.json'), 'utf8');
const ARTIFACT = 'docs-mcp-eval-report-default';

function stickyComments(d: GitHubDouble, pr: number) {
  return (d.state.comments.get(pr) ?? []).filter((c) => c.body?.includes('docs-mcp-eval:sticky'));
}

function storeMainBaseline(d: GitHubDouble, sha: string, report = BASELINE) {
  const run = d.state.addRun({ headSha: sha, event: 'push', headBranch: d.state.defaultBranch, conclusion: 'success', status: 'completed' });
  d.state.addArtifact(run.id, ARTIFACT, { 'report.json': report });
  return run;
}

describe('the Action on pull requests', () => {
  let d: GitHubDouble;
  useGitHubDouble((double) => (d = double));

  it('first run without any baseline: creates the comment, says so, passes, writes summary and outputs', async () => {
    const base = d.state.mainCommits.at(-1)!;
    const r = await prRun(d, { number: 1, baseSha: base });
    assert.equal(r.code, 0, r.log);
    const [comment, ...more] = stickyComments(d, 1);
    assert.equal(more.length, 0);
    assert.match(comment?.body ?? '', /no main-branch baseline yet/);
    assert.match(r.summary, /MRR@5/);
    assert.equal(r.outputs['baseline'], 'none');
    assert.match(r.outputs['comment-url'] ?? '', new RegExp(`#issuecomment-${comment?.id}$`));
    assert.ok(d.state.uploaded.some((a) => a.name === 'docs-mcp-eval-pr-report-default'), 'PR report artifact uploaded');
    assert.match(r.log, /::group::docs-mcp-eval: run/);
  });

  it('second run updates the same comment, with the base commit baseline', async () => {
    const base = d.state.mainCommits.at(-1)!;
    storeMainBaseline(d, base);
    const firstId = stickyComments(d, 1)[0]?.id;
    const r = await prRun(d, { number: 1, baseSha: base });
    assert.equal(r.code, 0, r.log);
    const comments = stickyComments(d, 1);
    assert.equal(comments.length, 1);
    assert.equal(comments[0]?.id, firstId);
    assert.match(comments[0]?.body ?? '', new RegExp(base.slice(0, 7)));
    assert.equal(r.outputs['baseline'], `artifact:${base}`);
    assert.match(comments[0]?.body ?? '', /\| MRR@5 \(↑ better\) .*= same/);
    // The HTML page: uploaded as its own artifact, linked from the comment and the summary by the URL the upload's id makes.
    const page = d.state.uploaded.filter((a) => a.name === 'docs-mcp-eval-page-default').at(-1);
    assert.ok(page, 'page artifact uploaded');
    const html = page.files['report.html']?.toString('utf8') ?? '';
    assert.match(html, /^<!doctype html>[^]*Content-Security-Policy[^]*id="dme-cases-1"/, 'the page, with the baseline run');
    const url = r.outputs['report-html-url'] ?? '';
    assert.match(url, new RegExp(`/actions/runs/${page.runId}/artifacts/${page.id}$`));
    assert.ok(comments[0]?.body?.includes(`[HTML report (every case, charts)](${url})`), 'comment links the page');
    assert.ok(r.summary.includes(`(${url})`), 'job summary links the page');
    assert.match(r.outputs['report-html'] ?? '', /report\.html$/);
  });

  it('uses the newest ancestor with a baseline when the base has none, and says how far behind', async () => {
    const older = d.state.addCommit();
    storeMainBaseline(d, older);
    d.state.addCommit();
    const base = d.state.addCommit();
    const r = await prRun(d, { number: 2, baseSha: base });
    assert.equal(r.code, 0, r.log);
    assert.equal(r.outputs['baseline'], `artifact:${older}`);
    assert.match(stickyComments(d, 2)[0]?.body ?? '', /2 commits behind/);
  });

  it('never takes a baseline from a pull request run, even a newer one', async () => {
    const base = d.state.addCommit();
    const prRunOnBase = d.state.addRun({ headSha: base, event: 'pull_request', conclusion: 'success', status: 'completed' });
    d.state.addArtifact(prRunOnBase.id, ARTIFACT, { 'report.json': BASELINE });
    const r = await prRun(d, { number: 3, baseSha: base });
    assert.equal(r.code, 0, r.log);
    assert.notEqual(r.outputs['baseline'], `artifact:${base}`);
  });

  it('finds its comment among 120 others across pages and never duplicates it', async () => {
    for (let i = 0; i < 60; i++) d.state.addComment(4, `review comment ${i}`, 'reviewer', 'User');
    const base = d.state.mainCommits.at(-1)!;
    await prRun(d, { number: 4, baseSha: base });
    for (let i = 0; i < 60; i++) d.state.addComment(4, `more ${i}`, 'reviewer', 'User');
    const r = await prRun(d, { number: 4, baseSha: base });
    assert.equal(r.code, 0, r.log);
    assert.equal(stickyComments(d, 4).length, 1);
    assert.ok(d.requests.some((q) => q.route.includes('/issues/{issue_number}/comments') && q.query['page'] === '2'), 'read page 2');
  });

  it('retries a 5xx from GitHub', async () => {
    d.failNext('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', 502, 1);
    const r = await prRun(d, { number: 5, baseSha: d.state.mainCommits.at(-1)! });
    assert.equal(r.code, 0, r.log);
    assert.equal(stickyComments(d, 5).length, 1);
  });

  it('waits out a short primary rate limit', async () => {
    d.rateLimitNext('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', 1, 'primary');
    const r = await prRun(d, { number: 6, baseSha: d.state.mainCommits.at(-1)! });
    assert.equal(r.code, 0, r.log);
    assert.equal(stickyComments(d, 6).length, 1);
  });

  it('on a fork PR does not comment, passes, writes the summary and uploads the report for the comment workflow', async () => {
    const uploadsBefore = d.state.uploaded.length;
    const r = await prRun(d, { number: 7, baseSha: d.state.mainCommits.at(-1)!, fork: true });
    assert.equal(r.code, 0, r.log);
    assert.equal(stickyComments(d, 7).length, 0);
    assert.match(r.summary, /MRR@5/);
    assert.ok(d.state.uploaded.length > uploadsBefore);
    assert.match(r.log, /workflow_run/);
  });

  it('passes when the token may not comment (403), with a notice', async () => {
    d.failNext('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', 403, 1);
    const r = await prRun(d, { number: 8, baseSha: d.state.mainCommits.at(-1)! });
    assert.equal(r.code, 0, r.log);
    assert.match(r.log, /::notice::.*workflow_run/);
  });
});
