import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import type { GitHubDouble } from '../../../test/support/github-double/index.ts';
import { startDoubleEnv, type DoubleEnv } from './double-env.testkit.ts';
import type { Octokit } from './octokit.ts';
import type * as PrArtifact from './pr-artifact.ts';
import type * as Untrusted from './untrusted-file.ts';

const NAME = 'docs-mcp-eval-pr-report-default';

describe('loadPrReport', () => {
  let env: DoubleEnv;
  let double: GitHubDouble;
  let mod: typeof PrArtifact;
  let UntrustedFileError: typeof Untrusted.UntrustedFileError;
  let octokit: Octokit;
  let tmp: string;
  let dirs = 0;

  before(async () => {
    env = await startDoubleEnv();
    double = env.double;
    tmp = await mkdtemp(path.join(tmpdir(), 'dme-pr-artifact-test-'));
    mod = await import('./pr-artifact.ts');
    ({ UntrustedFileError } = await import('./untrusted-file.ts'));
    octokit = (await import('./octokit.ts')).createOctokit('ghs_test', { throttle: false });
  });
  afterEach(() => assert.deepEqual(double.violations, []));
  after(async () => {
    await env.stop();
    await rm(tmp, { recursive: true, force: true });
  });

  /** PR `number` at a fresh head, and the pull_request run that uploaded `files` for it. */
  const prRun = (number: number, files: (headSha: string) => Record<string, string>) => {
    const pull = double.state.addPull({ number });
    const run = double.state.addRun({ headSha: pull.headSha, event: 'pull_request', pullRequests: [number] });
    double.state.addArtifact(run.id, NAME, files(pull.headSha));
    return { pull, run };
  };
  const goodFiles = (prNumber: number) => (headSha: string) => ({
    'meta.json': JSON.stringify({ prNumber, headSha, key: 'default', reportFile: 'report.json', markdownFile: 'comment.md' }),
    'report.json': '{"summary":{}}',
    'comment.md': '## docs-mcp-eval\n',
  });
  const load = (runId: number, headSha: string) =>
    mod.loadPrReport(octokit, { owner: double.state.owner, repo: double.state.repo, runId, headSha, artifactName: NAME, token: 'ghs_test', dir: path.join(tmp, String(++dirs)) });
  const mismatch = (reason: string) => (err: unknown) => err instanceof mod.PrArtifactMismatchError && err.reason === reason;

  it('loads the report of the PR that the run built', async () => {
    const { pull, run } = prRun(21, goodFiles(21));
    const loaded = await load(run.id, pull.headSha);
    assert.deepEqual(loaded.meta, { prNumber: 21, headSha: pull.headSha, key: 'default', reportFile: 'report.json', markdownFile: 'comment.md' });
    assert.deepEqual(JSON.parse(await readFile(loaded.reportPath, 'utf8')), { summary: {} });
    assert.equal(await readFile(loaded.markdownPath, 'utf8'), '## docs-mcp-eval\n');
  });

  it('refuses an artifact whose meta names another commit than the run built', async () => {
    const { pull, run } = prRun(22, (sha) => goodFiles(22)(sha.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))));
    await assert.rejects(load(run.id, pull.headSha), mismatch('meta-head-sha'));
  });

  it("refuses an artifact claiming another PR's number", async () => {
    double.state.addPull({ number: 30 }); // the victim PR, at its own head
    const { pull, run } = prRun(23, goodFiles(30));
    await assert.rejects(load(run.id, pull.headSha), mismatch('pull-head-sha'));
  });

  it('refuses an artifact naming a PR that does not exist', async () => {
    const { pull, run } = prRun(24, goodFiles(9999));
    await assert.rejects(load(run.id, pull.headSha), mismatch('pull-not-found'));
  });

  it('refuses when the workflow_run head sha is not the one the artifact came from', async () => {
    const { run } = prRun(25, goodFiles(25));
    await assert.rejects(load(run.id, 'c'.repeat(40)), mismatch('artifact-run'));
  });

  it('refuses file names that leave the artifact directory', async () => {
    const { pull, run } = prRun(26, (headSha) => ({
      'meta.json': JSON.stringify({ prNumber: 26, headSha, key: 'default', reportFile: '../../../etc/passwd', markdownFile: 'comment.md' }),
    }));
    await assert.rejects(load(run.id, pull.headSha), (err: unknown) => err instanceof UntrustedFileError && /reportFile/.test(err.message));
  });

  it('refuses a report that is not a JSON object', async () => {
    const { pull, run } = prRun(27, (headSha) => ({ ...goodFiles(27)(headSha), 'report.json': '"just a string"' }));
    await assert.rejects(load(run.id, pull.headSha), UntrustedFileError);
  });

  it('says so when the run uploaded no artifact', async () => {
    const pull = double.state.addPull({ number: 28 });
    const run = double.state.addRun({ headSha: pull.headSha, event: 'pull_request', pullRequests: [28] });
    await assert.rejects(load(run.id, pull.headSha), /has no \(unexpired\) artifact named/);
  });
});

describe('parsePrReportMeta', () => {
  const sha = 'a'.repeat(40);
  const good = { prNumber: 1, headSha: sha, key: 'default', reportFile: 'report.json', markdownFile: 'comment.md' };

  it('keeps only the known fields', async () => {
    const { parsePrReportMeta } = await import('./pr-artifact.ts');
    const parsed = parsePrReportMeta(JSON.parse(JSON.stringify({ ...good, extra: 1 })) as unknown);
    assert.deepEqual(parsed, good);
    assert.equal(Object.getPrototypeOf(parsePrReportMeta(JSON.parse(`{"__proto__":{"x":1},${JSON.stringify(good).slice(1)}`))), Object.prototype);
  });

  it('rejects wrong types and shapes', async () => {
    const { parsePrReportMeta } = await import('./pr-artifact.ts');
    for (const bad of [null, [], 'x', { ...good, prNumber: '1' }, { ...good, prNumber: 1.5 }, { ...good, prNumber: 0 }, { ...good, headSha: 'HEAD' }, { ...good, key: 'a\nb' }, { ...good, markdownFile: '.hidden' }, { ...good, reportFile: 'a/b.json' }]) {
      assert.throws(() => parsePrReportMeta(bad), /meta\.json in the PR artifact is invalid/, JSON.stringify(bad));
    }
  });
});
