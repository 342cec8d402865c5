/** The Action's outputs, set from one evaluation. */
import * as core from './safe-core.ts';
import type { Evaluation } from '../pipeline/evaluate.ts';

export interface RunOutputExtras {
  reportPath: string;
  markdown: string;
  commentUrl: string;
  baseline: string;
  /** The HTML page on the runner and its artifact's URL ('' when none). */
  htmlPath: string;
  htmlUrl: string;
}

/** The report without per-case details: outputs are size-limited, the file has the rest. */
export function compactReport(evaluation: Evaluation): object {
  const { cases: _cases, memory, ...rest } = evaluation.report;
  return { ...rest, memory: memory ? { peakBytes: memory.peakBytes, samples: memory.samples.length } : undefined };
}

export function setRunOutputs(evaluation: Evaluation, extras: RunOutputExtras): void {
  const counts = evaluation.comparison?.counts;
  const changes = evaluation.comparison?.caseChanges ?? [];
  core.setOutput('report', extras.reportPath);
  core.setOutput('report-json', JSON.stringify(compactReport(evaluation)));
  core.setOutput('markdown', extras.markdown);
  core.setOutput('regressions', String(counts?.worse ?? 0));
  core.setOutput('improvements', String(counts?.better ?? 0));
  core.setOutput('case-regressions', String(changes.filter((c) => c.direction === 'regressed').length));
  core.setOutput('case-improvements', String(changes.filter((c) => c.direction === 'improved').length));
  core.setOutput('comment-url', extras.commentUrl);
  core.setOutput('gate-failures', String(evaluation.gates?.failures.length ?? 0));
  core.setOutput('baseline', extras.baseline);
  core.setOutput('report-html', extras.htmlPath);
  core.setOutput('report-html-url', extras.htmlUrl);
}
