/**
 * Comment mode's input: the report a pull request run uploaded. That run executed the
 * PR's code, so everything in the artifact is attacker-controllable data: it is read
 * with size caps, validated field by field, and must prove it belongs to the PR it
 * names (a PR run could otherwise claim another PR's number and comment there).
 */
import { downloadRunArtifact } from './download-artifact.ts';
import type { Octokit } from './octokit.ts';
import { isPlainFileName, readUntrustedJson, untrustedFilePath, UntrustedFileError } from './untrusted-file.ts';

export interface PrReportMeta {
  prNumber: number;
  headSha: string;
  key: string;
  reportFile: string;
  markdownFile: string;
  /**
   * Whether the PR's own run posted the sticky comment (its token could write). The comment
   * workflow then leaves it alone: one owner per PR and key. Absent in artifacts of older
   * versions: treated as false. A forged true only silences the forger's own comment.
   */
  commented?: boolean;
}

export interface PrReportQuery {
  owner: string;
  repo: string;
  /** The triggering workflow_run's id. */
  runId: number;
  /** workflow_run.head_sha, from the event payload (GitHub's word, not the artifact's). */
  headSha: string;
  artifactName: string;
  token: string;
  dir: string;
}

export type MismatchReason = 'artifact-run' | 'meta-head-sha' | 'pull-not-found' | 'pull-head-sha';

/**
 * The artifact does not belong to the PR it names, or the PR has moved on since (a
 * newer push: that run will comment instead). Either way, nothing may be posted.
 */
export class PrArtifactMismatchError extends Error {
  readonly reason: MismatchReason;

  constructor(reason: MismatchReason, message: string) {
    super(message);
    this.name = 'PrArtifactMismatchError';
    this.reason = reason;
  }
}

export const MAX_META_BYTES = 64 * 1024;
export const MAX_REPORT_BYTES = 10 * 1024 * 1024;
export const MAX_MARKDOWN_BYTES = 1024 * 1024;
const MAX_ARCHIVE_BYTES = 20 * 1024 * 1024;
const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** Checks meta.json's shape; returns a fresh object holding only the known fields. */
export function parsePrReportMeta(raw: unknown): PrReportMeta {
  const bad = (what: string): never => {
    throw new UntrustedFileError(`meta.json in the PR artifact is invalid: ${what}`);
  };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return bad('not a JSON object');
  const o = raw as Record<string, unknown>;
  const { prNumber, headSha, key, reportFile, markdownFile, commented } = o;
  if (typeof prNumber !== 'number' || !Number.isSafeInteger(prNumber) || prNumber < 1) return bad('prNumber is not a positive integer');
  if (typeof headSha !== 'string' || !SHA.test(headSha)) return bad('headSha is not a commit sha');
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (typeof key !== 'string' || key.length > 200 || /[\u0000-\u001f\u007f]/.test(key)) return bad('key is not a short printable string');
  if (!isPlainFileName(reportFile)) return bad('reportFile is not a plain file name');
  if (!isPlainFileName(markdownFile)) return bad('markdownFile is not a plain file name');
  if (commented !== undefined && typeof commented !== 'boolean') return bad('commented is not a boolean');
  return { prNumber, headSha, key, reportFile, markdownFile, ...(commented !== undefined ? { commented } : {}) };
}

type RunArtifact = Awaited<ReturnType<Octokit['rest']['actions']['listWorkflowRunArtifacts']>>['data']['artifacts'][number];

async function findRunArtifact(octokit: Octokit, q: PrReportQuery): Promise<RunArtifact> {
  const artifacts = await octokit.paginate(octokit.rest.actions.listWorkflowRunArtifacts, {
    owner: q.owner,
    repo: q.repo,
    run_id: q.runId,
    name: q.artifactName,
    per_page: 100,
  });
  const found = artifacts.find((a) => a.name === q.artifactName && !a.expired);
  if (!found) throw new Error(`workflow run ${q.runId} has no (unexpired) artifact named ${q.artifactName}: did its upload step run?`);
  return found;
}

async function pullHeadSha(octokit: Octokit, q: PrReportQuery, prNumber: number): Promise<string | null> {
  try {
    const { data } = await octokit.rest.pulls.get({ owner: q.owner, repo: q.repo, pull_number: prNumber });
    return data.head.sha;
  } catch (err) {
    if ((err as { status?: unknown } | null)?.status === 404) return null;
    throw err;
  }
}

export async function loadPrReport(octokit: Octokit, q: PrReportQuery): Promise<{ meta: PrReportMeta; markdownPath: string; reportPath: string }> {
  const artifact = await findRunArtifact(octokit, q);
  const recordedSha = artifact.workflow_run?.head_sha;
  if (recordedSha !== undefined && recordedSha !== q.headSha) {
    throw new PrArtifactMismatchError('artifact-run', `artifact ${artifact.id} was made for commit ${recordedSha}, not the triggering run's ${q.headSha}`);
  }
  await downloadRunArtifact(
    { artifactId: artifact.id, runId: q.runId, sizeInBytes: artifact.size_in_bytes, digest: artifact.digest ?? null },
    { token: q.token, owner: q.owner, repo: q.repo, dir: q.dir, maxBytes: MAX_ARCHIVE_BYTES },
  );
  const meta = parsePrReportMeta(readUntrustedJson(q.dir, 'meta.json', MAX_META_BYTES));
  if (meta.headSha !== q.headSha) {
    throw new PrArtifactMismatchError('meta-head-sha', `the PR artifact claims commit ${meta.headSha}, but the triggering run built ${q.headSha}: not posting`);
  }
  const prHead = await pullHeadSha(octokit, q, meta.prNumber);
  if (prHead === null) throw new PrArtifactMismatchError('pull-not-found', `the PR artifact names pull request #${meta.prNumber}, which does not exist`);
  if (prHead !== q.headSha) {
    throw new PrArtifactMismatchError(
      'pull-head-sha',
      `pull request #${meta.prNumber} is at ${prHead}, not ${q.headSha} that the triggering run built: ` +
        'either the PR has new commits (their run will comment) or the artifact names a PR it does not belong to; not posting',
    );
  }
  // The report must at least be a JSON object; its schema is the report reader's job.
  const report = readUntrustedJson(q.dir, meta.reportFile, MAX_REPORT_BYTES);
  if (typeof report !== 'object' || report === null || Array.isArray(report)) throw new UntrustedFileError(`${meta.reportFile} in the PR artifact is not a JSON object`);
  return {
    meta,
    reportPath: untrustedFilePath(q.dir, meta.reportFile, MAX_REPORT_BYTES),
    markdownPath: untrustedFilePath(q.dir, meta.markdownFile, MAX_MARKDOWN_BYTES),
  };
}
