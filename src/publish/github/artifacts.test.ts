import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import type { GitHubDouble } from '../../../test/support/github-double/index.ts';
import type * as Artifacts from './artifacts.ts';
import { startDoubleEnv, type DoubleEnv } from './double-env.testkit.ts';
import type { Octokit } from './octokit.ts';

describe('artifacts', () => {
  let env: DoubleEnv;
  let double: GitHubDouble;
  let mod: typeof Artifacts;
  let octokit: Octokit;
  let tmp: string;

  before(async () => {
    env = await startDoubleEnv();
    double = env.double;
    tmp = await mkdtemp(path.join(tmpdir(), 'dme-artifacts-test-'));
    mod = await import('./artifacts.ts');
    octokit = (await import('./octokit.ts')).createOctokit('ghs_test', { throttle: false });
  });
  afterEach(() => assert.deepEqual(double.violations, []));
  after(async () => {
    await env.stop();
    await rm(tmp, { recursive: true, force: true });
  });

  describe('artifactName', () => {
    it('is docs-mcp-eval-<kind>-<key>', () => {
      assert.equal(mod.artifactName('report', 'default'), 'docs-mcp-eval-report-default');
      assert.equal(mod.artifactName('history', 'default'), 'docs-mcp-eval-history-default');
      assert.equal(mod.artifactName('pr-report', 'search v2'), 'docs-mcp-eval-pr-report-search-v2');
    });

    it('maps any key to safe characters', () => {
      const name = mod.artifactName('report', ' ../a/b:c*d?"<x>|\\\ny ');
      assert.match(name, /^docs-mcp-eval-report-[A-Za-z0-9._-]+$/);
      assert.equal(name.includes('..'), false);
      assert.equal(mod.artifactName('report', '///'), 'docs-mcp-eval-report-default');
      assert.ok(mod.artifactName('report', 'k'.repeat(500)).length <= 'docs-mcp-eval-report-'.length + 100);
    });
  });

  it('uploadFiles stores the files relative to the root, with the retention asked for', async () => {
    const root = path.join(tmp, 'upload');
    await mkdir(root, { recursive: true });
    await writeFile(path.join(root, 'report.json'), '{"ok":true}');
    await writeFile(path.join(root, 'meta.json'), '{}');
    const seen = double.requests.length;
    const result = await mod.uploadFiles('docs-mcp-eval-pr-report-default', [path.join(root, 'report.json'), path.join(root, 'meta.json')], root, { retentionDays: 7 });
    const stored = double.state.uploaded.find((a) => a.id === result.id);
    assert.ok(stored, 'uploaded');
    assert.equal(stored.name, 'docs-mcp-eval-pr-report-default');
    assert.deepEqual(Object.keys(stored.files).sort(), ['meta.json', 'report.json']);
    assert.ok(result.size > 0);
    const create = double.requests.slice(seen).find((r) => r.route === 'runtime:CreateArtifact');
    assert.ok(create && typeof create.body === 'object' && create.body !== null && 'expires_at' in create.body, JSON.stringify(create?.body));
  });

  it('uploadFiles on a re-run replaces the earlier attempt\'s artifact of the same name (GitHub answers 409 otherwise)', async () => {
    const root = path.join(tmp, 'rerun');
    await mkdir(root, { recursive: true });
    await writeFile(path.join(root, 'report.json'), '{"attempt":1}');
    const first = await mod.uploadFiles('docs-mcp-eval-report-rerun', [path.join(root, 'report.json')], root);
    assert.equal(first.replaced, false);
    await writeFile(path.join(root, 'report.json'), '{"attempt":2}');
    const second = await mod.uploadFiles('docs-mcp-eval-report-rerun', [path.join(root, 'report.json')], root);
    assert.equal(second.replaced, true);
    const onRun = double.state.artifacts.filter((a) => a.runId === double.state.currentRunId && a.name === 'docs-mcp-eval-report-rerun');
    assert.deepEqual(onRun.map((a) => a.files['report.json']?.toString('utf8')), ['{"attempt":2}']);
    assert.ok(double.requests.some((r) => r.route === 'runtime:DeleteArtifact'));
  });

  describe('downloadLatestArtifact', () => {
    const query = (artifactName: string, dir: string) => ({
      owner: double.state.owner,
      repo: double.state.repo,
      defaultBranch: double.state.defaultBranch,
      artifactName,
      token: 'ghs_test',
      dir,
    });
    const history = (sha: string, event: string, content: string, name = 'docs-mcp-eval-history-default', conclusion = 'success') => {
      const run = double.state.addRun({ headSha: sha, event, conclusion, ...(event === 'pull_request' ? { headBranch: 'feature' } : {}) });
      double.state.addArtifact(run.id, name, { 'history.jsonl': content });
    };

    it("fetches the newest trusted run's artifact, skipping PR and failed runs", async () => {
      history(double.state.addCommit(), 'push', 'old\n');
      history(double.state.addCommit(), 'schedule', 'newest trusted\n');
      history(double.state.addCommit(), 'push', 'failed run\n', undefined, 'failure');
      history('a'.repeat(40), 'pull_request', 'from a PR\n');
      const dir = await mod.downloadLatestArtifact(octokit, query('docs-mcp-eval-history-default', path.join(tmp, 'history')));
      assert.ok(dir);
      assert.equal(await readFile(path.join(dir, 'history.jsonl'), 'utf8'), 'newest trusted\n');
    });

    it('is null when there is none yet', async () => {
      assert.equal(await mod.downloadLatestArtifact(octokit, query('docs-mcp-eval-history-none', path.join(tmp, 'none'))), null);
    });
  });
});
