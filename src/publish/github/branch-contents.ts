/**
 * Reading one key's folder of the data branch over the REST API, which needs only
 * `contents: read`: so a pull request from a fork, whose token cannot push or fetch with
 * credentials it lacks, still finds the main-branch baseline and history. The branch's
 * tip is read once and every listing is pinned to that commit, so the files read belong
 * together even while a main-branch run pushes. Contents come through the Git blobs API
 * (files up to 100 MB; the Contents API inlines only up to 1 MB), checked against their
 * sha and size. Whatever the branch holds is data: shapes are checked here, the report
 * and history parsers check the rest.
 */
import { reportShaOf, type BranchLayout } from '../history/branch-layout.ts';
import { nodeCrypto } from '../../shared/lazy-crypto.ts';
import type { Octokit } from './octokit.ts';

export interface BranchQuery {
  owner: string;
  repo: string;
  branch: string;
}

export interface BranchFile {
  path: string;
  /** The blob's sha. */
  sha: string;
  size: number;
}

export interface BranchKeyListing {
  /** The commit every listing was read at. */
  commit: string;
  history: BranchFile | null;
  /** Report files by the commit they were made at. */
  reports: Map<string, BranchFile>;
}

/** Reports are a few hundred KB; a file far past that is refused unread. */
export const MAX_BRANCH_FILE_BYTES = 50 * 1024 * 1024;

function status(err: unknown): unknown {
  return (err as { status?: unknown } | null)?.status;
}

const record = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** The branch's tip commit, or null when there is no such branch. */
export async function branchTip(octokit: Octokit, q: BranchQuery): Promise<string | null> {
  try {
    const { data } = await octokit.rest.git.getRef({ owner: q.owner, repo: q.repo, ref: `heads/${q.branch}` });
    const sha = record(record(data).object)['sha'];
    if (typeof sha !== 'string' || !/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(sha)) throw new Error(`branch ${q.branch}: GitHub answered a ref without a commit sha`);
    return sha;
  } catch (err) {
    if (status(err) === 404) return null;
    throw err;
  }
}

/** The files of a folder at `commit` ([] when there is no such folder). */
async function listFolder(octokit: Octokit, q: BranchQuery, commit: string, dir: string): Promise<{ name: string; file: BranchFile; type: string }[]> {
  let data: unknown;
  try {
    ({ data } = await octokit.rest.repos.getContent({ owner: q.owner, repo: q.repo, path: dir, ref: commit }));
  } catch (err) {
    if (status(err) === 404) return [];
    throw err;
  }
  // A file where a folder should be: nothing of ours is there.
  if (!Array.isArray(data)) return [];
  return data.flatMap((raw: unknown) => {
    const item = record(raw);
    const { name, path, sha, size, type } = item;
    if (typeof name !== 'string' || typeof path !== 'string' || typeof sha !== 'string' || typeof size !== 'number' || typeof type !== 'string') return [];
    return [{ name, type, file: { path, sha, size } }];
  });
}

/** What the branch holds for one key, read at its current tip; null when the branch does not exist. */
export async function listBranchKey(octokit: Octokit, q: BranchQuery, layout: BranchLayout): Promise<BranchKeyListing | null> {
  const commit = await branchTip(octokit, q);
  if (commit === null) return null;
  const entries = await listFolder(octokit, q, commit, layout.keyDir);
  const history = entries.find((e) => e.name === 'history.jsonl' && e.type === 'file')?.file ?? null;
  const reports = new Map<string, BranchFile>();
  if (entries.some((e) => e.name === 'reports' && e.type === 'dir')) {
    for (const e of await listFolder(octokit, q, commit, layout.reportsDir)) {
      const sha = reportShaOf(e.name);
      if (sha !== undefined && e.type === 'file') reports.set(sha, e.file);
    }
  }
  return { commit, history, reports };
}

/** A git blob's sha, as git computes it: sha1 of `blob <size>\0` and the bytes. */
function blobSha(bytes: Buffer): string {
  return nodeCrypto().createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** A file's text, through the Git blobs API, size-capped before and checked after. */
export async function readBranchFile(octokit: Octokit, q: BranchQuery, file: BranchFile, maxBytes = MAX_BRANCH_FILE_BYTES): Promise<string> {
  const where = `${q.branch}:${file.path}`;
  if (file.size > maxBytes) throw new Error(`${where} is ${file.size} bytes, over the ${maxBytes}-byte limit: not read`);
  const { data } = await octokit.rest.git.getBlob({ owner: q.owner, repo: q.repo, file_sha: file.sha });
  const { content, encoding } = record(data);
  if (typeof content !== 'string' || (encoding !== 'base64' && encoding !== 'utf-8')) throw new Error(`${where}: GitHub answered a blob without readable content`);
  const bytes = encoding === 'base64' ? Buffer.from(content, 'base64') : Buffer.from(content, 'utf8');
  // SHA-1 repositories only: a SHA-256 one's blob ids are not checked this way.
  if (file.sha.length === 40 && blobSha(bytes) !== file.sha) throw new Error(`${where}: the content GitHub sent does not hash to the blob ${file.sha}: not used`);
  if (bytes.length > maxBytes) throw new Error(`${where} is ${bytes.length} bytes, over the ${maxBytes}-byte limit: not read`);
  return bytes.toString('utf8');
}
