/**
 * The report a pull request is compared with: the one stored by a trusted main-branch
 * run (see main-branch-artifacts.ts) of the PR's base commit, else of the newest run
 * whose commit is an ancestor of the base. Commits after the base (main moved on) or
 * off its history (force-pushed away) would compare the PR with changes it lacks.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { downloadRunArtifact } from './download-artifact.ts';
import { listTrustedArtifacts, type MainBranchQuery, type TrustedArtifact } from './main-branch-artifacts.ts';
import type { Octokit } from './octokit.ts';

export interface BaselineCandidate {
  runId: number;
  runUrl: string;
  sha: string;
  createdAt: string;
  artifactId: number;
  artifactName: string;
  /** Commits between it and baseSha; 0 = the base itself. */
  behindBy: number;
}

export interface BaselineQuery extends MainBranchQuery {
  baseSha: string;
}

function candidate(found: TrustedArtifact, behindBy: number): BaselineCandidate {
  return {
    runId: found.run.id,
    runUrl: found.run.htmlUrl,
    sha: found.run.headSha,
    createdAt: found.run.createdAt,
    artifactId: found.artifactId,
    artifactName: found.artifactName,
    behindBy,
  };
}

/** How many commits `sha` is behind `baseSha`, or null when it is not an ancestor of it. */
export async function commitsBehind(octokit: Octokit, query: { owner: string; repo: string; baseSha: string }, sha: string): Promise<number | null> {
  try {
    const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
      owner: query.owner,
      repo: query.repo,
      basehead: `${sha}...${query.baseSha}`,
      // Only the status and counts are needed, not the commit list.
      per_page: 1,
    });
    // `ahead`: the base has commits on top of sha, so sha is its ancestor.
    if (data.status === 'identical') return 0;
    if (data.status === 'ahead') return data.ahead_by;
    return null; // `behind` (newer than the base) or `diverged` (not on its history)
  } catch (err) {
    // A commit force-pushed away and collected: not on the base's history.
    if ((err as { status?: unknown } | null)?.status === 404) return null;
    throw err;
  }
}

export async function findBaselineArtifact(octokit: Octokit, query: BaselineQuery): Promise<BaselineCandidate | null> {
  return pickBaselineArtifact(octokit, query, await listTrustedArtifacts(octokit, query));
}

/** findBaselineArtifact over a listing the caller made (listTrustedArtifacts); expired artifacts are passed over. */
export async function pickBaselineArtifact(octokit: Octokit, query: BaselineQuery, listed: readonly TrustedArtifact[]): Promise<BaselineCandidate | null> {
  const found = listed.filter((f) => !f.expired);
  const exact = found.find((f) => f.run.headSha === query.baseSha);
  if (exact) return candidate(exact, 0);
  const checked = new Map<string, number | null>();
  for (const f of found) {
    let behind = checked.get(f.run.headSha);
    if (behind === undefined) {
      behind = await commitsBehind(octokit, query, f.run.headSha);
      checked.set(f.run.headSha, behind);
    }
    if (behind !== null) return candidate(f, behind);
  }
  return null;
}

export interface BaselineDownload {
  candidate: BaselineCandidate;
  token: string;
  owner: string;
  repo: string;
  dir: string;
  /** The report's name inside the artifact, default `report.json`. */
  fileName?: string;
}

/** Downloads the candidate's artifact into `dir`; returns the report file's path. */
export async function downloadBaselineReport(o: BaselineDownload): Promise<string> {
  const { candidate: c } = o;
  await downloadRunArtifact({ artifactId: c.artifactId, runId: c.runId }, o);
  const file = path.join(o.dir, o.fileName ?? 'report.json');
  if (!existsSync(file)) {
    throw new Error(`baseline artifact ${c.artifactName} (run ${c.runId}) has no ${o.fileName ?? 'report.json'}`);
  }
  return file;
}
