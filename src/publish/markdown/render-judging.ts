/**
 * "Judging cost": what the LLM judge and the embeddings used in this run, per evaluator
 * and model (tokens once per API call, calls, cache hits, cost from the configured
 * prices or "unknown"), the budget and, for repeated judging, how much samples agreed.
 */
import type { JudgingSummary, Report } from '../../model/report.ts';
import { escapeCell } from './escape.ts';
import { firstFew } from '../../shared/first-few.ts';
import { formatCount, formatThousands as count, formatUsd, formatValue } from '../../report/format.ts';

/** Money in markdown: `$` would open math there. */
const usd = (value: number | null | undefined): string => escapeCell(formatUsd(value), 40);

function budgetLine(j: JudgingSummary): string | undefined {
  const b = j.budget;
  if (!b) return undefined;
  const cap = [b.usd !== undefined ? usd(b.usd) : undefined, b.tokens !== undefined ? `${count(b.tokens)} tokens` : undefined].filter(Boolean).join(' / ');
  if (!b.stopped) return `Budget ${cap}: not reached.`;
  return `**Budget ${cap} reached:** ${b.notJudged.length} answer case(s) not judged (budget)${b.notJudged.length > 0 ? `: ${firstFew(b.notJudged, 5, (id) => escapeCell(id))}` : ''}.`;
}

/** One line of plain text (escape it for markdown): calls, cache hits, tokens and cost (the PR comment's collapsed summary, the compare command's log). */
export function judgingTotalsLine(j: JudgingSummary): string {
  const t = j.totals;
  const budget = j.budget?.stopped ? `; budget reached, ${formatCount(j.budget.notJudged.length)} case(s) not judged` : '';
  return `judging used ${count(t.calls)} API call(s), ${count(t.cacheHits)} cache hit(s), ${count(t.promptTokens)} prompt + ${count(t.completionTokens)} completion tokens, cost ${formatUsd(t.costUsd)}${budget}`;
}

export function renderJudging(report: Report): string | undefined {
  return report.judging ? renderJudgingSummary(report.judging) : undefined;
}

/** The "Judging cost" section of one judging session's summary, under the given heading. */
export function renderJudgingSummary(j: JudgingSummary, heading = '### Judging cost'): string {
  const rows = j.rows.map(
    (r) =>
      `| ${escapeCell(r.evaluator)} | ${escapeCell(r.model)} | ${count(r.calls)} | ${count(r.cacheHits)} | ${count(r.promptTokens)}${r.cachedTokens > 0 ? ` (${count(r.cachedTokens)} cached)` : ''} | ${count(r.completionTokens)} | ${usd(r.costUsd)} |`,
  );
  const t = j.totals;
  const lines = [
    ...(heading ? [heading] : []),
    '| Evaluator | Model | API calls | Cache hits | Prompt tokens | Completion tokens | Cost |',
    '|---|---|--:|--:|--:|--:|--:|',
    ...rows,
    ...(j.rows.length > 1 ? [`| **total** | | ${count(t.calls)} | ${count(t.cacheHits)} | ${count(t.promptTokens)} | ${count(t.completionTokens)} | ${usd(t.costUsd)} |`] : []),
    '',
    [
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
