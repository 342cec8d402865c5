/**
 * A writer process for the concurrency tests: saves runs onto a data branch as the Action
 * does (saveRunToBranch), printing one JSON line per run. Its first fetch waits at a
 * barrier until every peer has fetched too, so all writers start from the same tip and
 * all but one of the first pushes are refused: the race happens every time, not when the
 * machine's load allows.
 *
 * With `key`, it writes that key's folder (default: default); with `pages`, the dashboard
 * too (history-pages), rebuilt on every attempt's tip.
 *
 * argv[2]: JSON { remote, branch, name, peers, barrierDir, runs: number[], keepReports, key?, pages? }
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { branchPages } from '../../src/publish/git-branch/branch-pages.ts';
import { saveRunToBranch } from '../../src/publish/git-branch/save-run.ts';
import { branchLayout } from '../../src/publish/history/branch-layout.ts';

interface ChildOptions {
  remote: string;
  branch: string;
  name: string;
  peers: string[];
  barrierDir: string;
  runs: number[];
  keepReports: number;
  key?: string;
  pages?: boolean;
}

const o = JSON.parse(process.argv[2] ?? '{}') as ChildOptions;

const runSha = (runId: number): string => runId.toString(16).padStart(40, 'a');

async function barrier(): Promise<void> {
  writeFileSync(path.join(o.barrierDir, o.name), '');
  const deadline = Date.now() + 60_000;
  while (!o.peers.every((peer) => existsSync(path.join(o.barrierDir, peer)))) {
    if (Date.now() > deadline) throw new Error(`${o.name}: peers never reached the barrier`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const layout = branchLayout('', o.key ?? 'default');
for (const [i, runId] of o.runs.entries()) {
  const sha = runSha(runId);
  const saved = await saveRunToBranch({
    remote: o.remote,
    branch: o.branch,
    layout,
    message: `docs-mcp-eval: ${layout.key} run ${runId} attempt 1 (push at ${sha.slice(0, 7)})`,
    run: {
      entry: { date: new Date(Date.UTC(2026, 0, 1, 0, 0, runId)).toISOString(), runId, sha, dataset: 'docs', datasetHash: 'h', k: 5, metrics: { 'mrr@5': runId / 100 } },
      report: { sha, json: `${JSON.stringify({ runId, writer: o.name })}\n` },
      seed: [],
      keepReports: o.keepReports,
    },
    ...(o.pages ? { alsoWrite: branchPages({ layout, title: 'race' }) } : {}),
    backoffMs: () => 20 + Math.floor(Math.random() * 60),
    onFetched: async (attempt) => {
      if (i === 0 && attempt === 1) await barrier();
    },
  });
  process.stdout.write(`${JSON.stringify({ runId, attempts: saved.attempts, changed: saved.changed, commit: saved.commit })}\n`);
}
