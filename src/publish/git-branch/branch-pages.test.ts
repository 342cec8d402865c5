/**
 * history-pages on a real data branch (a bare repository on disk): the run's page, the
 * dashboard of every key and .nojekyll go into the run's one commit; the dashboard is
 * rebuilt from every key's history at the tip written on, also when another writer's
 * push came first; folders someone else pushed are shown as text and never linked.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { HistoryEntry } from '../../report/history-entry.ts';
import { branchLayout } from '../history/branch-layout.ts';
import { serializeHistory } from '../history/jsonl.ts';
import { bareRepo, git, raceWriters } from '../../../test/support/data-branch.ts';
import { readDashboard } from '../../../test/support/page-fixtures.ts';
import { branchPages, NOJEKYLL } from './branch-pages.ts';
import { writeToBranch } from './branch-writer.ts';
import { saveRunToBranch } from './save-run.ts';

const BRANCH = 'docs-mcp-eval-data';
const sha = (n: number) => n.toString(16).padStart(40, 'b');
const entry = (runId: number, p50: number): HistoryEntry => ({ date: new Date(Date.UTC(2026, 1, 1, 0, runId)).toISOString(), runId, sha: sha(runId), dataset: 'docs', datasetHash: 'h', k: 5, metrics: { 'mrr@5': 0.5, 'search.p50': p50 } });

describe('history-pages on a data branch with real git', () => {
  let root: string;
  let remote: string;
  let page: string;
  const show = (file: string) => git(remote, 'show', `${BRANCH}:${file}`);

  async function save(key: string, runId: number, options: { page?: boolean; root?: string } = {}) {
    const layout = branchLayout(options.root ?? 'bench', key);
    const problems: string[] = [];
    const saved = await saveRunToBranch({
      remote,
      branch: BRANCH,
      layout,
      message: `run ${runId}`,
      run: { entry: entry(runId, 10 + runId), report: { sha: sha(runId), json: `{"run":${runId}}\n` }, seed: [], keepReports: 5 },
      alsoWrite: branchPages({ layout, title: 'acme/docs', reportPage: options.page === false ? undefined : page, onProblem: (m) => problems.push(m) }),
    });
    assert.deepEqual(problems, []);
    return saved;
  }

  before(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'dme-pages-test-'));
    remote = bareRepo(root, 'pages.git');
    page = path.join(root, 'report.html');
    writeFileSync(page, '<!doctype html><title>the run</title>\n');
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it("puts the run's page, the dashboard and .nojekyll into the run's one commit", async () => {
    await save('default', 1);
    assert.equal(git(remote, 'rev-list', '--count', BRANCH).trim(), '1');
    assert.equal(show('bench/default/report.html'), '<!doctype html><title>the run</title>\n');
    assert.equal(show(NOJEKYLL), '', 'at the branch root, where Pages serves from');
    const meta = readDashboard(show('bench/index.html'));
    assert.deepEqual(meta.keys.map((k) => [k.key, k.runs, k.link]), [['default', 1, 'default/report.html']]);
    assert.deepEqual(meta.trends.map((t) => t.metric), ['mrr@5', 'search.p50']);
  });

  it("rebuilds the dashboard from every key's history; a key without a page gets no link", async () => {
    await save('nightly', 2, { page: false });
    await save('default', 3);
    const meta = readDashboard(show('bench/index.html'));
    assert.deepEqual(meta.keys.map((k) => [k.key, k.runs, k.link]), [['default', 2, 'default/report.html'], ['nightly', 1, null]]);
    const p50 = meta.trends.find((t) => t.metric === 'search.p50')!;
    assert.deepEqual(p50.lines.map((l) => [l.key, l.points.map((p) => p.value)]), [['default', [11, 13]], ['nightly', [12]]]);
    assert.equal(git(remote, 'rev-list', '--count', BRANCH).trim(), '3', 'one commit per run, pages included');
  });

  it('writing the same run again makes no commit: the dashboard depends only on the branch', async () => {
    const before = git(remote, 'rev-parse', BRANCH).trim();
    const again = await save('default', 3);
    assert.equal(again.changed, false);
    assert.equal(git(remote, 'rev-parse', BRANCH).trim(), before);
  });

  it('a folder someone else pushed is shown by its name as text, never linked', async () => {
    const hostile = ['<img src=x onerror=alert(1)>', '*', ':(glob)**', '_jekyll'];
    await writeToBranch({
      remote,
      branch: BRANCH,
      message: 'planted',
      change: () => Promise.resolve({ writes: new Map(hostile.flatMap((name) => [[`bench/${name}/history.jsonl`, serializeHistory([entry(9, 5)])], [`bench/${name}/report.html`, 'x']])), deletes: [] }),
    });
    await save('default', 4);
    const html = show('bench/index.html');
    const meta = readDashboard(html);
    assert.deepEqual(meta.keys.map((k) => [k.key, k.runs, k.link]).sort(), [
      ['*', 1, null],
      [':(glob)**', 1, null],
      ['<img src=x onerror=alert(1)>', 1, null],
      ['_jekyll', 1, '_jekyll/report.html'],
      ['default', 3, 'default/report.html'],
      ['nightly', 1, null],
    ].sort());
    assert.ok(!html.slice(0, html.indexOf('<script')).includes('<img'), 'the name is escaped in the table');
  });

  it('two writers of two keys racing: the loser rebuilds the dashboard on the new tip, so it holds both', async () => {
    const race = `file://${bareRepo(root, 'race.git')}`;
    const writers = [
      { name: 'one', key: 'one', runs: [301, 302], pages: true },
      { name: 'two', key: 'two', runs: [401, 402], pages: true },
    ];
    const results = await raceWriters({ remote: race, branch: 'data', root, keepReports: 5, writers });
    assert.ok(results.some((r) => r.attempts >= 2), `someone retried: ${JSON.stringify(results)}`);
    const bare = race.slice('file://'.length);
    const meta = readDashboard(git(bare, 'show', 'data:index.html'));
    assert.deepEqual(meta.keys.map((k) => [k.key, k.runs]), [['one', 2], ['two', 2]]);
    assert.equal(git(bare, 'rev-list', '--count', 'data').trim(), '4', 'one commit per run');
  });

  it('at the root of the branch (history-path empty): index.html beside the key folders; a folder name is a name, never a pattern', async () => {
    // At the root a name starts the path: `:(glob)…` would be pathspec magic to git.
    await writeToBranch({ remote, branch: BRANCH, message: 'planted', change: () => Promise.resolve({ writes: new Map([[':(glob)k/history.jsonl', serializeHistory([entry(9, 5)])]]), deletes: [] }) });
    await save('default', 5, { root: '' });
    const meta = readDashboard(show('index.html'));
    assert.deepEqual(meta.keys.map((k) => k.key), [':(glob)k', 'default'], 'bench/ has no history.jsonl: not a key');
  });
});
