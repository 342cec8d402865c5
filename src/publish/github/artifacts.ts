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

/** The results service's answer to a second artifact of one name in one run (a re-run's attempt finds the first attempt's). */
function nameTaken(err: unknown): boolean {
  const message = err instanceof Error ? err.message : String(err);
  return /\(409\)|already exists/i.test(message);
}

/**
 * Uploads `files` (paths under `rootDir`, which is stripped) as one artifact of this run.
 * Artifacts belong to the run, not to its attempt: re-running a job finds the earlier
 * attempt's artifact of the same name and GitHub answers 409. As upload-artifact's
 * `overwrite: true` does, the earlier one is then deleted (through the same runtime
 * token, no extra permission) and the upload made again, so a re-run succeeds and the
 * run keeps exactly one artifact of each name: the newest attempt's, which is what the
 * baseline and shard look-ups then find.
 */
export async function uploadFiles(name: string, files: string[], rootDir: string, options: UploadOptions = {}): Promise<{ id: number; size: number; replaced: boolean }> {
  const client = new DefaultArtifactClient();
  const settings = options.retentionDays === undefined ? {} : { retentionDays: options.retentionDays };
  let replaced = false;
  let result;
  try {
    result = await client.uploadArtifact(name, files, rootDir, settings);
  } catch (err) {
    if (!nameTaken(err)) throw err;
    await client.deleteArtifact(name);
    replaced = true;
    result = await client.uploadArtifact(name, files, rootDir, settings);
  }
  if (result.id === undefined) throw new Error(`artifact ${name} was uploaded but GitHub returned no id for it`);
  return { id: result.id, size: result.size ?? 0, replaced };
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
  const latest = (await listTrustedArtifacts(octokit, query)).find((a) => !a.expired);
  if (!latest) return null;
  return downloadRunArtifact(
    { artifactId: latest.artifactId, runId: latest.run.id, sizeInBytes: latest.sizeInBytes, digest: latest.digest },
    { token: query.token, owner: query.owner, repo: query.repo, dir: query.dir },
  );
}
