/**
 * The top of the page, plain HTML that reads without JavaScript: title, what ran, run
 * health, notes, the fail-on gates and the headline metrics with their verdicts. Every
 * text that came from a report is escaped (text.ts): a baseline can come from a pull request.
 */
import { cutoffsOf, type MetricCount } from '../../model/report.ts';
import { criteriaIn, metricCatalog, type MetricDef } from '../../model/metric-catalog.ts';
import type { DeltaRow } from '../../model/comparison.ts';
import { metricValue } from '../../compare/compare-reports.ts';
import { describeGateFailure, describeUnjudgedGate } from '../../compare/judge-gates.ts';
import { formatDelta, formatPercent, formatValue } from '../../report/format.ts';
import type { PageMeta, RunHeader } from './page-data.ts';
import { escapeHtml, html } from './text.ts';
import { verdictClass, verdictText } from './verdict.ts';

/** The headline: these metrics, when the run has them (and the history dashboard's trends, those a history line keeps). */
export function headlineIds(k: number): string[] {
  return [`mrr@${k}`, `ndcg@${k}`, `recall@${k}`, `hit@${k}`, 'answer.pass_rate', 'answer.score', 'search.p50', 'search.p95', 'answer.p50', 'rss.peak', 'build.ms', 'errors'];
}

export function catalogOf(report: RunHeader): MetricDef[] {
  return metricCatalog(cutoffsOf(report.settings), criteriaIn(report.summary.metrics));
}

function judged(count: MetricCount | undefined): string {
  return count && count.n < count.of ? ` <small>(${count.n} of ${count.of} judged)</small>` : '';
}

export function badge(row: Pick<DeltaRow, 'verdict' | 'indicative'>): string {
  return `<span class="badge ${verdictClass(row)}">${escapeHtml(verdictText(row))}</span>`;
}

function card(def: MetricDef, report: RunHeader, row: DeltaRow | undefined): string {
  const value = metricValue(report, def.id);
  const change = row && row.verdict !== 'n/a' ? `<p class="change">was ${formatValue(row.baseline, def.unit)} · ${formatDelta(row.absolute, def.unit)} (${formatPercent(row.relative)})</p>` : '';
  return `<div class="card" data-metric="${escapeHtml(def.id)}"><dt>${escapeHtml(def.label)} <small>(${def.better === 'higher' ? '↑' : '↓'} better)</small></dt><dd><span class="value">${formatValue(value, def.unit)}</span>${judged(report.summary.counts?.[def.id])}${change}${row ? badge(row) : ''}</dd></div>`;
}

export function headlineCards(meta: PageMeta): string {
  const report = meta.runs[0]?.report;
  if (!report) return '';
  const catalog = catalogOf(report);
  const rows = new Map((meta.comparison?.rows ?? []).map((r) => [r.id, r]));
  const cards = headlineIds(meta.k)
    .map((id) => catalog.find((d) => d.id === id))
    .filter((def): def is MetricDef => def !== undefined && metricValue(report, def.id) !== null)
    .map((def) => card(def, report, rows.get(def.id)));
  return `<section aria-labelledby="h-headline"><h2 id="h-headline">Headline</h2><dl class="cards">${cards.join('')}</dl></section>`;
}

export function runLine(report: RunHeader): string {
  const s = report.summary;
  const git = [report.git.ref, report.git.sha?.slice(0, 12)].filter((x) => x !== undefined && x !== '').map((x) => html(x!, 80));
  return [
    `${s.cases} cases · ${s.ok} ok · ${s.errors} errored · ${s.notRun} not run`,
    `k=${cutoffsOf(report.settings).join(',')} · ${report.settings.repetitions} repetition(s) · ${report.settings.warmup} warm-up calls`,
    `${html(report.createdAt, 40)}${git.length > 0 ? ` · ${git.join(' @ ')}` : ''}`,
  ].join(' · ');
}

export function healthList(report: RunHeader): string {
  const problems = report.health?.problems ?? [];
  if (problems.length === 0) return '';
  const ordered = [...problems.filter((p) => p.severity === 'fail'), ...problems.filter((p) => p.severity === 'warn')];
  const items = ordered.map((p) => `<li class="${p.severity === 'fail' ? 'fail' : 'warn'}">${p.severity === 'fail' ? '❌ <strong>Run health: failed</strong>' : '⚠️ <strong>Run health</strong>'}: ${html(p.message, 500)}</li>`);
  return `<ul class="health" aria-label="Run health">${items.join('')}</ul>`;
}

export function gatesList(meta: PageMeta): string {
  const gates = meta.gates;
  if (!gates || gates.failures.length + gates.unjudged.length + gates.passed === 0) return '';
  const items = [
    ...gates.failures.map((f) => `<li class="fail">❌ ${html(describeGateFailure(f), 600)}</li>`),
    ...gates.unjudged.map((u) => `<li class="warn">⚠️ fail-on ${html(describeUnjudgedGate(u), 400)}</li>`),
  ];
  const head = gates.failures.length > 0 ? `${gates.failures.length} fail-on gate(s) failed` : `fail-on gates: ${gates.passed} check(s) held`;
  return `<section aria-labelledby="h-gates"><h2 id="h-gates">Gates</h2><p>${head}${gates.unjudged.length > 0 ? `, ${gates.unjudged.length} not judged` : ''}.</p>${items.length > 0 ? `<ul>${items.join('')}</ul>` : ''}</section>`;
}

/** Title, what ran, health, notes: the first thing on the page. */
export function pageHeader(meta: PageMeta): string {
  const report = meta.runs[0]?.report;
  const notes = meta.notes.map((n) => `<p class="note">${html(n, 600)}</p>`).join('');
  return `<header><h1>${html(meta.title, 200)}</h1>${report ? `<p class="runline">${runLine(report)}</p>${healthList(report)}` : ''}${notes}</header>`;
}
