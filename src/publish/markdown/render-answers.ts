/**
 * The answer-quality part of the report (seed 000 and 004): pass rate, mean score and
 * per-criterion means, breakdowns by tool, project and difficulty, each failed
 * validation's message, and for cases asked several times the spread of their answers.
 */
import { markdownTable } from 'markdown-table';
import type { Breakdown, CaseResult, MetricCount, Report } from '../../model/report.ts';
import { criteriaIn } from '../../model/metric-catalog.ts';
import { details } from './details.ts';
import { codeCell, codeSpan, escapeCell } from './escape.ts';
import { formatCount, formatValue } from '../../report/format.ts';
import { judgedNote } from './render-health.ts';

function answerTable(title: string, groups: readonly Breakdown[], criteria: readonly string[]): string {
  const header = [title, 'Cases', 'Pass rate', 'Score', ...criteria.map((c) => escapeCell(c))];
  const rows = groups
    .filter((g) => g.metrics['answer.pass_rate'] !== undefined)
    .map((g) => [
      escapeCell(g.key),
      formatCount(g.answerCases ?? 0),
      `${formatValue(g.metrics['answer.pass_rate'], 'ratio')}${judgedNote(g.counts?.['answer.pass_rate'])}`,
      `${formatValue(g.metrics['answer.score'], 'ratio')}${judgedNote(g.counts?.['answer.score'])}`,
      ...criteria.map((c) => `${formatValue(g.metrics[`criterion.${c}`], 'ratio')}${judgedNote(g.counts?.[`criterion.${c}`])}`),
    ]);
  return markdownTable([header, ...rows], { align: header.map((_, i) => (i === 0 ? 'l' : 'r')) });
}

/** The failed validations of an answer case, one line. */
export function answerFailureLine(r: CaseResult): string | undefined {
  if (r.kind !== 'answer' || !r.answer) return undefined;
  const notJudged = r.answer.unjudged?.length ? `not judged: ${r.answer.unjudged.map((u) => `${u.criterion} (${u.reason})`).join('; ')}` : undefined;
  if (r.answer.passed && !notJudged) return undefined;
  const failed = r.answer.validations.filter((v) => !v.passed).map((v) => v.message);
  const rep = r.answer.repeats;
  const asked = rep ? ` ${formatCount(rep.passed)} of ${formatCount(rep.asked)} answers passed; answer ${formatCount(rep.shown + 1)}:` : '';
  return `- ${codeSpan(r.id)} (${escapeCell(r.tool ?? '')}):${asked} ${escapeCell([...failed, ...(notJudged ? [notJudged] : [])].join('; '), 400)}`;
}

/**
 * Seed 000's "Avg Confidence": the server's own confidence, averaged over the answers
 * that reported one, with how many did (a server that reports none shows "none reported").
 */
function confidenceRow(value: number | null | undefined, count: MetricCount | undefined): string[][] {
  if (value === undefined || count === undefined) return [];
  const shown = value === null ? 'none reported' : `${value.toFixed(1)} (n=${formatCount(count.n)} of ${formatCount(count.of)})`;
  return [['Avg confidence (server-reported)', shown]];
}

const ratio = (v: number | null) => formatValue(v, 'ratio');

/** Cases asked more than once: each one's mean score with its spread and how many answers passed. */
export function repeatsTable(results: readonly CaseResult[]): string | undefined {
  const repeated = results.filter((r) => r.answer?.repeats !== undefined);
  if (repeated.length === 0) return undefined;
  const header = ['Case', 'Asked', 'Score (mean)', 'sd', 'min–max', 'Passed', 'No answer'];
  const rows = repeated.map((r) => {
    const a = r.answer!;
    const rep = a.repeats!;
    return [codeCell(r.id), formatCount(rep.asked), ratio(a.score), ratio(rep.sd), `${ratio(rep.min)}–${ratio(rep.max)}`, `${formatCount(rep.passed)}/${formatCount(rep.asked)}`, formatCount(rep.missing)];
  });
  return markdownTable([header, ...rows], { align: header.map((_, i) => (i === 0 ? 'l' : 'r')) });
}

/** Over the cases asked more than once: how far one answer's score strays from the case's mean (mean sd). */
function spreadRow(results: readonly CaseResult[]): string[][] {
  const sds = results.flatMap((r) => (r.answer?.repeats?.sd != null ? [r.answer.repeats.sd] : []));
  if (sds.length === 0) return [];
  const asked = [...new Set(results.flatMap((r) => (r.answer?.repeats ? [r.answer.repeats.asked] : [])))].sort((a, b) => a - b);
  return [[`Score spread between answers (mean sd; ${asked.map(formatCount).join('/')} answers per case)`, `${ratio(sds.reduce((s, v) => s + v, 0) / sds.length)} (n=${sds.length})`]];
}

export function renderAnswers(report: Report): string | undefined {
  const m = report.summary.metrics;
  if (m['answer.pass_rate'] === undefined) return undefined;
  const criteria = criteriaIn(m);
  const counts = report.summary.counts;
  const summary = markdownTable(
    [
      ['Answer metric', 'Value'],
      ['Pass rate (all validations)', `${formatValue(m['answer.pass_rate'], 'ratio')}${judgedNote(counts?.['answer.pass_rate'])}`],
      ['Mean score (weighted evaluators)', `${formatValue(m['answer.score'], 'ratio')}${judgedNote(counts?.['answer.score'])}`],
      ...criteria.map((c) => [`Criterion: ${escapeCell(c)}`, `${formatValue(m[`criterion.${c}`], 'ratio')}${judgedNote(counts?.[`criterion.${c}`])}`]),
      ...confidenceRow(m['answer.confidence'], counts?.['answer.confidence']),
      ...spreadRow(report.cases),
    ],
    { align: ['l', 'r'] },
  );
  const b = report.breakdowns;
  const parts = ['### Answers', summary];
  if (b.tool) parts.push(answerTable('Tool', b.tool, criteria));
  if (b.project) parts.push(details('By project', answerTable('Project', b.project, criteria)));
  parts.push(details('By category (answers)', answerTable('Category', b.category, criteria)));
  parts.push(details('By difficulty (answers)', answerTable('Difficulty', b.difficulty, criteria)));
  const repeats = repeatsTable(report.cases);
  if (repeats) parts.push(details('Repeated answers (each answer scored; the case scores their mean)', repeats));
  return parts.join('\n\n');
}
