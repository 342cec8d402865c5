/**
 * The artifact store: the baseline is the report artifact a trusted main-branch run
 * uploaded (docs-mcp-eval-report-<key>), the history the newest history artifact
 * (docs-mcp-eval-history-<key>), which each mainline run downloads, appends to, bounds to
 * history-size and uploads again. Artifacts expire: the listings it makes anyway say
 * when, for the retention notice. A failed look-up is a warning and the run goes on.
 */
import * as core from './safe-core.ts';
import { readFileSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeTempDir } from '../shared/temp-dir.ts';
import { artifactName } from '../publish/github/artifact-name.ts';
import { appendHistory, parseHistoryLines, serializeHistory } from '../publish/history/index.ts';
import type { ArtifactExpiry } from '../publish/history/retention.ts';
import type { HistoryEntry } from '../report/history-entry.ts';
import type { TrustedArtifact, TrustedRun } from '../publish/github/main-branch-artifacts.ts';
import type { HistoryStore, SaveOutcome, TrustedRunSave } from './history-store.ts';
import type { RunContext } from './run-context.ts';

const HISTORY_FILE = 'history.jsonl';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function artifactStore(ctx: RunContext, warn: (message: string) => void): HistoryStore {
  const { inputs, event } = ctx;
  const names = { report: artifactName('report', inputs.commentKey), history: artifactName('history', inputs.commentKey) };
  const baselineName = inputs.baselineArtifact ?? names.report;
  const where = { owner: event.owner, repo: event.repo, defaultBranch: event.defaultBranch };
  let runs: Promise<TrustedRun[]> | undefined;
  const listings = new Map<string, Promise<TrustedArtifact[]>>();
  /** Expiry of the artifacts this run uploaded (a mainline run), which supersede the listings. */
  const uploaded: ArtifactExpiry[] = [];

  /** Trusted runs' artifacts of one name, newest first, expired ones marked; one listing of runs serves every name. */
  function listing(name: string): Promise<TrustedArtifact[]> {
    let found = listings.get(name);
    if (!found) {
      found = (async () => {
        const { edge, octokit } = await ctx.github();
        if (!octokit) return [];
        runs ??= edge.listTrustedRuns(octokit, { ...where, artifactName: name });
        return edge.listTrustedArtifacts(octokit, { ...where, artifactName: name, runs: await runs });
      })();
      listings.set(name, found);
    }
    return found;
  }

  async function expiryOf(kind: ArtifactExpiry['kind'], name: string, id: number): Promise<void> {
    const { octokit } = await ctx.github();
    if (!octokit) return;
    try {
      const { data } = await octokit.rest.actions.getArtifact({ owner: event.owner, repo: event.repo, artifact_id: id });
      if (data.expires_at) uploaded.push({ kind, name, expiresAt: data.expires_at, expired: data.expired });
    } catch (err) {
      core.debug(`could not read when artifact ${name} expires: ${message(err)}`);
    }
  }

  return {
    kind: 'artifact',

    async readHistory(): Promise<HistoryEntry[] | null> {
      try {
        const latest = (await listing(names.history)).find((a) => !a.expired);
        if (!latest) return null;
        const { edge } = await ctx.github();
        const dir = makeTempDir('dme-history-');
        await edge.downloadRunArtifact(
          { artifactId: latest.artifactId, runId: latest.run.id, sizeInBytes: latest.sizeInBytes, digest: latest.digest },
          { token: inputs.token, owner: event.owner, repo: event.repo, dir },
        );
        const file = path.join(dir, HISTORY_FILE);
        if (!existsSync(file)) return null;
        const { entries, skipped } = parseHistoryLines(readFileSync(file, 'utf8'));
        if (skipped > 0) warn(`the history artifact ${names.history} (run ${latest.run.id}) has ${skipped} unreadable line(s), skipped`);
        return entries;
      } catch (err) {
        warn(`could not fetch the previous history artifact: ${message(err)}`);
        return null;
      }
    },

    async findBaseline(sha, dir) {
      const { edge, octokit } = await ctx.github();
      if (!octokit) return { found: null };
      try {
        const listed = await listing(baselineName);
        const candidate = await edge.pickBaselineArtifact(octokit, { ...where, artifactName: baselineName, baseSha: sha }, listed);
        if (!candidate) return { found: null, expiredOn: listed[0]?.expired ? (listed[0].expiresAt ?? undefined) : undefined };
        const file = await edge.downloadBaselineReport({ candidate, token: inputs.token, owner: event.owner, repo: event.repo, dir });
        return {
          found: { path: file, info: { source: 'artifact', sha: candidate.sha, date: candidate.createdAt, url: candidate.runUrl, behindBy: candidate.behindBy } },
        };
      } catch (err) {
        warn(`could not fetch the baseline artifact: ${message(err)}`);
        return { found: null, failed: true };
      }
    },

    async save(run: TrustedRunSave): Promise<SaveOutcome> {
      const { edge } = await ctx.github();
      const lines: string[] = [];
      // A failed baseline upload fails the step, but only after the history is stored.
      let reportError: Error | undefined;
      if (run.saveReport) {
        try {
          const saved = await edge.uploadFiles(names.report, [run.reportPath], path.dirname(run.reportPath));
          core.info(`saved ${names.report} as the baseline for later pull requests`);
          await expiryOf('baseline', names.report, saved.id);
        } catch (err) {
          reportError = err instanceof Error ? err : new Error(message(err));
        }
      }
      const entries = appendHistory(run.previous, run.entry, inputs.historySize);
      const file = path.join(run.outDir, HISTORY_FILE);
      writeFileSync(file, serializeHistory(entries));
      try {
        const saved = await edge.uploadFiles(names.history, [file], run.outDir);
        await expiryOf('history', names.history, saved.id);
        lines.push(`History: artifact \`${names.history}\` (${entries.length} run${entries.length === 1 ? '' : 's'}, at most ${inputs.historySize}).`);
      } catch (err) {
        warn(`could not upload the history artifact: ${message(err)}`);
      }
      if (reportError) throw reportError;
      return { entries, lines };
    },

    async retention(): Promise<ArtifactExpiry[]> {
      if (uploaded.length > 0) return uploaded;
      const newest = async (kind: ArtifactExpiry['kind'], name: string): Promise<ArtifactExpiry[]> => {
        const first = (await listing(name).catch(() => []))[0];
        return first?.expiresAt ? [{ kind, name, expiresAt: first.expiresAt, expired: first.expired }] : [];
      };
      return [...(await newest('baseline', baselineName)), ...(await newest('history', names.history))];
    },
  };
}
