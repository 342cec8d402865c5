/**
 * Artifacts the Action keeps: the main-branch report (the next PRs' baseline), the
 * history that draws the trend, and each PR's report for the comment workflow. Their
 * names are built here only, so the uploader and every finder agree on them.
 */
import { DefaultArtifactClient } from '@actions/artifact';
import { downloadRunArtifact } from './download-artifact.ts';
import { listTrustedArtifacts, type MainBranchQuery } from './main-branch-artifacts.ts';
import type { Octokit } from './octokit.ts';

export { artifactName, type ArtifactKind } from './artifact-name.ts';

export interface UploadOptions {
  /** Days GitHub keeps it; default: the repository's setting (90 unless changed). */
  retentionDays?: number;
}

/** Uploads `files` (paths under `rootDir`, which is stripped) as one artifact of this run. */
export async function uploadFiles(name: string, files: string[], rootDir: string, options: UploadOptions = {}): Promise<{ id: number; size: number }> {
  const client = new DefaultArtifactClient();
  const result = await client.uploadArtifact(name, files, rootDir, options.retentionDays === undefined ? {} : { retentionDays: options.retentionDays });
  if (result.id === undefined) throw new Error(`artifact ${name} was uploaded but GitHub returned no id for it`);
  return { id: result.id, size: result.size ?? 0 };
}

export interface LatestArtifactQuery extends MainBranchQuery {
  token: string;
  dir: string;
}

/**
 * Downloads the newest trusted (default-branch push/schedule) run's artifact named
 * `artifactName` into `dir`; returns `dir`, or null when no such run kept one.
 */
export async function downloadLatestArtifact(octokit: Octokit, query: LatestArtifactQuery): Promise<string | null> {
  const [latest] = await listTrustedArtifacts(octokit, query);
  if (!latest) return null;
  return downloadRunArtifact(
    { artifactId: latest.artifactId, runId: latest.run.id, sizeInBytes: latest.sizeInBytes, digest: latest.digest },
    { token: query.token, owner: query.owner, repo: query.repo, dir: query.dir },
  );
}
