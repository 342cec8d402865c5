/**
 * Who accepted a regression: a label on the pull request (default `docs-mcp-eval:accept`)
 * acknowledges a known regression, so the check passes and the comment says it was
 * accepted, by whom and when. The labels are read from the API, not the event payload,
 * which is stale on a re-run after the label was added; the "who" is the actor of the
 * latest `labeled` event for that label in the issue's event log.
 */
import type { Octokit } from './octokit.ts';

export const DEFAULT_ACCEPT_LABEL = 'docs-mcp-eval:accept';

export interface Acceptance {
  /** The label as it is spelled on the pull request. */
  label: string;
  /** Login of who added the label last; null when the event log does not say. */
  by: string | null;
  /** When they added it (ISO 8601); null when the event log does not say. */
  at: string | null;
}

export interface IssueTarget {
  owner: string;
  repo: string;
  number: number;
}

type IssueEvent = Awaited<ReturnType<Octokit['rest']['issues']['listEvents']>>['data'][number];

/** GitHub label names are unique regardless of case: `Accept` and `accept` are one label. */
function sameLabel(a: string, b: string): boolean {
  return a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;
}

function labeledWith(event: IssueEvent, label: string): event is Extract<IssueEvent, { label: unknown }> {
  return event.event === 'labeled' && 'label' in event && sameLabel(event.label.name, label);
}

/** Latest by time, then by id (events within one second keep their order by id). */
function later(a: IssueEvent, b: IssueEvent): boolean {
  return a.created_at === b.created_at ? a.id > b.id : Date.parse(a.created_at) > Date.parse(b.created_at);
}

/** The acceptance label on the pull request and who put it there, or null when it is not on it. */
export async function findAcceptance(octokit: Octokit, target: IssueTarget, label: string): Promise<Acceptance | null> {
  const issue = { owner: target.owner, repo: target.repo, issue_number: target.number, per_page: 100 };
  const labels = await octokit.paginate(octokit.rest.issues.listLabelsOnIssue, issue);
  const present = labels.find((l) => sameLabel(l.name, label));
  if (!present) return null;
  const events = await octokit.paginate(octokit.rest.issues.listEvents, issue);
  let latest: IssueEvent | undefined;
  for (const event of events) {
    if (labeledWith(event, label) && (!latest || later(event, latest))) latest = event;
  }
  return { label: present.name, by: latest?.actor?.login ?? null, at: latest?.created_at ?? null };
}
