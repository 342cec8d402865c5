/** One double serves the whole file (see double-env.testkit.ts); each test uses its own artifact name. */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import type { GitHubDouble } from '../../../test/support/github-double/index.ts';
import type * as Baseline from './baseline-artifact.ts';
import { startDoubleEnv, type DoubleEnv } from './double-env.testkit.ts';
import type { Octokit } from './octokit.ts';

describe('findBaselineArtifact / downloadBaselineReport', () => {
  let double: GitHubDouble;
  let octokit: Octokit;
  let mod: typeof Baseline;
  let tmp: string;
  let env: DoubleEnv;

  before(async () => {
    env = await startDoubleEnv();
    double = env.double;
    tmp = await mkdtemp(path.join(tmpdir(), 'dme-baseline-test-'));
    mod = await import('./baseline-artifact.ts');
    octokit = (await import('./octokit.ts')).createOctokit('ghs_test', { throttle: false });
  });
  afterEach(() => assert.deepEqual(double.violations, []));
  after(async () => {
    await env.stop();
    await rm(tmp, { recursive: true, force: true });
  });

  const query = (artifactName: string, baseSha: string) => ({
    owner: double.state.owner,
    repo: double.state.repo,
    defaultBranch: double.state.defaultBranch,
    baseSha,
    artifactName,
  });
  /** A successful push run of `sha` that stored `name`. */
  const stored = (sha: string, name: string, event = 'push') => {
    const run = double.state.addRun({ headSha: sha, event });
    const artifact = double.state.addArtifact(run.id, name, { 'report.json': JSON.stringify({ sha }) });
    return { run, artifact };
  };

  it("prefers the run of the base commit itself", async () => {
    const [older, base] = [double.state.addCommit(), double.state.addCommit()];
    stored(older, 'exact');
    const { run, artifact } = stored(base, 'exact');
    stored(double.state.addCommit(), 'exact'); // main moved on after the PR branched
    const seen = double.requests.length;
    const found = await mod.findBaselineArtifact(octokit, query('exact', base));
    assert.deepEqual(found, {
      runId: run.id,
      runUrl: `${double.serverUrl}/${double.state.owner}/${double.state.repo}/actions/runs/${run.id}`,
      sha: base,
      createdAt: run.createdAt,
      artifactId: artifact.id,
      artifactName: 'exact',
      behindBy: 0,
    });
    assert.equal(double.requests.slice(seen).filter((r) => r.route.includes('/compare/')).length, 0, 'no ancestry check needed');
  });

  it('else takes the newest ancestor that has one, and says how far behind it is', async () => {
    const ancestor = double.state.addCommit();
    const { run } = stored(ancestor, 'ancestor');
    double.state.addCommit();
    const base = double.state.addCommit();
    double.state.addRun({ headSha: base, event: 'push', conclusion: 'failure' }); // no artifact: it failed
    stored(double.state.addCommit(), 'ancestor'); // newer than the base: not an ancestor
    const found = await mod.findBaselineArtifact(octokit, query('ancestor', base));
    assert.equal(found?.runId, run.id);
    assert.equal(found?.sha, ancestor);
    assert.equal(found?.behindBy, 2);
  });

  it('never uses a pull request run, even a newer one of the base commit on a branch named main', async () => {
    const base = double.state.addCommit();
    const { run } = stored(base, 'guarded', 'schedule');
    const pr = double.state.addRun({ headSha: base, event: 'pull_request', headBranch: 'main' });
    double.state.addArtifact(pr.id, 'guarded', { 'report.json': '{"forged":true}' });
    const seen = double.requests.length;
    const found = await mod.findBaselineArtifact(octokit, query('guarded', base));
    assert.equal(found?.runId, run.id);
    const runQueries = double.requests.slice(seen).filter((r) => r.route === 'GET /repos/{owner}/{repo}/actions/runs').map((r) => r.query);
    assert.deepEqual(runQueries.map((q) => q['event']).sort(), ['push', 'schedule', 'workflow_dispatch']);
    assert.ok(runQueries.every((q) => q['branch'] === 'main' && q['status'] === 'success'));
  });

  it('ignores expired artifacts, other names and commits off the base history', async () => {
    const base = double.state.addCommit();
    stored(base, 'expired').artifact.expired = true;
    stored(base, 'expired-other-name');
    assert.equal(await mod.findBaselineArtifact(octokit, query('expired', base)), null);
    // A commit main no longer has (force-pushed away): compare says 404.
    const gone = double.state.addRun({ headSha: 'f'.repeat(40), event: 'push' });
    double.state.addArtifact(gone.id, 'gone', { 'report.json': '{}' });
    assert.equal(await mod.findBaselineArtifact(octokit, query('gone', base)), null);
  });

  it('is null when no main-branch run stored one', async () => {
    assert.equal(await mod.findBaselineArtifact(octokit, query('never-uploaded', double.state.addCommit())), null);
  });

  it('downloads the report and returns its path', async () => {
    const base = double.state.addCommit();
    stored(base, 'download');
    const candidate = await mod.findBaselineArtifact(octokit, query('download', base));
    assert.ok(candidate);
    const dir = path.join(tmp, 'download');
    const file = await mod.downloadBaselineReport({ candidate, token: 'ghs_test', owner: double.state.owner, repo: double.state.repo, dir });
    assert.equal(file, path.join(dir, 'report.json'));
    assert.deepEqual(JSON.parse(await readFile(file, 'utf8')), { sha: base });
  });

  it('says so when the artifact lacks the report file', async () => {
    const base = double.state.addCommit();
    const run = double.state.addRun({ headSha: base, event: 'push' });
    double.state.addArtifact(run.id, 'no-report', { 'other.json': '{}' });
    const candidate = await mod.findBaselineArtifact(octokit, query('no-report', base));
    assert.ok(candidate);
    await assert.rejects(
      mod.downloadBaselineReport({ candidate, token: 'ghs_test', owner: double.state.owner, repo: double.state.repo, dir: path.join(tmp, 'no-report') }),
      /has no report\.json/,
    );
  });
});
