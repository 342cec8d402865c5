/**
 * Which report this run is compared with. On a pull request: the report stored by a
 * main-branch (push/schedule/workflow_dispatch) run of the PR's base commit, else of its
 * newest ancestor that has one, from the history store (history-store.ts); never a PR
 * run's. Then the fallback path, then none, saying why (an expired baseline names the
 * day it expired). A lookup failure (permissions, network) is a warning and falls
 * through: a missing baseline must not fail the check.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { BaselineInfo } from '../publish/comment/index.ts';
import type { GitHub } from './github-context.ts';
import { expiredBaselineNote } from '../publish/history/retention.ts';
import { findStoredBaseline, type HistoryStores } from './history-stores.ts';
import type { EventInfo } from './event.ts';
import type { ActionInputs } from './inputs.ts';

export interface ResolvedBaseline {
  path: string | null;
  info: BaselineInfo;
}

export interface BaselineDeps {
  github: () => Promise<GitHub>;
  workspace: string;
  tmpDir: string;
}

/** The commit whose stored report is the natural baseline for this event. */
export function baselineSha(event: EventInfo): string | undefined {
  if (event.pr) return event.pr.baseSha;
  if (event.name === 'push') return event.before;
  if (event.name === 'schedule' || event.name === 'workflow_dispatch') return event.sha;
  return undefined;
}

function fallback(inputs: ActionInputs, workspace: string, why: string): ResolvedBaseline {
  const file = inputs.baselineFallback ? path.resolve(workspace, inputs.baselineFallback) : null;
  if (file && existsSync(file)) return { path: file, info: { source: 'path', path: inputs.baselineFallback ?? file, note: `${why}; compared with ${inputs.baselineFallback}` } };
  return { path: null, info: { source: 'none', note: why } };
}

export async function resolveBaseline(inputs: ActionInputs, event: EventInfo, stores: HistoryStores, deps: BaselineDeps): Promise<ResolvedBaseline> {
  if (inputs.baseline === 'none') return { path: null, info: { source: 'none', note: 'baseline: none requested' } };
  if (typeof inputs.baseline === 'object') {
    const file = path.resolve(deps.workspace, inputs.baseline.path);
    return { path: file, info: { source: 'path', path: inputs.baseline.path } };
  }
  const sha = baselineSha(event);
  const { octokit } = await deps.github();
  if (!octokit || !sha) return fallback(inputs, deps.workspace, 'no base commit to look a baseline up for');
  const lookup = await findStoredBaseline(stores, sha, (i) => path.join(deps.tmpDir, String(i)));
  if (lookup.found) return lookup.found;
  if (lookup.expiredOn) return fallback(inputs, deps.workspace, expiredBaselineNote(lookup.expiredOn));
  if (lookup.failed) return fallback(inputs, deps.workspace, 'the stored baseline could not be fetched (see the warning in the log)');
  return fallback(inputs, deps.workspace, 'no main-branch baseline yet: a push to the default branch (or the nightly run) stores one');
}
