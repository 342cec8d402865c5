/**
 * dist/action.js with history-store: branch, against the GitHub double's real bare
 * repository (smart HTTP for the pushes, the Git refs / Contents / blobs routes for the
 * reads): an empty branch seeded from the newest history artifact, three mainline writes
 * (push, schedule, workflow_dispatch) with history-pages, whose dashboard opens in Chromium
 * with three points per trend, a re-run of the same attempt, a pull request and a
 * fork's reading them back through the API, a move back to artifacts that keeps every
 * run, and a forged report on the branch refused by name.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { writeToBranch } from '../src/publish/git-branch/branch-writer.ts';
import { gitAuth } from '../src/publish/git-branch/git-auth.ts';
import { serializeHistory } from '../src/publish/history/jsonl.ts';
import { runAction } from './support/action-runner.ts';
import { launchChromium } from './support/chromium.ts';
import { readDashboard, readPage } from './support/page-fixtures.ts';
import { pullRequestPayload, pushPayload, schedulePayload, workflowDispatchPayload } from './support/event-payloads.ts';
import type { GitHubDouble } from './support/github-double/index.ts';
import { useGitHubDouble } from './support/use-github-double.ts';

const BRANCH = 'docs-mcp-eval-data';
const BRANCH_INPUTS = { 'history-store': 'branch', 'history-size': '2', 'history-pages': 'true' };

function git(d: GitHubDouble, ...args: string[]): string {
  return execFileSync('git', args, { cwd: d.state.git.dir, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
}

const tip = (d: GitHubDouble) => git(d, 'rev-parse', BRANCH).trim();
const historyRuns = (d: GitHubDouble) =>
  git(d, 'show', `${BRANCH}:default/history.jsonl`)
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { runId?: number }).runId);
const reports = (d: GitHubDouble) => git(d, 'ls-tree', '--name-only', BRANCH, 'default/reports/').trim().split('\n');

describe('the Action with history-store: branch', () => {
  let d: GitHubDouble;
  useGitHubDouble((double) => (d = double));
  const seedRuns: number[] = [];

  async function mainline(event: 'push' | 'schedule' | 'workflow_dispatch', inputs: Record<string, string> = BRANCH_INPUTS, runId?: number) {
    const before = d.state.mainCommits.at(-1)!;
    const sha = event === 'push' ? d.state.addCommit() : before;
    const run = runId === undefined ? d.state.addRun({ headSha: sha, event, headBranch: d.state.defaultBranch, status: 'in_progress', conclusion: null }) : d.state.workflowRuns.find((r) => r.id === runId)!;
    const payload = event === 'push' ? pushPayload(d, { before, after: sha }) : event === 'schedule' ? schedulePayload(d) : workflowDispatchPayload(d);
    const seen = d.requests.length;
    const r = await runAction({ double: d, event, payload, sha: run.headSha, ref: `refs/heads/${d.state.defaultBranch}`, runId: run.id, inputs });
    run.status = 'completed';
    run.conclusion = 'success';
    return { r, run, requests: d.requests.slice(seen) };
  }

  it('the first push seeds the empty branch from the newest history artifact and writes one commit named after the run', async () => {
    // An earlier main-branch run kept its history as an artifact only.
    const old = d.state.addRun({ headSha: d.state.mainCommits.at(-1)!, event: 'schedule' });
    const lines = [1, 2].map((n) => ({ date: `2026-01-0${n}T03:00:00.000Z`, runId: 700 + n, sha: d.state.mainCommits.at(-1)!, dataset: 'old', datasetHash: 'old', k: 5, metrics: { 'mrr@5': 0.5 } }));
    seedRuns.push(701, 702);
    d.state.addArtifact(old.id, 'docs-mcp-eval-history-default', { 'history.jsonl': serializeHistory(lines) });

    const { r, run, requests } = await mainline('push');
    assert.equal(r.code, 0, r.log);
    assert.deepEqual(historyRuns(d), [...seedRuns, run.id]);
    assert.deepEqual(reports(d), [`default/reports/${run.headSha}.json`]);
    assert.equal(typeof (JSON.parse(git(d, 'show', `${BRANCH}:default/reports/${run.headSha}.json`)) as { schemaVersion?: unknown }).schemaVersion, 'number');
    assert.equal(git(d, 'log', '-1', '--format=%s%n%an', BRANCH).trim(), `docs-mcp-eval: default run ${run.id} attempt 1 (push at ${run.headSha.slice(0, 7)})\ngithub-actions[bot]`);
    assert.match(r.summary, new RegExp(`History: branch \\[\`${BRANCH}\`\\]\\(.*/tree/${BRANCH}/default\\), \`default/history.jsonl\` \\(3 runs`));
    assert.match(r.summary, /starts from the newest history artifact's 2 run\(s\)/);
    assert.match(r.summary, /```mermaid\nxychart-beta/);
    // history-pages: the run's page, the dashboard and .nojekyll, in the same one commit; the summary links them (not github.com: in the branch).
    assert.deepEqual(git(d, 'ls-tree', '--name-only', BRANCH).trim().split('\n').sort(), ['.nojekyll', 'default', 'index.html']);
    assert.match(git(d, 'show', `${BRANCH}:default/report.html`), /<html lang="en">[^]*id="dme-meta"/);
    const blob = `${d.serverUrl}/${d.state.owner}/${d.state.repo}/blob/${BRANCH}`;
    assert.ok(r.summary.includes(`Dashboard: [\`index.html\`](${blob}/index.html) on branch \`${BRANCH}\` (every key's trends) · this key's newest report: [\`default/report.html\`](${blob}/default/report.html).`), r.summary);
    // history-store: branch keeps no history artifact, and the push carried the token only as a header.
    assert.equal(d.state.uploaded.some((a) => a.runId === run.id && a.name.startsWith('docs-mcp-eval-history-')), false);
    const pushes = requests.filter((q) => q.route === 'git:git-receive-pack');
    assert.equal(pushes.length, 1);
    assert.match(pushes[0]?.headers['authorization'] ?? '', /^basic /i);
    assert.ok(requests.filter((q) => q.route.startsWith('git:')).every((q) => !`${q.path}${JSON.stringify(q.query)}`.includes('ghs_')));
    // The header's value is registered as a secret (the runner masks what follows ::add-mask::), and is nowhere else.
    const header = Buffer.from('x-access-token:ghs_test_token').toString('base64');
    assert.deepEqual(r.log.split('\n').filter((l) => l.includes(header) || l.includes('ghs_test_token')), [`::add-mask::${header}`]);
  });

  it('schedule and workflow_dispatch on main: compared with the branch baseline, appended, reports pruned to history-size and every line kept', async () => {
    const nightly = await mainline('schedule');
    assert.equal(nightly.r.code, 0, nightly.r.log);
    assert.equal(nightly.r.outputs['baseline'], `branch:${nightly.run.headSha}`, nightly.r.log);
    const manual = await mainline('workflow_dispatch');
    assert.equal(manual.r.code, 0, manual.r.log);
    assert.equal(historyRuns(d).length, 5);
    assert.deepEqual(reports(d), [`default/reports/${d.state.mainCommits.at(-1)}.json`], 'schedule and dispatch ran at the same commit: one report for it');
    assert.equal(git(d, 'rev-list', '--count', BRANCH).trim(), '3', 'one commit per run');
  });

  it('a re-run of the same attempt does not append twice', async () => {
    const last = d.state.workflowRuns.filter((r) => r.event === 'workflow_dispatch').at(-1)!;
    const { r } = await mainline('workflow_dispatch', BRANCH_INPUTS, last.id);
    assert.equal(r.code, 0, r.log);
    const runs = historyRuns(d);
    assert.equal(runs.length, 5);
    assert.equal(runs.filter((id) => id === last.id).length, 1);
  });

  it('the dashboard from the branch opens in Chromium with three points per trend, and links the key\'s newest page', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-branch-pages-'));
    const browser = await launchChromium();
    try {
      // The branch as GitHub Pages would serve it: its files on disk.
      execFileSync('tar', ['-x', '-C', dir], { input: execFileSync('git', ['archive', BRANCH], { cwd: d.state.git.dir, maxBuffer: 64 << 20 }) });
      const dashboard = readDashboard(readFileSync(path.join(dir, 'index.html'), 'utf8'));
      assert.deepEqual(dashboard.keys.map((k) => [k.key, k.runs, k.link]), [['default', 5, 'default/report.html']], 'the seeded runs are in the key\'s history');
      const page = await browser.open(path.join(dir, 'index.html'));
      await page.waitForSelector('html[data-ready=true]');
      const charts = await page.locator('#dashboard-charts figure').count();
      assert.equal(charts, dashboard.trends.length);
      assert.ok(charts >= 4, `a chart per headline metric: ${dashboard.trends.map((t) => t.metric).join(', ')}`);
      // Each trend is this key's three runs of the current dataset (the seeded runs measured another).
      const rows = await page.locator('#dashboard-charts figure details tbody').evaluateAll((bodies) => bodies.map((b) => b.querySelectorAll('tr').length));
      assert.deepEqual(rows, Array.from({ length: charts }, () => 3));
      for (const summary of await page.locator('#dashboard-charts .chart-summary').allTextContents()) assert.match(summary, /default: 3 runs, newest /);
      // The key's link opens its newest page: the last run's report, with its own trend.
      await page.click('table.keys a');
      await page.waitForSelector('html[data-ready=true]');
      assert.equal(new URL(page.url()).pathname, path.join(dir, 'default/report.html'));
      const newest = readPage(path.join(dir, 'default/report.html')).meta;
      assert.equal(newest.runs[0]!.report.git.sha, d.state.mainCommits.at(-1));
      assert.ok(newest.trends.length > 0 && newest.trends.every((t) => t.points.length === 3), 'its trend: the same three runs');
      assert.deepEqual(browser.problems, []);
      assert.deepEqual(browser.requests.filter((url) => !url.startsWith(`file://${dir}/`)), [], 'nothing fetched');
    } finally {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a pull request reads the baseline and history through the API, and writes nothing', async () => {
    const before = tip(d);
    const base = d.state.mainCommits.at(-1)!;
    const pr = d.state.addPull({ number: 31, baseSha: base });
    const run = d.state.addRun({ headSha: pr.headSha, event: 'pull_request', pullRequests: [31] });
    const seen = d.requests.length;
    const r = await runAction({ double: d, event: 'pull_request', payload: pullRequestPayload(d, { number: 31, headSha: pr.headSha, baseSha: base }), sha: pr.headSha, ref: 'refs/pull/31/merge', runId: run.id, inputs: BRANCH_INPUTS });
    assert.equal(r.code, 0, r.log);
    assert.equal(r.outputs['baseline'], `branch:${base}`);
    const comment = d.state.comments.get(31)?.find((c) => c.body.includes('docs-mcp-eval:sticky'))?.body ?? '';
    assert.match(comment, new RegExp(`Baseline: main-branch run @ \`${base.slice(0, 7)}\` \\(\\d{4}-\\d{2}-\\d{2}, at the base commit\\) · \\[run\\]\\(.*\\) · from branch \`${BRANCH}\``));
    const routes = new Set(d.requests.slice(seen).map((q) => q.route));
    for (const route of ['GET /repos/{owner}/{repo}/git/ref/{ref}', 'GET /repos/{owner}/{repo}/contents/{path}', 'GET /repos/{owner}/{repo}/git/blobs/{file_sha}']) assert.ok(routes.has(route), route);
    assert.equal([...routes].some((route) => route.startsWith('git:')), false, 'no git traffic at all');
    assert.equal(tip(d), before);
  });

  it('a fork pull request cannot write, and still finds the baseline', async () => {
    const before = tip(d);
    const base = d.state.mainCommits.at(-1)!;
    const pr = d.state.addPull({ number: 32, baseSha: base, fork: true });
    const run = d.state.addRun({ headSha: pr.headSha, event: 'pull_request', pullRequests: [32] });
    const seen = d.requests.length;
    const r = await runAction({
      double: d,
      event: 'pull_request',
      payload: pullRequestPayload(d, { number: 32, headSha: pr.headSha, baseSha: base, fork: true }),
      sha: pr.headSha,
      ref: 'refs/pull/32/merge',
      runId: run.id,
      // What a fork gets: a read-only token (and save-baseline cannot make it write to the branch).
      inputs: { ...BRANCH_INPUTS, 'save-baseline': 'always', 'github-token': 'ghs_fork_read_only' },
    });
    assert.equal(r.code, 0, r.log);
    assert.equal(r.outputs['baseline'], `branch:${base}`);
    assert.equal(d.requests.slice(seen).some((q) => q.route.startsWith('git:')), false);
    assert.equal(tip(d), before);
  });

  it('back to artifacts: the next run uploads a history that holds every run the branch kept', async () => {
    const { r, run } = await mainline('push', { 'history-size': '10' });
    assert.equal(r.code, 0, r.log);
    const uploaded = d.state.uploaded.find((a) => a.runId === run.id && a.name === 'docs-mcp-eval-history-default');
    const runs = (uploaded?.files['history.jsonl']?.toString('utf8') ?? '').trim().split('\n').map((l) => (JSON.parse(l) as { runId: number }).runId);
    assert.deepEqual(runs.slice(0, 2), seedRuns);
    assert.equal(runs.length, 6, 'the 2 seeded runs, the 3 runs written to the branch (the re-run once), and this one');
    assert.equal(runs.at(-1), run.id);
    assert.match(r.summary, /History: artifact `docs-mcp-eval-history-default` \(6 runs, at most 10\)/);
  });

  it('what the branch holds is data: a forged report is refused by name, broken history lines are skipped and counted', async () => {
    const base = d.state.addCommit();
    await writeToBranch({
      remote: d.gitUrl,
      branch: BRANCH,
      message: 'forged',
      env: gitAuth(d.serverUrl, 'ghs_test_token').env,
      change: async (branchTip) => {
        const history = (await branchTip.read('default/history.jsonl')) ?? '';
        const line = serializeHistory([{ date: new Date().toISOString(), runId: 990, sha: base, dataset: 'x', datasetHash: 'x', k: 5, metrics: {} }]);
        return { writes: new Map([['default/history.jsonl', `${history}{"broken\n${line}`], [`default/reports/${base}.json`, '{"schemaVersion":99,"cases":"<img src=x>"}']]), deletes: [] };
      },
    });
    const pr = d.state.addPull({ number: 33, baseSha: base });
    const run = d.state.addRun({ headSha: pr.headSha, event: 'pull_request', pullRequests: [33] });
    const r = await runAction({ double: d, event: 'pull_request', payload: pullRequestPayload(d, { number: 33, headSha: pr.headSha, baseSha: base }), sha: pr.headSha, ref: 'refs/pull/33/merge', runId: run.id, inputs: BRANCH_INPUTS });
    assert.equal(r.code, 0, r.log);
    assert.match(r.log, new RegExp(`::warning::could not read the baseline on branch ${BRANCH}: ${BRANCH}:default/reports/${base}.json: report schemaVersion 99 is not 1`));
    assert.match(r.log, new RegExp(`::warning::${BRANCH}:default/history.jsonl has 1 unreadable line\\(s\\), skipped`));
    // The branch failed it; the artifacts (from the run above) still hold an ancestor's baseline.
    assert.match(r.outputs['baseline'] ?? '', /^artifact:/);
  });
});

