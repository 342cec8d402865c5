/**
 * The data-branch writer against real git: a bare repository on disk is the remote.
 * Two writer processes race on purpose (a barrier lines up their first fetch), and
 * every run of both must be on the branch afterwards, each once.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { branchLayout } from '../history/branch-layout.ts';
import { parseHistory } from '../history/jsonl.ts';
import { writeToBranch } from './branch-writer.ts';
import { runCommitMessage, saveRunToBranch } from './save-run.ts';
import { bareRepo, git, raceWriters } from '../../../test/support/data-branch.ts';

const layout = branchLayout('', 'default');
const sha = (n: number) => n.toString(16).padStart(40, 'a');
const entry = (runId: number) => ({ date: new Date(Date.UTC(2026, 0, 1, 0, 0, runId)).toISOString(), runId, sha: sha(runId), dataset: 'docs', datasetHash: 'h', k: 5, metrics: {} });

describe('writing to a data branch with real git', () => {
  let root: string;
  before(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'dme-branch-test-'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('creates the branch, commits on top of it keeping what it did not touch, and makes no commit for a change already there', async () => {
    const remote = `file://${bareRepo(root, 'single.git')}`;
    const big = 'x'.repeat(300_000);
    const first = await writeToBranch({
      remote,
      branch: 'data',
      message: 'first',
      change: async (tip) => {
        assert.equal(tip.commit, null);
        assert.equal(await tip.read('a/b.txt'), null);
        assert.deepEqual(await tip.list('a'), []);
        return { writes: new Map([['a/b.txt', 'one\n'], ['a/big.json', big], ['other/keep.txt', 'keep\n']]), deletes: [] };
      },
    });
    assert.equal(first.changed, true);
    let seen: string[] = [];
    const second = await writeToBranch({
      remote,
      branch: 'data',
      message: 'second',
      change: async (tip) => {
        assert.equal(tip.commit, first.commit);
        assert.equal(await tip.read('a/b.txt'), 'one\n');
        seen = await tip.list('a');
        return { writes: new Map([['a/b.txt', 'one\ntwo\n']]), deletes: ['a/big.json'] };
      },
    });
    assert.deepEqual(seen.sort(), ['b.txt', 'big.json']);
    const bare = remote.slice('file://'.length);
    assert.equal(git(bare, 'rev-parse', 'data^').trim(), first.commit);
    assert.equal(git(bare, 'show', 'data:a/b.txt'), 'one\ntwo\n');
    assert.equal(git(bare, 'show', 'data:other/keep.txt'), 'keep\n', 'files the change did not touch are kept');
    assert.deepEqual(git(bare, 'ls-tree', '--name-only', 'data', 'a/').trim().split('\n'), ['a/b.txt']);
    assert.equal(git(bare, 'log', '--format=%an <%ae>', '-1', 'data').trim(), 'github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>');
    const again = await writeToBranch({ remote, branch: 'data', message: 'third', change: () => Promise.resolve({ writes: new Map([['a/b.txt', 'one\ntwo\n']]), deletes: [] }) });
    assert.deepEqual(again, { commit: second.commit, changed: false, attempts: 1 });
    assert.equal(git(bare, 'rev-list', '--count', 'data').trim(), '2');
  });

  it('saves a run as one commit named after it; the same run saved again changes nothing', async () => {
    const remote = bareRepo(root, 'runs.git');
    const run = { entry: entry(7), report: { sha: sha(7), json: '{"r":7}\n' }, seed: [entry(1), entry(2)], keepReports: 5 };
    const message = runCommitMessage({ key: 'default', runId: 7, attempt: 1, event: 'push', sha: sha(7), runUrl: 'https://github.com/acme/docs/actions/runs/7' });
    const saved = await saveRunToBranch({ remote, branch: 'docs-mcp-eval-data', layout, run, message });
    assert.equal(saved.update.seeded, 2);
    assert.equal(git(remote, 'log', '-1', '--format=%s', 'docs-mcp-eval-data').trim(), `docs-mcp-eval: default run 7 attempt 1 (push at ${sha(7).slice(0, 7)})`);
    assert.deepEqual(parseHistory(git(remote, 'show', `docs-mcp-eval-data:${layout.historyFile}`)).map((e) => e.runId), [1, 2, 7]);
    const again = await saveRunToBranch({ remote, branch: 'docs-mcp-eval-data', layout, run, message });
    assert.equal(again.changed, false);
  });

  it('two writer processes racing: the loser fetches, re-applies and pushes again; every run lands once', async () => {
    const remote = `file://${bareRepo(root, 'race.git')}`;
    const writers = [
      { name: 'one', runs: [101, 102, 103] },
      { name: 'two', runs: [201, 202, 203] },
    ];
    const results = await raceWriters({ remote, branch: 'data', root, keepReports: 4, writers });
    assert.equal(results.length, 6);
    assert.ok(results.every((r) => r.changed));
    // Both fetched the same tip before either pushed: exactly one first push was refused.
    const firsts = results.filter((r) => r.runId === 101 || r.runId === 201).map((r) => r.attempts).sort();
    assert.equal(firsts[0], 1);
    assert.ok((firsts[1] ?? 0) >= 2, `the loser retried: ${JSON.stringify(results)}`);
    const bare = remote.slice('file://'.length);
    const lines = parseHistory(git(bare, 'show', `data:${layout.historyFile}`)).map((e) => e.runId).sort();
    assert.deepEqual(lines, [101, 102, 103, 201, 202, 203]);
    assert.equal(git(bare, 'rev-list', '--count', 'data').trim(), '6', 'one commit per run');
    const reports = git(bare, 'ls-tree', '--name-only', 'data', `${layout.reportsDir}/`).trim().split('\n');
    assert.equal(reports.length, 4, 'reports pruned to the newest four runs');
  });
});
