import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { HistoryEntry } from '../../report/history-entry.ts';
import { branchLayout, checkBranchName, checkHistoryPath, reportShaOf } from './branch-layout.ts';
import { HISTORY_LINE_CAP, planBranchUpdate } from './branch-update.ts';
import { parseHistory, parseHistoryLines, serializeHistory } from './jsonl.ts';
import { mergeHistories } from './merge.ts';

const sha = (n: number) => n.toString(16).padStart(40, '0');

const entry = (runId: number | undefined, n: number, extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
  date: `2026-11-${String(n).padStart(2, '0')}T03:00:00.000Z`,
  ...(runId !== undefined ? { runId } : {}),
  sha: sha(n),
  dataset: 'docs',
  datasetHash: 'h1',
  k: 5,
  metrics: { 'mrr@5': n / 100 },
  ...extra,
});

const layout = branchLayout('bench', 'default');

describe('branch layout', () => {
  it('puts every key in its own folder under history-path, the dashboard at its root', () => {
    assert.equal(layout.historyFile, 'bench/default/history.jsonl');
    assert.equal(layout.reportFile(sha(3)), `bench/default/reports/${sha(3)}.json`);
    assert.equal(layout.pageFile, 'bench/default/report.html');
    assert.equal(layout.dashboardFile, 'bench/index.html');
    assert.equal(branchLayout('', 'k').historyFile, 'k/history.jsonl');
    assert.equal(branchLayout('', 'k').dashboardFile, 'index.html');
  });

  it('refuses names that could leave the folder', () => {
    assert.throws(() => branchLayout('', '..'), /cannot name a folder/);
    assert.throws(() => layout.reportFile('../../x'), /not a commit sha/);
    assert.equal(reportShaOf(`${sha(1)}.json`), sha(1));
    assert.equal(reportShaOf('notes.json'), undefined);
  });

  it('checks history-path and history-branch, saying what is wrong', () => {
    assert.deepEqual(checkHistoryPath(''), { path: '' });
    assert.deepEqual(checkHistoryPath('./'), { path: '' });
    assert.deepEqual(checkHistoryPath('bench/docs/'), { path: 'bench/docs' });
    for (const bad of ['../x', '/abs', 'a/../b', 'a b', 'a/./b']) assert.match((checkHistoryPath(bad) as { error: string }).error, /history-path must be a relative folder/, bad);
    assert.deepEqual(checkBranchName('docs-mcp-eval-data'), { branch: 'docs-mcp-eval-data' });
    assert.deepEqual(checkBranchName('data/bench_1.2'), { branch: 'data/bench_1.2' });
    for (const bad of ['', '-x', 'a..b', '.a', 'a/', 'a.lock', 'a b', 'x@{1}', 'HEAD', 'a.']) assert.ok('error' in checkBranchName(bad), bad);
  });
});

describe('planBranchUpdate', () => {
  it('appends the run and writes its report; the first run on an empty branch starts from the seed', () => {
    const update = planBranchUpdate(layout, { history: null, reportNames: [] }, { entry: entry(3, 3), report: { sha: sha(3), json: '{"r":3}' }, seed: [entry(1, 1), entry(2, 2)], keepReports: 5 });
    assert.equal(update.seeded, 2);
    assert.equal(update.lines, 3);
    assert.deepEqual(parseHistory(update.writes.get(layout.historyFile) ?? '').map((e) => e.runId), [1, 2, 3]);
    assert.equal(update.writes.get(layout.reportFile(sha(3))), '{"r":3}');
    assert.deepEqual(update.deletes, []);
  });

  it('uses the branch, not the seed, once the key has a history there', () => {
    const history = serializeHistory([entry(7, 7)]);
    const update = planBranchUpdate(layout, { history, reportNames: [] }, { entry: entry(8, 8), seed: [entry(1, 1)], keepReports: 5 });
    assert.equal(update.seeded, 0);
    assert.deepEqual(parseHistory(update.writes.get(layout.historyFile) ?? '').map((e) => e.runId), [7, 8]);
  });

  it('a re-run of one workflow run replaces its line, and keeps every other line as written, unreadable ones included', () => {
    const odd = '{"kind":"evaluation","timestamp":1}\nnot json at all';
    const history = `${serializeHistory([entry(1, 1), entry(2, 2)])}${odd}\n`;
    const update = planBranchUpdate(layout, { history, reportNames: [] }, { entry: entry(2, 9, { sha: sha(9) }), seed: [], keepReports: 5 });
    const text = update.writes.get(layout.historyFile) ?? '';
    assert.equal(update.replaced, true);
    assert.ok(text.includes(odd));
    assert.ok(text.startsWith(serializeHistory([entry(1, 1)])), 'earlier lines are kept byte for byte');
    assert.deepEqual(parseHistory(text).map((e) => [e.runId, e.sha]), [[1, sha(1)], [2, sha(9)]]);
    assert.equal(parseHistoryLines(text).skipped, 1);
  });

  it('applying the same run twice changes nothing the second time', () => {
    const run = { entry: entry(4, 4), report: { sha: sha(4), json: '{}' }, seed: [], keepReports: 3 };
    const first = planBranchUpdate(layout, { history: '', reportNames: [] }, run);
    const second = planBranchUpdate(layout, { history: first.writes.get(layout.historyFile) ?? '', reportNames: [`${sha(4)}.json`] }, run);
    assert.equal(second.writes.has(layout.historyFile), false);
    assert.equal(second.lines, 1);
  });

  it('keeps the reports of the newest history-size runs and their lines all; other files in reports/ stay', () => {
    const history = serializeHistory([1, 2, 3, 4].map((n) => entry(n, n)));
    const reportNames = [1, 2, 3, 4].map((n) => `${sha(n)}.json`).concat('README.md');
    const update = planBranchUpdate(layout, { history, reportNames }, { entry: entry(5, 5), report: { sha: sha(5), json: '{}' }, seed: [], keepReports: 2 });
    assert.deepEqual(update.deletes.sort(), [1, 2, 3].map((n) => layout.reportFile(sha(n))));
    assert.equal(update.lines, 5);
  });

  it('a run without a report (save-baseline: never) keeps the newest reports there are', () => {
    const history = serializeHistory([1, 2].map((n) => entry(n, n)));
    const update = planBranchUpdate(layout, { history, reportNames: [`${sha(1)}.json`, `${sha(2)}.json`] }, { entry: entry(3, 3), seed: [], keepReports: 1 });
    assert.deepEqual(update.deletes, [layout.reportFile(sha(1))]);
    assert.equal([...update.writes.keys()].some((p) => p.includes('/reports/')), false);
  });

  it('drops the oldest lines only past the cap', () => {
    const lines = Array.from({ length: HISTORY_LINE_CAP }, (_, i) => serializeHistory([entry(i + 1, 1)])).join('');
    const update = planBranchUpdate(layout, { history: lines, reportNames: [] }, { entry: entry(HISTORY_LINE_CAP + 1, 2), seed: [], keepReports: 1 });
    const kept = parseHistory(update.writes.get(layout.historyFile) ?? '');
    assert.equal(kept.length, HISTORY_LINE_CAP);
    assert.equal(kept[0]?.runId, 2);
  });
});

describe('mergeHistories', () => {
  it('joins two copies: every run once, oldest first, the preferred copy winning a run both hold', () => {
    const branch = [entry(1, 1), entry(3, 3, { sha: sha(33) })];
    const artifact = [entry(2, 2), entry(3, 3), entry(undefined, 4)];
    const merged = mergeHistories(branch, artifact);
    assert.deepEqual(merged.map((e) => [e.runId, e.sha]), [[1, sha(1)], [2, sha(2)], [3, sha(33)], [undefined, sha(4)]]);
    assert.deepEqual(mergeHistories(merged, merged), merged);
    assert.deepEqual(mergeHistories([], []), []);
  });
});
