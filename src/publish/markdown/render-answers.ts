/**
 * The answer-quality part of the report (seed 000 and 004): pass rate, mean score and
 * per-criterion means, breakdowns by tool, project and difficulty, and each failed
 * validation's message.
 */
import { markdownTable } from 'markdown-table';
import type { Breakdown, CaseResult, MetricCount, Report } from '../../model/report.ts';
import { criteriaIn } from '../../model/metric-catalog.ts';
import { details } from './details.ts';
import { codeCell, escapeCell } from './escape.ts';
import { formatValue } from '../../report/format.ts';
import { judgedNote } from './render-health.ts';

function answerTable(title: string, groups: readonly Breakdown[], criteria: readonly string[]): string {
  const header = [title, 'Cases', 'Pass rate', 'Score', ...criteria.map((c) => escapeCell(c))];
  const rows = groups
    .filter((g) => g.metrics['answer.pass_rate'] !== undefined)
    .map((g) => [
      escapeCell(g.key),
      String(g.answerCases ?? 0),
      formatValue(g.metrics['answer.pass_rate'], 'ratio'),
      formatValue(g.metrics['answer.score'], 'ratio'),
      ...criteria.map((c) => formatValue(g.metrics[`criterion.${c}`], 'ratio')),
    ]);
  return markdownTable([header, ...rows], { align: header.map((_, i) => (i === 0 ? 'l' : 'r')) });
}

/** The failed validations of an answer case, one line. */
export function answerFailureLine(r: CaseResult): string | undefined {
  if (r.kind !== 'answer' || !r.answer) return undefined;
  const notJudged = r.answer.unjudged?.length ? `not judged: ${r.answer.unjudged.map((u) => `${u.criterion} (${u.reason})`).join('; ')}` : undefined;
  if (r.answer.passed && !notJudged) return undefined;
  const failed = r.answer.validations.filter((v) => !v.passed).map((v) => v.message);
  return `- ${codeCell(r.id)} (${escapeCell(r.tool ?? '')}): ${escapeCell([...failed, ...(notJudged ? [notJudged] : [])].join('; '), 400)}`;
}

/**
 * Seed 000's "Avg Confidence": the server's own confidence, averaged over the answers
 * that reported one, with how many did (a server that reports none shows "none reported").
 */
function confidenceRow(value: number | null | undefined, count: MetricCount | undefined): string[][] {
  if (value === undefined || count === undefined) return [];
  const shown = value === null ? 'none reported' : `${value.toFixed(1)} (n=${count.n} of ${count.of})`;
  return [['Avg confidence (server-reported)', shown]];
}

export function renderAnswers(report: Report): string | undefined {
  const m = report.summary.metrics;
  if (m['answer.pass_rate'] === undefined) return undefined;
  const criteria = criteriaIn(m);
  const counts = report.summary.counts;
  const summary = markdownTable(
    [
      ['Answer metric', 'Value'],
      ['Pass rate (all validations)', formatValue(m['answer.pass_rate'], 'ratio')],
      ['Mean score (weighted evaluators)', `${formatValue(m['answer.score'], 'ratio')}${judgedNote(counts?.['answer.score'])}`],
      ...criteria.map((c) => [`Criterion: ${escapeCell(c)}`, `${formatValue(m[`criterion.${c}`], 'ratio')}${judgedNote(counts?.[`criterion.${c}`])}`]),
      ...confidenceRow(m['answer.confidence'], counts?.['answer.confidence']),
    ],
    { align: ['l', 'r'] },
  );
  const b = report.breakdowns;
  const parts = ['### Answers', summary];
  if (b.tool) parts.push(answerTable('Tool', b.tool, criteria));
  if (b.project) parts.push(details('By project', answerTable('Project', b.project, criteria)));
  parts.push(details('By category (answers)', answerTable('Category', b.category, criteria)));
  parts.push(details('By difficulty (answers)', answerTable('Difficulty', b.difficulty, criteria)));
  return parts.join('\n\n');
}
