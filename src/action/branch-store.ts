/**
 * The branch store (history-store: branch): each key's history.jsonl and the reports of
 * its newest runs on a git branch of the repository, which never expires. Reads go
 * through the REST API with `contents: read` (pull requests, forks included); writes are
 * git pushes with the job's token, one commit per run, re-applied on top when another
 * run pushed first (publish/git-branch); with history-pages the commit also carries the
 * run's page and the dashboard (history-pages.ts). Whatever is read back is parsed and
 * checked like any report or history: the branch is data.
 */
import * as core from './safe-core.ts';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseReport } from '../report/read-report.ts';
import type { HistoryEntry } from '../report/history-entry.ts';
import { branchLayout } from '../publish/history/branch-layout.ts';
import { parseHistory, parseHistoryLines } from '../publish/history/jsonl.ts';
import { gitAuth, repositoryRemote } from '../publish/git-branch/git-auth.ts';
import { runCommitMessage, saveRunToBranch } from '../publish/git-branch/save-run.ts';
import type { BranchKeyListing } from '../publish/github/branch-contents.ts';
import type { BaselineLookup, HistoryStore, SaveOutcome, TrustedRunSave } from './history-store.ts';
import type { RunContext } from './run-context.ts';
import { historyPagesWrite } from './history-pages.ts';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Compare calls spent looking for the newest ancestor with a report (older reports are pruned anyway). */
const MAX_ANCESTOR_CHECKS = 20;

export function branchStore(ctx: RunContext, warn: (message: string) => void): HistoryStore {
  const { inputs, event } = ctx;
  const layout = branchLayout(inputs.historyPath, inputs.commentKey);
  const q = { owner: event.owner, repo: event.repo, branch: inputs.historyBranch };
  let listed: Promise<BranchKeyListing | null> | undefined;
  let history: Promise<HistoryEntry[] | null> | undefined;

  const listing = async (): Promise<BranchKeyListing | null> => {
    const { edge, octokit } = await ctx.github();
    return octokit ? edge.listBranchKey(octokit, q, layout) : null;
  };

  const readHistory = async (): Promise<HistoryEntry[] | null> => {
    const found = await (listed ??= listing());
    if (!found?.history) return null;
    const { edge, octokit } = await ctx.github();
    const { entries, skipped } = parseHistoryLines(await edge.readBranchFile(octokit!, q, found.history));
    if (skipped > 0) warn(`${q.branch}:${layout.historyFile} has ${skipped} unreadable line(s), skipped`);
    return entries;
  };

  /** The report of the newest history run at `sha` or an ancestor of it, as [entry, behindBy]. */
  async function candidate(sha: string, found: BranchKeyListing, entries: readonly HistoryEntry[]): Promise<[HistoryEntry, number] | undefined> {
    const withReport = [...entries].reverse().filter((e) => e.sha !== undefined && found.reports.has(e.sha));
    const exact = withReport.find((e) => e.sha === sha);
    if (exact) return [exact, 0];
    const { edge, octokit } = await ctx.github();
    const checked = new Set<string>();
    for (const e of withReport) {
      if (checked.has(e.sha!) || checked.size >= MAX_ANCESTOR_CHECKS) continue;
      checked.add(e.sha!);
      const behind = await edge.commitsBehind(octokit!, { owner: q.owner, repo: q.repo, baseSha: sha }, e.sha!);
      if (behind !== null) return [e, behind];
    }
    return undefined;
  }

  return {
    kind: 'branch',

    async readHistory() {
      try {
        return await (history ??= readHistory());
      } catch (err) {
        warn(`could not read the history on branch ${q.branch}: ${message(err)}`);
        return null;
      }
    },

    async findBaseline(sha, dir): Promise<BaselineLookup> {
      try {
        const found = await (listed ??= listing());
        if (!found || found.reports.size === 0) return { found: null };
        const picked = await candidate(sha, found, (await (history ??= readHistory())) ?? []);
        if (!picked) return { found: null };
        const [entry, behindBy] = picked;
        const file = found.reports.get(entry.sha!)!;
        const { edge, octokit } = await ctx.github();
        const text = await edge.readBranchFile(octokit!, q, file);
        // Checked before it is used, like any stored report (and named by where it came from).
        parseReport(text, `${q.branch}:${file.path}`);
        mkdirSync(dir, { recursive: true });
        const target = path.join(dir, 'report.json');
        writeFileSync(target, text);
        const url = entry.runId === undefined ? undefined : `${event.serverUrl}/${event.owner}/${event.repo}/actions/runs/${entry.runId}`;
        return { found: { path: target, info: { source: 'branch', branch: q.branch, sha: entry.sha, date: entry.date, url, behindBy } } };
      } catch (err) {
        warn(`could not read the baseline on branch ${q.branch}: ${message(err)}`);
        return { found: null, failed: true };
      }
    },

    async save(run: TrustedRunSave): Promise<SaveOutcome> {
      // The event decides, not the caller: a pull request's run (a fork's above all) never writes.
      if (!event.isMainline) throw new Error(`history-store: branch writes only on push to ${event.defaultBranch}, schedule and workflow_dispatch runs, not on ${event.name}`);
      const auth = inputs.token ? gitAuth(event.serverUrl, inputs.token) : undefined;
      if (auth) core.setSecret(auth.secret);
      const reportSha = run.entry.sha ?? event.sha;
      const pages = inputs.historyPages ? historyPagesWrite(ctx, layout, run) : undefined;
      const saved = await saveRunToBranch({
        remote: repositoryRemote(event.serverUrl, event.owner, event.repo),
        branch: q.branch,
        layout,
        ...(auth ? { env: auth.env } : {}),
        message: runCommitMessage({ key: inputs.commentKey, runId: event.runId, attempt: event.runAttempt, event: event.name, sha: reportSha, runUrl: event.runUrl }),
        run: {
          entry: run.entry,
          report: run.saveReport ? { sha: reportSha, json: readFileSync(run.reportPath, 'utf8') } : undefined,
          seed: run.previous,
          keepReports: inputs.historySize,
        },
        ...(pages ? { alsoWrite: pages.alsoWrite } : {}),
        log: (m) => core.info(m),
      });
      const { update } = saved;
      const entries = parseHistory(update.history);
      // Branch and path are plain names (inputs.ts checked them): safe in a link as they are.
      const folder = `${event.serverUrl}/${event.owner}/${event.repo}/tree/${q.branch}/${layout.keyDir}`;
      const what = saved.changed ? `commit \`${saved.commit.slice(0, 7)}\`` : 'already there (a re-run of this attempt): no new commit';
      const lines = [`History: branch [\`${q.branch}\`](${folder}), \`${layout.historyFile}\` (${update.lines} run${update.lines === 1 ? '' : 's'}; reports of the newest ${inputs.historySize} kept), ${what}.`];
      if (pages) lines.push(...pages.report(warn));
      if (update.seeded > 0) lines.push(`The branch had no history for \`${inputs.commentKey}\`: it starts from the newest history artifact's ${update.seeded} run(s).`);
      core.info(`saved run ${event.runId} to branch ${q.branch} (${saved.changed ? `commit ${saved.commit.slice(0, 7)}` : 'unchanged'}, ${saved.attempts} attempt(s))`);
      return { entries, lines };
    },

    retention: () => Promise.resolve([]),
  };
}
