/**
 * The numbers behind each verdict, for the reviewer who asks "is that real?": which
 * test, its p-value or CI, and the sample sizes, in a collapsed block under the delta
 * table. Rows without a change (same, n/a) have nothing to show and are left out.
 */
import { markdownTable } from 'markdown-table';
import type { DeltaRow, Evidence } from '../../model/comparison.ts';
import { details } from './details.ts';
import { escapeCell } from './escape.ts';
import { formatCount as n, formatValue } from '../../report/format.ts';
import { reachWords } from './render-history-reach.ts';

function pValue(p: number): string {
  return p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`;
}

function pct(x: number): string {
  return `${Math.round(x * 1000) / 10}%`;
}

function ratio(x: number): string {
  return x.toFixed(3);
}

/** [test, result, samples] for one row. */
function describe(e: Evidence, unit: DeltaRow['unit']): [string, string, string] {
  switch (e.kind) {
    case 'paired': {
      const how = e.exact ? `exact, ${n(e.draws)} sign patterns` : `${n(e.draws)} random sign flips`;
      const ci = e.meanDifferenceCi
        ? `; mean Δ ${Math.round(e.meanDifferenceCi.level * 100)}% CI [${formatValue(e.meanDifferenceCi.lower, 'ratio')}, ${formatValue(e.meanDifferenceCi.upper, 'ratio')}]`
        : '';
      return [`paired sign-flip randomization (${how})`, `${pValue(e.p)} (α ${n(e.alpha)})${ci}; ${n(e.wins)} win · ${n(e.ties)} tie · ${n(e.losses)} loss`, `${n(e.n)} cases`];
    }
    case 'ratio': {
      const ci = `${Math.round(e.ci.level * 100)}% CI [${ratio(e.ci.lower)}, ${ratio(e.ci.upper)}]`;
      const mw = e.mannWhitneyP === null ? '' : `; Mann-Whitney U ${pValue(e.mannWhitneyP)}`;
      return [
        `bootstrap ratio of ${escapeCell(e.statistic, 40)} (${n(e.draws)} resamples)`,
        `×${ratio(e.ratio)}, ${ci}, real beyond ±${pct(e.minEffect)}${mw}`,
        `${n(e.nBaseline)} / ${n(e.nCurrent)} samples`,
      ];
    }
    case 'threshold':
      return [`threshold ±${pct(e.band)} (indicative)`, escapeCell(e.why, 120), '—'];
    case 'count':
      return ['count', 'any change is real', '—'];
    case 'history':
      return [
        `main-branch history: ${Math.round(e.level * 100)}% prediction interval for one run (log scale)`,
        `[${formatValue(e.lower, unit)}, ${formatValue(e.upper, unit)}] around ${formatValue(e.center, unit)}; ×${ratio(e.ratio)}, real beyond ±${pct(e.minEffect)}; ${reachWords(e.reach, e.minEffect)}`,
        `${n(e.runs)} runs`,
      ];
  }
}

export function evidenceTable(rows: readonly DeltaRow[]): string | undefined {
  const shown = rows.filter((r) => r.evidence !== undefined && r.verdict !== 'same' && r.verdict !== 'n/a');
  if (shown.length === 0) return undefined;
  const table = markdownTable([['Metric', 'Test', 'Result', 'Samples'], ...shown.map((r) => [escapeCell(r.label, 80), ...describe(r.evidence!, r.unit)])], {
    alignDelimiters: false,
  });
  return details('Statistics behind the verdicts', table);
}
