/**
 * The data branch end to end through the GitHub double: written with real git over its
 * smart HTTP (the token as an extraheader, as the Action does), read back over the
 * OpenAPI-checked Git refs, Contents and blobs routes, as a pull request's run does.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { startGitHubDouble, type GitHubDouble } from '../../../test/support/github-double/index.ts';
import { branchLayout } from '../history/branch-layout.ts';
import { writeToBranch } from '../git-branch/branch-writer.ts';
import { gitAuth } from '../git-branch/git-auth.ts';
import { branchTip, listBranchKey, readBranchFile } from './branch-contents.ts';
import { createOctokit, type Octokit } from './octokit.ts';

const sha = (n: number) => n.toString(16).padStart(40, 'c');
const layout = branchLayout('bench', 'default');

describe('the data branch over the API and smart HTTP', () => {
  let double: GitHubDouble;
  let octokit: Octokit;
  const q = () => ({ owner: double.state.owner, repo: double.state.repo, branch: 'docs-mcp-eval-data' });
  const write = (token: string, writes: [string, string][], deletes: string[] = []) =>
    writeToBranch({ remote: double.gitUrl, branch: 'docs-mcp-eval-data', message: 'test', env: gitAuth(double.serverUrl, token).env, change: () => Promise.resolve({ writes: new Map(writes), deletes }) });

  before(async () => {
    double = await startGitHubDouble();
    octokit = createOctokit('ghs_test_token', { baseUrl: double.apiUrl, throttle: false });
  });
  afterEach(() => assert.deepEqual(double.violations, []));
  after(() => double.close());

  it('no branch yet: no tip, no listing', async () => {
    assert.equal(await branchTip(octokit, q()), null);
    assert.equal(await listBranchKey(octokit, q(), layout), null);
  });

  it('pushes need a token that may write: none is 401, a read-only one 403, each named with its fix', async () => {
    double.state.gitTokens.set('ghs_read_only', 'read');
    await assert.rejects(write('ghs_read_only', [['a.txt', 'x']]), /may not push to branch docs-mcp-eval-data \(HTTP 403\): give the job `permissions: contents: write`/);
    await assert.rejects(write('ghs_unknown', [['a.txt', 'x']]), /could not authenticate/);
    assert.equal(await branchTip(octokit, q()), null, 'nothing was written');
    const pushes = double.requests.filter((r) => r.route.startsWith('git:'));
    assert.ok(pushes.length > 0);
    for (const r of pushes) assert.doesNotMatch(`${r.path}?${new URLSearchParams(r.query).toString()}`, /ghs_/, 'the token is never in a URL');
  });

  it('lists a key at one commit and reads its files through the blobs API, large ones too', async () => {
    const big = `${JSON.stringify({ pad: 'y'.repeat(1_200_000) })}\n`;
    const written = await write('ghs_test_token', [
      [layout.historyFile, '{"line":1}\n'],
      [layout.reportFile(sha(1)), '{"r":1}\n'],
      [layout.reportFile(sha(2)), big],
      [`${layout.reportsDir}/notes.md`, 'not a report'],
      ['bench/other-key/history.jsonl', '{}\n'],
    ]);
    assert.ok(double.requests.some((r) => r.route === 'git:git-receive-pack' && r.status === 200 && /^basic /i.test(r.headers['authorization'] ?? '')));
    const listing = await listBranchKey(octokit, q(), layout);
    assert.equal(listing?.commit, written.commit);
    assert.deepEqual([...(listing?.reports.keys() ?? [])].sort(), [sha(1), sha(2)]);
    assert.equal(await readBranchFile(octokit, q(), listing.history!), '{"line":1}\n');
    assert.equal(await readBranchFile(octokit, q(), listing.reports.get(sha(2))!), big);
    await assert.rejects(readBranchFile(octokit, q(), listing.reports.get(sha(2))!, 1000), /is \d+ bytes, over the 1000-byte limit: not read/);
    await assert.rejects(readBranchFile(octokit, q(), { ...listing.history!, sha: 'f'.repeat(40) }), /Not Found/);
  });

  it('a key with no folder, or a file where its folder should be, holds nothing', async () => {
    await write('ghs_test_token', [['bench/plain', 'a file']]);
    assert.deepEqual((await listBranchKey(octokit, q(), branchLayout('bench', 'nothing-here')))?.reports.size, 0);
    const odd = await listBranchKey(octokit, q(), branchLayout('bench', 'plain'));
    assert.equal(odd?.history, null);
  });
});
