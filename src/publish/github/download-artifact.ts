/**
 * Downloading an artifact of another workflow run with @actions/artifact's `findBy`
 * mode. That mode builds its own client with `getOctokit(token)`, so its API root is
 * GITHUB_API_URL as it was when @actions/github was first imported (always right on
 * a runner; tests set it before importing). Archives are size-checked first and
 * digest-checked after, since some of them come from untrusted runs.
 */
import { DefaultArtifactClient } from '@actions/artifact';
import { mkdirSync } from 'node:fs';

/** Archives larger than this are refused before download; ours are a few hundred KB. */
export const MAX_ARCHIVE_BYTES = 50 * 1024 * 1024;

export interface ArtifactRef {
  artifactId: number;
  runId: number;
  /** Archive size GitHub reports, checked against `maxBytes` before downloading. */
  sizeInBytes?: number;
  /** `sha256:…` GitHub recorded at upload; the download must match it. */
  digest?: string | null;
}

export interface DownloadTarget {
  token: string;
  owner: string;
  repo: string;
  dir: string;
  maxBytes?: number;
}

/** Downloads and unpacks the artifact into `dir`; returns `dir`. */
export async function downloadRunArtifact(ref: ArtifactRef, target: DownloadTarget): Promise<string> {
  const maxBytes = target.maxBytes ?? MAX_ARCHIVE_BYTES;
  if (ref.sizeInBytes !== undefined && ref.sizeInBytes > maxBytes) {
    throw new Error(`artifact ${ref.artifactId} is ${ref.sizeInBytes} bytes, over the ${maxBytes}-byte limit: not downloaded`);
  }
  mkdirSync(target.dir, { recursive: true });
  const client = new DefaultArtifactClient();
  const result = await client.downloadArtifact(ref.artifactId, {
    path: target.dir,
    ...(ref.digest ? { expectedHash: ref.digest } : {}),
    findBy: { token: target.token, workflowRunId: ref.runId, repositoryOwner: target.owner, repositoryName: target.repo },
  });
  if (result.digestMismatch) {
    throw new Error(`artifact ${ref.artifactId} does not match the digest GitHub recorded for it (${ref.digest ?? ''}): not used`);
  }
  return target.dir;
}
