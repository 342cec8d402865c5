/**
 * Run health at the top of the report and the comment: nothing to read when the run is
 * healthy; one line per problem when it is not (❌ fails the run, ⚠️ is a warning), so
 * a broken run never shows only its healthy-looking numbers (report/health.ts).
 */
import type { MetricCount, Report } from '../../model/report.ts';
import { escapeCell } from './escape.ts';
import { formatCount } from '../../report/format.ts';
import { missingText } from '../../model/metric-count.ts';

/** Blockquote lines for the health problems, failures first; [] when healthy. */
export function healthLines(report: Report): string[] {
  const problems = report.health?.problems ?? [];
  const ordered = [...problems.filter((p) => p.severity === 'fail'), ...problems.filter((p) => p.severity === 'warn')];
  return ordered.map((p) => `> ${p.severity === 'fail' ? '❌ **Run health: failed**' : '⚠️ **Run health**'}: ${escapeCell(p.message, 500)}`);
}

/** Extra counts for the run line, e.g. " · 3 empty · 2 error replies · 1 not judged"; '' when there is nothing to count. */
export function healthCounts(report: Report): string {
  const h = report.health;
  if (!h) return '';
  const parts: string[] = [];
  if (h.retrieval.empty.length > 0) parts.push(`${h.retrieval.empty.length} empty`);
  if (h.errors.error_reply?.length) parts.push(`${h.errors.error_reply.length} error repl${h.errors.error_reply.length === 1 ? 'y' : 'ies'}`);
  const notJudged = report.cases.filter((c) => c.answer?.unjudged?.length).length;
  if (notJudged > 0) parts.push(`${notJudged} not judged`);
  if (h.shortRankings.length > 0) parts.push(`${h.shortRankings.length} ranked < k`);
  const repeated = Object.keys(h.duplicateIds ?? {}).length;
  if (repeated > 0) parts.push(`${repeated} with repeated ids`);
  return parts.map((p) => ` · ${p}`).join('');
}

/** " (5 of 7: 2 evaluator errors)" when a mean is over fewer cases than it could be; '' otherwise. */
export function judgedNote(count: MetricCount | undefined): string {
  if (!count || count.n >= count.of) return '';
  const missing = missingText(count);
  return ` (${formatCount(count.n)} of ${formatCount(count.of)}${missing ? `: ${escapeCell(missing)}` : ''})`;
}
