/**
 * "Judging cost": what the LLM judge and the embeddings used in this run, per evaluator
 * and model (tokens once per API call, calls, cache hits, cost from the configured
 * prices or "unknown"), the budget and, for repeated judging, how much samples agreed.
 */
import { budgetText, type JudgingSummary, type Report } from '../../model/report.ts';
import { escapeCell } from './escape.ts';
import { firstFew } from '../../shared/first-few.ts';
import { formatCount, formatThousands as count, formatUsd, formatValue } from '../../report/format.ts';

/** Money in markdown: `$` would open math there; `estimated` marks it "~". */
const usd = (value: number | null | undefined, estimated = false): string => escapeCell(formatUsd(value, estimated), 40);

/** "~ estimated: 3 of 5 API call(s) sent no usage; ..." when any were. */
function estimatedNote(j: JudgingSummary): string | undefined {
  const n = j.totals.estimatedCalls ?? 0;
  if (n === 0) return undefined;
  return `~ estimated: ${count(n)} of ${count(j.totals.calls)} API call(s) sent no usage; their tokens (and cost) are estimated from the text at 4 characters a token.`;
}

function budgetLine(j: JudgingSummary): string | undefined {
  const b = j.budget;
  if (!b) return undefined;
  const cap = escapeCell(budgetText(b), 80);
  if (!b.stopped) return `Budget ${cap}: not reached.`;
  return `**Budget ${cap} reached:** ${b.notJudged.length} answer case(s) not judged (budget)${b.notJudged.length > 0 ? `: ${firstFew(b.notJudged, 5, (id) => escapeCell(id))}` : ''}.`;
}

/** One line of plain text (escape it for markdown): calls, cache hits, tokens and cost (the PR comment's collapsed summary, the compare command's log). */
export function judgingTotalsLine(j: JudgingSummary): string {
  const t = j.totals;
  const budget = j.budget?.stopped ? `; budget ${budgetText(j.budget)} reached, ${formatCount(j.budget.notJudged.length)} case(s) not judged` : '';
  const estimated = t.estimatedCalls ? ` (${count(t.estimatedCalls)} call(s) without usage: estimated)` : '';
  return `judging used ${count(t.calls)} API call(s), ${count(t.cacheHits)} cache hit(s), ${count(t.promptTokens)} prompt + ${count(t.completionTokens)} completion tokens, cost ${formatUsd(t.costUsd, (t.estimatedCalls ?? 0) > 0)}${estimated}${budget}`;
}

export function renderJudging(report: Report): string | undefined {
  return report.judging ? renderJudgingSummary(report.judging) : undefined;
}

/** The "Judging cost" section of one judging session's summary, under the given heading. */
export function renderJudgingSummary(j: JudgingSummary, heading = '### Judging cost'): string {
  // Estimated counts carry "~" (the provider sent no usage); the endpoint says which server judged.
  const tilde = (estimated: number | undefined) => ((estimated ?? 0) > 0 ? '~' : '');
  const rows = j.rows.map((r) => {
    const est = tilde(r.estimatedCalls);
    const model = r.endpoint ? `${escapeCell(r.model)} at ${escapeCell(r.endpoint, 200)}` : escapeCell(r.model);
    return `| ${escapeCell(r.evaluator)} | ${model} | ${count(r.calls)} | ${count(r.cacheHits)} | ${est}${count(r.promptTokens)}${r.cachedTokens > 0 ? ` (${count(r.cachedTokens)} cached)` : ''} | ${est}${count(r.completionTokens)} | ${usd(r.costUsd, est !== '')} |`;
  });
  const t = j.totals;
  const est = tilde(t.estimatedCalls);
  const lines = [
    ...(heading ? [heading] : []),
    '| Evaluator | Model | API calls | Cache hits | Prompt tokens | Completion tokens | Cost |',
    '|---|---|--:|--:|--:|--:|--:|',
    ...rows,
    ...(j.rows.length > 1 ? [`| **total** | | ${count(t.calls)} | ${count(t.cacheHits)} | ${est}${count(t.promptTokens)} | ${est}${count(t.completionTokens)} | ${usd(t.costUsd, est !== '')} |`] : []),
    '',
    [
      estimatedNote(j),
      t.costUsd === null ? 'Cost "unknown": a model has no price (judging.prices, USD per million tokens).' : undefined,
      j.cacheDir === null ? 'Call cache off (--no-cache).' : `Call cache: ${count(t.cacheHits)} hit(s), no cost.`,
      `At most ${formatCount(j.concurrency)} calls in flight.`,
      budgetLine(j),
    ]
      .filter((l) => l !== undefined)
      .join(' '),
  ];
  if (j.samples) {
    lines.push(
      '',
      '| Criterion | Cases | Samples | Mean sd | Mean agreement |',
      '|---|--:|--:|--:|--:|',
      ...Object.entries(j.samples).map(([name, s]) => `| ${escapeCell(name)} | ${formatCount(s.cases)} | ${formatCount(s.samples)} | ${formatValue(s.meanSd, 'ratio')} | ${formatCount(Math.round(s.meanAgreement * 100))}% |`),
    );
  }
  return lines.join('\n');
}
