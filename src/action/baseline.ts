/**
 * Which report this run is compared with. On a pull request: the report stored by a
 * main-branch (push/schedule) run of the PR's base commit, else of its newest ancestor
 * that has one; never a PR run's. Then the fallback path, then none. A lookup failure
 * (permissions, network) is a warning and falls through: a missing baseline must not
 * fail the check.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { BaselineInfo } from '../publish/comment/index.ts';
import type { GitHub } from './github-context.ts';
import type { EventInfo } from './event.ts';
import type { ActionInputs } from './inputs.ts';

export interface ResolvedBaseline {
  path: string | null;
  info: BaselineInfo;
}

export interface BaselineDeps {
  github: () => Promise<GitHub>;
  token: string;
  workspace: string;
  tmpDir: string;
  warn: (message: string) => void;
}

/** The commit whose stored report is the natural baseline for this event. */
export function baselineSha(event: EventInfo): string | undefined {
  if (event.pr) return event.pr.baseSha;
  if (event.name === 'push') return event.before;
  if (event.name === 'schedule') return event.sha;
  return undefined;
}

function fallback(inputs: ActionInputs, workspace: string, why: string): ResolvedBaseline {
  const file = inputs.baselineFallback ? path.resolve(workspace, inputs.baselineFallback) : null;
  if (file && existsSync(file)) return { path: file, info: { source: 'path', path: inputs.baselineFallback ?? file, note: `${why}; compared with ${inputs.baselineFallback}` } };
  return { path: null, info: { source: 'none', note: why } };
}

export async function resolveBaseline(inputs: ActionInputs, event: EventInfo, artifactName: string, deps: BaselineDeps): Promise<ResolvedBaseline> {
  if (inputs.baseline === 'none') return { path: null, info: { source: 'none', note: 'baseline: none requested' } };
  if (typeof inputs.baseline === 'object') {
    const file = path.resolve(deps.workspace, inputs.baseline.path);
    return { path: file, info: { source: 'path', path: inputs.baseline.path } };
  }
  const sha = baselineSha(event);
  const { edge, octokit } = await deps.github();
  if (!octokit || !sha) return fallback(inputs, deps.workspace, 'no base commit to look a baseline up for');
  try {
    const candidate = await edge.findBaselineArtifact(octokit, {
      owner: event.owner,
      repo: event.repo,
      defaultBranch: event.defaultBranch,
      baseSha: sha,
      artifactName,
    });
    if (!candidate) return fallback(inputs, deps.workspace, 'no main-branch baseline yet: a push to the default branch (or the nightly run) stores one');
    const file = await edge.downloadBaselineReport({ candidate, token: deps.token, owner: event.owner, repo: event.repo, dir: deps.tmpDir });
    return {
      path: file,
      info: { source: 'artifact', sha: candidate.sha, date: candidate.createdAt, url: candidate.runUrl, behindBy: candidate.behindBy },
    };
  } catch (err) {
    deps.warn(`could not fetch the baseline artifact: ${err instanceof Error ? err.message : String(err)}`);
    return fallback(inputs, deps.workspace, 'the baseline artifact could not be fetched (see the warning in the log)');
  }
}
