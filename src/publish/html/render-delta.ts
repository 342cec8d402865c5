/**
 * The delta table as plain HTML (it reads without JavaScript): every metric row with
 * baseline, current, change and verdict, the notes that qualify the whole table, and
 * the statistics behind each verdict in a disclosure. Or, for `compare`, the
 * configurations side by side with the best per row marked.
 */
import type { Comparison, DeltaRow } from '../../model/comparison.ts';
import { metricValue } from '../../compare/compare-reports.ts';
import { formatDelta, formatPercent, formatValue } from '../../report/format.ts';
import type { MetricDef } from '../../model/metric-catalog.ts';
import type { PageMeta } from './page-data.ts';
import { catalogOf, badge } from './render-headline.ts';
import { escapeHtml, html } from './text.ts';

function deltaRow(row: DeltaRow): string {
  const arrow = row.absolute === null || row.absolute === 0 ? '' : row.absolute > 0 ? '▲ ' : '▼ ';
  return `<tr data-metric="${escapeHtml(row.id)}"><th scope="row">${escapeHtml(row.label)} <small>(${row.better === 'higher' ? '↑' : '↓'} better)</small></th><td>${formatValue(row.baseline, row.unit)}</td><td>${formatValue(row.current, row.unit)}</td><td>${arrow}${formatDelta(row.absolute, row.unit)}</td><td>${formatPercent(row.relative)}</td><td>${badge(row)}</td><td class="basis">${html(row.basis, 300)}</td></tr>`;
}

/** The warnings that qualify the whole table: another dataset, another machine, a history too short, cases not judged alike. */
function notes(c: Comparison): string[] {
  const out: string[] = [];
  if (!c.sameDataset) {
    out.push(`<strong>Different dataset</strong>: the baseline ran ${html(c.baselineDataset.name)} (<code>${html(c.baselineDataset.hash.slice(0, 12), 12)}</code>), this run ${html(c.currentDataset.name)} (<code>${html(c.currentDataset.hash.slice(0, 12), 12)}</code>). Means are not like for like.`);
  }
  const h = c.history;
  if (h && h.runs >= h.minRuns) out.push(`Latency, memory and build rows are judged against the main-branch history: ${h.runs} runs of this dataset on this machine.`);
  else if (!c.sameEnvironment) out.push(`The baseline ran in a different environment (${html(c.environmentDifferences.join('; '), 300)}): latency, memory and build rows are indicative only.`);
  else if (!c.sameJob && c.rows.some((r) => r.indicative && r.verdict !== 'same')) out.push('Latency, memory and build rows compare with a run from another job: indicative only.');
  if (h && h.runs < h.minRuns) out.push(`The main-branch history holds ${h.runs} run(s) of this dataset on this machine: ${h.minRuns - h.runs} more make the timing and memory rows measured verdicts.`);
  for (const r of c.rows.filter((row) => row.judged)) {
    const n = (x: { n: number; of: number } | null) => (x ? `${x.n} of ${x.of}` : 'no');
    out.push(`<strong>Not judged on the same cases</strong>: ${escapeHtml(r.label)}: ${n(r.judged!.current)} cases judged now, ${n(r.judged!.baseline)} in the baseline.`);
  }
  return out;
}

export function verdictSummary(c: Comparison): string {
  const { better, worse, unchanged, indicativeBetter, indicativeWorse } = c.counts;
  const regressed = c.caseChanges.filter((x) => x.direction === 'regressed').length;
  const hints = indicativeBetter + indicativeWorse > 0 ? ` · indicative only: ${indicativeWorse} worse, ${indicativeBetter} better` : '';
  return `${worse > 0 ? '❌' : better > 0 ? '✅' : '='} ${worse} metric(s) worse, ${better} better, ${unchanged} unchanged${hints} · cases: ${regressed} regressed, ${c.caseChanges.length - regressed} improved · added ${c.addedCases.length}, removed ${c.removedCases.length}`;
}

export function deltaSection(c: Comparison): string {
  const title = `${c.sameJob ? 'Same-job comparison' : 'Compared with baseline'} ${html(c.baselineLabel, 120)}`;
  const table = `<div class="scroll" tabindex="0" role="region" aria-labelledby="h-delta"><table class="delta"><caption>Every metric against the baseline: ↑ or ↓ says which way is better; the verdict says whether the change is real.</caption><thead><tr><th scope="col">Metric</th><th scope="col">Baseline</th><th scope="col">Current</th><th scope="col">Δ</th><th scope="col">Δ%</th><th scope="col">Verdict</th><th scope="col">How judged</th></tr></thead><tbody>${c.rows.map(deltaRow).join('')}</tbody></table></div>`;
  const qualifiers = notes(c).map((n) => `<p class="note">${n}</p>`).join('');
  return `<section aria-labelledby="h-delta"><h2 id="h-delta">${title}</h2><p class="verdict-line">${verdictSummary(c)}</p>${qualifiers}${table}</section>`;
}

/** compare: a column per configuration, the best value per row marked (ties all marked). */
export function sideBySideSection(meta: PageMeta): string {
  const first = meta.runs[0]?.report;
  if (!first) return '';
  const catalog = new Map<string, MetricDef>();
  for (const r of meta.runs) for (const d of catalogOf(r.report)) catalog.set(d.id, d);
  const rows = [...catalog.values()]
    .map((def) => ({ def, values: meta.runs.map((r) => metricValue(r.report, def.id)) }))
    .filter((row) => row.values.some((v) => v !== null))
    .map(({ def, values }) => {
      const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
      const best = present.length > 1 ? (def.better === 'higher' ? Math.max(...present) : Math.min(...present)) : undefined;
      const cells = values.map((v) => (best !== undefined && v === best ? `<td class="best"><strong>${formatValue(v, def.unit)}</strong> ★<span class="sr-only"> best</span></td>` : `<td>${formatValue(v, def.unit)}</td>`));
      return `<tr data-metric="${escapeHtml(def.id)}"><th scope="row">${escapeHtml(def.label)} <small>(${def.better === 'higher' ? '↑' : '↓'})</small></th>${cells.join('')}</tr>`;
    });
  const head = meta.runs.map((r) => `<th scope="col">${html(r.name, 60)}</th>`).join('');
  const datasets = new Set(meta.runs.map((r) => r.report.dataset.hash));
  const warn = datasets.size > 1 ? '<p class="note"><strong>The configurations ran different datasets</strong>: the columns are not like for like.</p>' : '';
  return `<section aria-labelledby="h-side"><h2 id="h-side">${meta.runs.length} configurations side by side</h2>${warn}<p class="note">Timings come from runs one after the other on this machine: a hint, not a same-job measurement. Best per row in bold with ★.</p><div class="scroll" tabindex="0" role="region" aria-labelledby="h-side"><table class="delta"><thead><tr><th scope="col">Metric</th>${head}</tr></thead><tbody>${rows.join('')}</tbody></table></div></section>`;
}
