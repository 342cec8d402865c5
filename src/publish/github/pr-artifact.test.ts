import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import type { GitHubDouble } from '../../../test/support/github-double/index.ts';
import { startDoubleEnv, type DoubleEnv } from './double-env.testkit.ts';
import type { Octokit } from './octokit.ts';
import type * as PrArtifact from './pr-artifact.ts';
import { UntrustedFileError } from './untrusted-file.ts';

const NAME = 'docs-mcp-eval-pr-report-default';
const REPORT = readFileSync(path.resolve(import.meta.dirname, '../../../baselines/reference.json'), 'utf8');

describe('loadPrReport', () => {
  let env: DoubleEnv;
  let double: GitHubDouble;
  let mod: typeof PrArtifact;
  let octokit: Octokit;

  before(async () => {
    env = await startDoubleEnv();
    double = env.double;
    mod = await import('./pr-artifact.ts');
    octokit = (await import('./octokit.ts')).createOctokit('ghs_test', { throttle: false });
  });
  afterEach(() => assert.deepEqual(double.violations, []));
  after(() => env.stop());

  /** Fork PR `number` at a fresh head, and its pull_request run that uploaded `files`. */
  const prRun = (number: number, files: (headSha: string) => Record<string, string>) => {
    const pull = double.state.addPull({ number, fork: true });
    const run = double.state.addRun({ headSha: pull.headSha, event: 'pull_request', headBranch: pull.headRef, headRepository: pull.headRepo });
    double.state.addArtifact(run.id, NAME, files(pull.headSha));
    return { pull, run };
  };
  const goodFiles = (prNumber: number) => (headSha: string) => ({
    'meta.json': JSON.stringify({ prNumber, headSha, key: 'default', reportFile: 'report.json', markdownFile: 'comment.md' }),
    'report.json': REPORT,
    'comment.md': '## docs-mcp-eval\n',
  });
  const load = (runId: number, pull: { headSha: string; headRef: string; headRepo: string }, headSha = pull.headSha) =>
    mod.loadPrReport(octokit, { owner: double.state.owner, repo: double.state.repo, runId, headSha, headBranch: pull.headRef, headRepository: pull.headRepo, artifactName: NAME });
  const mismatch = (reason: string) => (err: unknown) => err instanceof mod.PrArtifactMismatchError && err.reason === reason;

  it('loads the report of the PR that GitHub says the run built', async () => {
    const { pull, run } = prRun(21, goodFiles(21));
    const loaded = await load(run.id, pull);
    assert.equal(loaded.pull, 21);
    assert.deepEqual(loaded.meta, { prNumber: 21, headSha: pull.headSha, key: 'default', reportFile: 'report.json', markdownFile: 'comment.md' });
    assert.equal(loaded.report.cases.length, 65);
  });

  it('refuses an artifact whose meta names another commit than the run built', async () => {
    const { pull, run } = prRun(22, (sha) => goodFiles(22)(sha.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))));
    await assert.rejects(load(run.id, pull), mismatch('meta-head-sha'));
  });

  it("refuses an artifact claiming another PR's number, even one at the same commit", async () => {
    const { pull, run } = prRun(23, goodFiles(30));
    double.state.addPull({ number: 30, headSha: pull.headSha, headRef: 'copy' });
    await assert.rejects(load(run.id, pull), mismatch('artifact-pull'));
  });

  it('says when no open PR, or several, come from the branch the run built', async () => {
    const { pull, run } = prRun(24, goodFiles(24));
    double.state.addPull({ number: 25, fork: true, headRef: pull.headRef, headSha: pull.headSha });
    await assert.rejects(load(run.id, pull), (err: unknown) => mismatch('several-pulls')(err) && /2 open pull requests \(#25, #24\)/.test((err as Error).message));
    double.state.pulls.get(24)!.state = 'closed';
    double.state.pulls.get(25)!.state = 'closed';
    await assert.rejects(load(run.id, pull), mismatch('no-pull'));
  });

  it('refuses when the PR has moved on, or the workflow_run head sha is not the one the artifact came from', async () => {
    const { pull, run } = prRun(26, goodFiles(26));
    await assert.rejects(load(run.id, pull, 'c'.repeat(40)), mismatch('pull-head-sha'));
    double.state.pulls.get(26)!.headSha = 'c'.repeat(40);
    await assert.rejects(load(run.id, pull, 'c'.repeat(40)), mismatch('artifact-run'));
  });

  it('refuses a report that is not a report, naming the first problem', async () => {
    const { pull, run } = prRun(27, (headSha) => ({ ...goodFiles(27)(headSha), 'report.json': '{"schemaVersion":1,"summary":{}}' }));
    await assert.rejects(load(run.id, pull), /report\.json in the PR artifact: not a valid docs-mcp-eval report: \/: missing required field "tool"/);
  });

  it('says so when the run uploaded no artifact, or the artifact has no report', async () => {
    const pull = double.state.addPull({ number: 28, fork: true });
    const run = double.state.addRun({ headSha: pull.headSha, event: 'pull_request', headBranch: pull.headRef, headRepository: pull.headRepo });
    await assert.rejects(load(run.id, pull), /has no \(unexpired\) artifact named/);
    double.state.addArtifact(run.id, NAME, { 'meta.json': goodFiles(28)(pull.headSha)['meta.json'] });
    await assert.rejects(load(run.id, pull), (err: unknown) => err instanceof UntrustedFileError && /has no report\.json/.test(err.message));
  });
});

describe('parsePrReportMeta', () => {
  const sha = 'a'.repeat(40);
  const good = { prNumber: 1, headSha: sha, key: 'default', reportFile: 'report.json', markdownFile: 'comment.md' };

  it('returns a fresh object of the known fields; a "__proto__" key is an unknown field', async () => {
    const { parsePrReportMeta } = await import('./pr-artifact.ts');
    assert.deepEqual(parsePrReportMeta(JSON.parse(JSON.stringify(good)) as unknown), good);
    assert.throws(() => parsePrReportMeta(JSON.parse(`{"__proto__":{"x":1},${JSON.stringify(good).slice(1)}`)), /unexpected field "__proto__"/);
  });

  it('rejects wrong types, shapes and unknown fields, naming the field', async () => {
    const { parsePrReportMeta } = await import('./pr-artifact.ts');
    const cases: [unknown, RegExp][] = [
      [null, /\/: expected object, found null/],
      [[], /\/: expected object, found an array/],
      [{ ...good, prNumber: '1' }, /\/prNumber: expected integer, found a string "1"/],
      [{ ...good, prNumber: 1.5 }, /\/prNumber: expected integer/],
      [{ ...good, prNumber: 0 }, /\/prNumber: expected a number >= 1/],
      [{ ...good, headSha: 'HEAD' }, /\/headSha: expected a value matching/],
      [{ ...good, key: 'a\nb' }, /\/key: expected a value matching/],
      [{ ...good, markdownFile: '.hidden' }, /\/markdownFile/],
      [{ ...good, reportFile: 'a/b.json' }, /\/reportFile/],
      [{ ...good, extra: 1 }, /unexpected field "extra"/],
    ];
    for (const [bad, message] of cases) assert.throws(() => parsePrReportMeta(bad), (err: Error) => /^meta\.json in the PR artifact is invalid: /.test(err.message) && message.test(err.message), JSON.stringify(bad));
  });
});
