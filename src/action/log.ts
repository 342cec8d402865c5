/**
 * Progress in the Actions log: one collapsible group per pipeline phase, a plain line
 * per case, and annotations for what a reviewer must see on the PR's checks page.
 */
import * as core from './safe-core.ts';
import { inert } from '../shared/control-chars.ts';
import type { Comparison } from '../model/comparison.ts';
import type { EvaluateHooks } from '../pipeline/hooks.ts';
import type { Report } from '../model/report.ts';
import { caseOutcome } from '../run/case-outcome.ts';

export function groupedHooks(): EvaluateHooks & { end(): void } {
  let open = false;
  const end = () => {
    if (open) core.endGroup();
    open = false;
  };
  return {
    onPhase(phase, detail) {
      end();
      core.startGroup(`docs-mcp-eval: ${phase} (${detail})`);
      open = true;
    },
    // A line per tenth of the answer cases judged (or every 10 s): the log keeps every line.
    judgingLog: { redraw: false, write: (text) => core.info(text.trimEnd()) },
    onProgress(event) {
      const { done, total, observation: o } = event;
      const { kind, ms } = caseOutcome(event);
      const failed = event.failedValidation !== undefined ? `: ${event.failedValidation}` : '';
      // One line per case: a server's multi-line message is folded, never a fresh log line.
      core.info(inert(`[${done}/${total}] ${kind.replace('_', ' ')} ${o.caseId} (${ms.toFixed(1)} ms)${o.error ? `: ${o.error.kind}: ${o.error.message}` : failed}`, { oneLine: true }));
    },
    end,
  };
}

/** Regressions become warnings and errored cases errors, so they show on the run page. */
export function annotate(report: Report, comparison: Comparison | null): void {
  for (const c of comparison?.caseChanges ?? []) {
    if (c.direction !== 'regressed') continue;
    const rank = (r: number | null) => (r === null ? 'not found' : `rank ${r}`);
    const what =
      c.kind === 'answer'
        ? `${c.passedBefore ? 'passed' : 'failed'} → ${c.passedAfter ? 'passed' : 'failed'}, score ${c.scoreBefore ?? '—'} → ${c.scoreAfter ?? '—'}`
        : `first relevant rank ${rank(c.rankBefore)} → ${rank(c.rankAfter)}`;
    core.warning(`case ${c.id} regressed: ${what}`, { title: 'docs-mcp-eval regression' });
  }
  for (const row of comparison?.rows ?? []) {
    if (row.verdict === 'worse' && !row.indicative) core.warning(`${row.label} got worse: ${row.baseline} → ${row.current}`, { title: 'docs-mcp-eval regression' });
  }
  for (const c of report.cases) {
    if (c.error) core.error(`case ${c.id} ${c.status}: ${c.error.kind}: ${c.error.message}`, { title: 'docs-mcp-eval case error' });
  }
}
