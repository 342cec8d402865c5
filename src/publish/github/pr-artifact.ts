/**
 * Comment mode's input: the report a pull request run uploaded. That run executed the
 * PR's code, so everything in the artifact is attacker-controllable data. The pull
 * request is the one GitHub says the run built (pull-of-run.ts), never the one the
 * artifact names, which must agree; the archive is read bounded (artifact-zip.ts), only
 * meta.json and report.json, each checked against its schema before a field is used.
 */
import type { PrReportMeta } from '../../model/pr-report-meta.ts';
import type { Report } from '../../model/report.ts';
import { firstSchemaProblem } from '../../report/check-schema.ts';
import { parseReport } from '../../report/read-report.ts';
import { downloadArtifactZip, readZipEntries } from './artifact-zip.ts';
import type { Octokit } from './octokit.ts';
import { pullOfRun } from './pull-of-run.ts';
import { UntrustedFileError } from './untrusted-file.ts';

export type { PrReportMeta } from '../../model/pr-report-meta.ts';

export interface PrReportQuery {
  owner: string;
  repo: string;
  /** The triggering workflow_run's id. */
  runId: number;
  /** workflow_run.head_sha, head_branch and head_repository.full_name, from the event payload (GitHub's word, not the artifact's). */
  headSha: string;
  headBranch: string;
  headRepository: string;
  artifactName: string;
}

export type MismatchReason = 'artifact-run' | 'meta-head-sha' | 'no-pull' | 'several-pulls' | 'artifact-pull' | 'pull-head-sha';

/**
 * Nothing may be posted: the artifact does not belong to the pull request GitHub says the
 * run built, or no single open pull request is that one, or it has moved on since (a
 * newer push: that run will comment instead).
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
const MAX_ARCHIVE_BYTES = 20 * 1024 * 1024;
const LABEL = 'the PR artifact';

/** meta.json checked against its schema; a fresh object holding only its known fields. */
export function parsePrReportMeta(raw: unknown): PrReportMeta {
  const problem = firstSchemaProblem('pr-meta', raw);
  if (problem !== undefined) throw new UntrustedFileError(`meta.json in ${LABEL} is invalid: ${problem}`);
  const { prNumber, headSha, key, reportFile, markdownFile, commented } = raw as PrReportMeta;
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

function jsonEntry(entries: Map<string, Buffer>, name: string): unknown {
  const bytes = entries.get(name);
  if (bytes === undefined) throw new UntrustedFileError(`${LABEL} has no ${name}`);
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch (err) {
    throw new UntrustedFileError(`${name} in ${LABEL} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The pull request the run built, by GitHub's word; throws when it is not exactly one open PR still at the run's commit. */
async function pullOfTheRun(octokit: Octokit, q: PrReportQuery): Promise<number> {
  const pull = await pullOfRun(octokit, { owner: q.owner, repo: q.repo, headRepository: q.headRepository, headBranch: q.headBranch, headSha: q.headSha });
  if (pull.found !== 'one') throw new PrArtifactMismatchError(pull.found === 'none' ? 'no-pull' : 'several-pulls', `${pull.message}; not posting`);
  if (pull.headSha !== q.headSha) {
    throw new PrArtifactMismatchError(
      'pull-head-sha',
      `pull request #${pull.number} is at ${pull.headSha}, not ${q.headSha} that the triggering run built: it has new commits (their run will comment); not posting`,
    );
  }
  return pull.number;
}

export async function loadPrReport(octokit: Octokit, q: PrReportQuery): Promise<{ meta: PrReportMeta; pull: number; report: Report }> {
  const pull = await pullOfTheRun(octokit, q);
  const artifact = await findRunArtifact(octokit, q);
  const recordedSha = artifact.workflow_run?.head_sha;
  if (recordedSha !== undefined && recordedSha !== q.headSha) {
    throw new PrArtifactMismatchError('artifact-run', `artifact ${artifact.id} was made for commit ${recordedSha}, not the triggering run's ${q.headSha}`);
  }
  const zip = await downloadArtifactZip(octokit, { owner: q.owner, repo: q.repo, artifactId: artifact.id, sizeInBytes: artifact.size_in_bytes, digest: artifact.digest, maxArchiveBytes: MAX_ARCHIVE_BYTES, label: LABEL });
  // Only these two are read; comment.md and anything else the run put there is never looked at.
  const entries = await readZipEntries(zip, { 'meta.json': MAX_META_BYTES, 'report.json': MAX_REPORT_BYTES }, LABEL);
  const meta = parsePrReportMeta(jsonEntry(entries, 'meta.json'));
  if (meta.headSha !== q.headSha) {
    throw new PrArtifactMismatchError('meta-head-sha', `the PR artifact claims commit ${meta.headSha}, but the triggering run built ${q.headSha}: not posting`);
  }
  if (meta.prNumber !== pull) {
    throw new PrArtifactMismatchError(
      'artifact-pull',
      `the PR artifact names pull request #${meta.prNumber}, but the run it came from built ${q.headRepository}:${q.headBranch}, the head of #${pull}: not posting`,
    );
  }
  const text = entries.get('report.json');
  if (text === undefined) throw new UntrustedFileError(`${LABEL} has no report.json`);
  return { meta, pull, report: parseReport(text.toString('utf8'), `report.json in ${LABEL}`) };
}
