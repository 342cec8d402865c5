/** Link-header pagination, followed by octokit's paginate exactly as the Action will use it. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getOctokit } from '@actions/github';
import { startGitHubDouble, type GitHubDouble } from './index.ts';

describe('github double: pagination', () => {
  let double: GitHubDouble;
  let octokit: ReturnType<typeof getOctokit>;
  const repo = { owner: 'acme', repo: 'docs-server' };
  before(async () => {
    double = await startGitHubDouble();
    octokit = getOctokit('ghs_test', { baseUrl: double.apiUrl });
    for (let i = 1; i <= 120; i++) double.state.addComment(42, `comment ${i}`, i % 2 ? 'alice' : 'github-actions[bot]');
  });
  after(() => double.close());

  it('paginate returns all 120 comments, in order, at per_page 100', async () => {
    const all = await octokit.paginate(octokit.rest.issues.listComments, { ...repo, issue_number: 42, per_page: 100 });
    assert.equal(all.length, 120);
    assert.deepEqual(all.map((c) => c.body), Array.from({ length: 120 }, (_, i) => `comment ${i + 1}`));
    const pages = double.requests.filter((r) => r.route === 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments');
    assert.deepEqual(pages.map((r) => r.query['page'] ?? '1'), ['1', '2']);
    assert.deepEqual(double.violations, []);
  });

  it('defaults to 30 per page with next/last links on the API origin', async () => {
    const first = await octokit.rest.issues.listComments({ ...repo, issue_number: 42 });
    assert.equal(first.data.length, 30);
    const link = first.headers.link ?? '';
    assert.ok(link.includes(`<${double.apiUrl}/repos/acme/docs-server/issues/42/comments?per_page=30&page=2>; rel="next"`), link);
    assert.ok(link.includes('page=4>; rel="last"'), link);
    const last = await octokit.rest.issues.listComments({ ...repo, issue_number: 42, page: 4 });
    assert.equal(last.data.length, 30);
    assert.match(last.headers.link ?? '', /rel="prev".*rel="first"/);
    assert.doesNotMatch(last.headers.link ?? '', /rel="next"/);
    const all = await octokit.paginate(octokit.rest.issues.listComments, { ...repo, issue_number: 42 });
    assert.equal(all.length, 120);
  });

  it('per_page above 100 is capped like GitHub', async () => {
    const { data } = await octokit.rest.issues.listComments({ ...repo, issue_number: 42, per_page: 500 });
    assert.equal(data.length, 100);
  });

  it('workflow runs paginate with total_count', async () => {
    for (let i = 0; i < 35; i++) double.state.addRun({ headSha: double.state.mainCommits[0] ?? '', event: 'push' });
    const runs = await octokit.paginate(octokit.rest.actions.listWorkflowRunsForRepo, { ...repo, per_page: 10 });
    assert.equal(runs.length, 35);
    assert.equal(new Set(runs.map((r) => r.id)).size, 35);
    assert.deepEqual(double.violations, []);
  });
});
