/** The summary's line for history-pages, and the warning for a dashboard that could not be rebuilt (the attempt that was pushed only). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BranchTip } from '../publish/git-branch/branch-writer.ts';
import { branchLayout } from '../publish/history/branch-layout.ts';
import { planBranchUpdate } from '../publish/history/branch-update.ts';
import { readInputs } from './inputs.ts';
import { historyPagesWrite } from './history-pages.ts';
import type { RunContext } from './run-context.ts';

const inputs = readInputs((name) => ({ 'history-store': 'branch', 'history-pages': 'true' })[name] ?? '');
const event = { name: 'push', owner: 'Acme', repo: 'docs', sha: 'a'.repeat(40), ref: 'refs/heads/main', runId: 7, runAttempt: 1, runUrl: '', serverUrl: 'https://github.com', defaultBranch: 'main', isMainline: true };
const ctx: RunContext = { inputs, event, github: () => Promise.reject(new Error('no GitHub here')), workspace: '.' };
const layout = branchLayout('', 'default');
const entry = { date: '2026-01-01T00:00:00.000Z', runId: 7, dataset: 'd', datasetHash: 'h', k: 5, metrics: { 'mrr@5': 0.5 } };
const run = { report: {} as never, reportPath: '', outDir: '', entry, previous: [], saveReport: true };
const update = planBranchUpdate(layout, { history: null, reportNames: [] }, { entry, seed: [], keepReports: 5 });

function tip(broken: boolean): BranchTip {
  return {
    commit: 'c'.repeat(40),
    read: () => Promise.resolve(null),
    list: () => (broken ? Promise.reject(new Error('the tree is gone')) : Promise.resolve([])),
  };
}

describe('historyPagesWrite', () => {
  it("on github.com: the Pages addresses, and that Pages must publish the branch; a run with no page says the key's page stays", () => {
    const [line] = historyPagesWrite(ctx, layout, run).report(() => assert.fail('no warning'));
    assert.equal(
      line,
      "Dashboard: [https://acme.github.io/docs/](https://acme.github.io/docs/) (every key's trends) · this key's newest report: [default/report.html](https://acme.github.io/docs/default/report.html) (this run wrote no page: `default/report.html` stays as it was). GitHub Pages serves them once it publishes branch `docs-mcp-eval-data` (see docs/action.md#a-dashboard-on-github-pages-history-pages).",
    );
  });

  it('warns of a dashboard that could not be rebuilt, unless a later attempt (the one pushed) rebuilt it', async () => {
    const pages = historyPagesWrite(ctx, layout, { ...run, pagePath: '/tmp/report.html' });
    const first = await pages.alsoWrite(tip(true), update);
    assert.deepEqual([...first.writes.keys()].sort(), ['.nojekyll', 'default/report.html'], 'the history and the page are saved all the same');
    const warned: string[] = [];
    pages.report((m) => warned.push(m));
    assert.deepEqual(warned, ['the dashboard index.html could not be rebuilt (it is left as it was): the tree is gone']);
    const retry = await pages.alsoWrite(tip(false), update);
    assert.ok(retry.writes.has('index.html'));
    pages.report(() => assert.fail('the pushed attempt built it'));
  });
});
