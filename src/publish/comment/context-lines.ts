/**
 * The one-liners around the tables: where the baseline came from, what machine ran,
 * where the run and the full report are. Values here come from the Action and the
 * runner, not the dataset, but they are escaped all the same: a baseline can be a file
 * a pull request supplies, and a URL that is not http(s) is simply not linked.
 */
import type { Environment } from '../../model/report.ts';
import { codeSpan, escapeCell } from '../markdown/escape.ts';
import { formatCount } from '../../report/format.ts';
import type { BaselineInfo, CommentContext } from './types.ts';

/** An http(s) URL fit for a markdown link destination, or undefined. */
export function safeUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  // Parentheses would end the `(...)` destination early; spaces and <> are already encoded.
  return parsed.href.replace(/\(/g, '%28').replace(/\)/g, '%29');
}

function link(label: string, url: string | undefined): string | undefined {
  const href = safeUrl(url);
  return href === undefined ? undefined : `[${label}](${href})`;
}

/** A commit as a 7-character code span; anything that is not hex is escaped as text. */
export function shortSha(sha: string): string {
  return /^[0-9a-f]{7,64}$/i.test(sha) ? `\`${sha.slice(0, 7).toLowerCase()}\`` : codeSpan(sha, 12);
}

function day(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}/.test(iso) ? iso.slice(0, 10) : escapeCell(iso, 30);
}

function behind(n: number): string {
  if (n === 0) return 'at the base commit';
  return `${formatCount(n)} commit${n === 1 ? '' : 's'} behind the base`;
}

/** `noteShown`: the note already went into the "no comparison" line, so it is not repeated. */
export function baselineLine(info: BaselineInfo, noteShown = false): string {
  const note = info.note !== undefined && !noteShown ? escapeCell(info.note, 300) : undefined;
  if (info.source === 'none') return `Baseline: none${note ? ` (${note})` : ''}.`;
  const parts: string[] = [];
  if (info.source === 'same-job') {
    const ref = info.ref !== undefined && info.ref !== info.sha ? ` (${codeSpan(info.ref, 60)})` : '';
    parts.push(`Baseline: same-job comparison against ${info.sha !== undefined ? shortSha(info.sha) : 'the base'}${ref}: base and head alternated on this runner`);
  } else if (info.source === 'artifact' || info.source === 'branch') {
    const when = [info.date !== undefined ? day(info.date) : undefined, info.behindBy !== undefined ? behind(info.behindBy) : undefined]
      .filter((p) => p !== undefined)
      .join(', ');
    parts.push(`Baseline: main-branch run${info.sha !== undefined ? ` @ ${shortSha(info.sha)}` : ''}${when ? ` (${when})` : ''}`);
    const run = link('run', info.url);
    if (run) parts.push(run);
    if (info.source === 'branch') parts.push(`from branch ${codeSpan(info.branch ?? 'the data branch', 100)}`);
  } else {
    parts.push(`Baseline: file ${info.path !== undefined ? codeSpan(info.path, 200) : '(path not given)'}`);
  }
  if (note) parts.push(note);
  return parts.join(' · ');
}

/** `sameMachine` is undefined when there is no comparison to qualify. */
export function environmentLine(env: Environment, sameMachine: boolean | undefined): string {
  const parts = [
    `${escapeCell(env.os, 60)} (${escapeCell(env.arch, 20)})`,
    `${escapeCell(env.cpuModel, 80)}, ${formatCount(env.cores)} cores`,
    `Node ${escapeCell(env.node, 20)}`,
  ];
  if (env.runnerImage) parts.push(`runner ${escapeCell(env.runnerImage, 60)}`);
  if (sameMachine === true) parts.push('baseline ran on the same machine');
  if (sameMachine === false) parts.push('baseline ran on a different machine (latency, memory and build rows are indicative)');
  return `Environment: ${parts.join(' · ')}`;
}

export function linksLine(ctx: CommentContext): string {
  const links = [link('HTML report (every case, charts)', ctx.pageUrl), link('Workflow run', ctx.runUrl), link('Report artifact', ctx.artifactUrl), link('Full report', ctx.reportUrl)];
  return links.filter((l) => l !== undefined).join(' · ');
}

/** Where the truncated comment points: the full report, else the artifact, else the run. */
export function truncationNote(ctx: CommentContext): string {
  const where =
    link('the HTML report', ctx.pageUrl) ?? link('the full report', ctx.reportUrl) ?? link('the artifact', ctx.artifactUrl) ?? link("the run's artifacts", ctx.runUrl) ?? "the run's artifacts";
  return `> ✂️ Truncated to fit GitHub's comment limit: full report in ${where}.`;
}
