/**
 * Judging progress for the CLI's stderr and the Action's log: an LLM judge can take
 * minutes after the last case ran, and a silent log looks hung. On a terminal one line
 * redrawn in place; in a log (CI keeps every line) a line at each tenth of the answer
 * cases or every 10 s, and the last one. Nothing when no evaluator made or served a call
 * (rules only).
 */
import type { JudgingProgress, JudgingSink } from './hooks.ts';
import { formatUsd } from '../report/format.ts';
import { budgetText } from '../model/report.ts';

/** Seconds between two lines when piped, however slowly the cases go. */
export const PIPED_INTERVAL_MS = 10_000;

/** "judging 12 of 40 answer cases · 30 API calls · 4 cache hits · 12,345 tokens · $0.0123 so far (budget $0.5)". */
export function judgingLine(e: JudgingProgress): string {
  const u = e.usage;
  const count = (n: number) => n.toLocaleString('en-US');
  const many = (n: number, word: string) => `${count(n)} ${word}${n === 1 ? '' : 's'}`;
  const estimated = u.estimatedCalls ? ` (estimated: ${u.estimatedCalls} call(s) sent no usage)` : '';
  const cap = e.budget ? budgetText(e.budget) : '';
  const budget = cap ? ` of the budget ${cap}` : '';
  const arm = e.arm > 0 ? ' (head)' : '';
  return `judging${arm}: ${e.done} of ${e.total} answer cases · ${many(u.calls, 'API call')} · ${many(u.cacheHits, 'cache hit')} · ${count(u.promptTokens + u.completionTokens)} tokens${estimated} · ${formatUsd(u.costUsd, (u.estimatedCalls ?? 0) > 0)} so far${budget}`;
}

export function createJudgingProgress(sink: JudgingSink, now: () => number = () => performance.now()): (event: JudgingProgress) => void {
  let lastLine = Number.NEGATIVE_INFINITY;
  let lastTenth = -1;
  return (event) => {
    if (event.usage.calls + event.usage.cacheHits === 0) return;
    const last = event.done === event.total;
    const text = `docs-mcp-eval: ${judgingLine(event)}`;
    if (sink.redraw) {
      sink.write(`\r\u001b[2K${text}${last ? '\n' : ''}`);
      return;
    }
    const tenth = Math.floor((event.done * 10) / Math.max(1, event.total));
    if (!last && tenth === lastTenth && now() - lastLine < PIPED_INTERVAL_MS) return;
    lastTenth = tenth;
    lastLine = now();
    sink.write(`${text}\n`);
  };
}
