/**
 * Artifacts expire (90 days by default, as little as 1 where a repository says so), and
 * with them the main-branch baseline and the history. When the newest of either is
 * within RETENTION_WARNING_DAYS of expiring, or has expired, the job summary and the PR
 * comment say so and name the fix; a pull request whose baseline expired is told the
 * date instead of a silent "no baseline". Pure: dates in, markdown out.
 */

export const RETENTION_WARNING_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ArtifactExpiry {
  /** What the artifact holds. */
  kind: 'baseline' | 'history';
  name: string;
  /** GitHub's expires_at, ISO 8601. */
  expiresAt: string;
  expired: boolean;
}

/** YYYY-MM-DD of an ISO date, or undefined when it is not one (nothing else reaches the text). */
export function isoDay(iso: string): string | undefined {
  return /^(\d{4}-\d{2}-\d{2})T/.exec(iso)?.[1];
}

/** Whole days from `now` until `iso` (negative once past), or undefined for an unreadable date. */
function daysLeft(iso: string, now: Date): number | undefined {
  const at = Date.parse(iso);
  return Number.isFinite(at) ? Math.floor((at - now.getTime()) / DAY_MS) : undefined;
}

const FIX =
  'Keep them with `history-store: branch` (a git branch, which never expires; see docs/action.md#history-that-outlives-artifacts), ' +
  'or with a nightly `schedule` run, which stores both afresh';

function phrase(item: ArtifactExpiry, now: Date): string | undefined {
  const day = isoDay(item.expiresAt);
  const left = daysLeft(item.expiresAt, now);
  if (day === undefined || left === undefined) return undefined;
  const what = `the ${item.kind} artifact \`${item.name.replace(/[^A-Za-z0-9._-]/g, '')}\``;
  if (item.expired || left < 0) return `${what} expired on ${day}`;
  if (left >= RETENTION_WARNING_DAYS) return undefined;
  return `${what} expires on ${day} (${left === 0 ? 'today' : `in ${left} day${left === 1 ? '' : 's'}`})`;
}

/** One quoted warning line, or undefined when nothing expires within the window. */
export function retentionNotice(items: readonly ArtifactExpiry[], now: Date): string | undefined {
  const due = items.map((item) => ({ item, text: phrase(item, now) })).filter((d) => d.text !== undefined);
  if (due.length === 0) return undefined;
  const phrases = due.map((d) => d.text);
  const consequence = due.some((d) => d.item.kind === 'baseline')
    ? 'once the baseline is gone, pull requests have nothing to compare with'
    : 'once the history is gone, timing and memory verdicts start over';
  return `> ⚠️ **Artifact retention**: ${phrases.join('; ')}. GitHub deletes artifacts after the repository's retention period, and ${consequence}. ${FIX}.`;
}

/** The comparison line of a pull request whose baseline artifact is gone. */
export function expiredBaselineNote(expiresAt: string): string {
  const day = isoDay(expiresAt) ?? 'an unknown date';
  return `baseline expired on ${day}: the main-branch report artifact is gone (artifact retention); the next push to the default branch or nightly run stores a new one, and \`history-store: branch\` keeps it for good`;
}
