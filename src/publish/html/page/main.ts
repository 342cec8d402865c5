/**
 * The page script: reads the embedded data (JSON in script elements the writer streamed),
 * mounts the case table and the case detail, and draws the charts; on a history dashboard
 * (its data element instead of the page's), draws the dashboard's trends. The page works from
 * disk with no network: everything it needs is in the file. A case's detail is also
 * reachable by its address (#case=<id>), so a link can point at one case.
 */
import type { CaseResult } from '../../../model/report.ts';
import { casesId, DASHBOARD_ID, META_ID, type DashboardMeta, type PageMeta } from '../page-types.ts';
import { buildRows } from './cases.ts';
import { latencyCharts, memoryChart, trendCharts } from './charts.ts';
import { dashboardCharts } from './dashboard.ts';
import { renderDetail } from './detail.ts';
import { byId, h } from './dom.ts';
import { mountTable } from './table.ts';
import { oneLine } from '../text.ts';

function readJson<T>(id: string): T {
  const el = byId(id);
  if (!el?.textContent) throw new Error(`the page's data element #${id} is missing`);
  return JSON.parse(el.textContent) as T;
}

function caseFromHash(): string | null {
  const m = /^#case=(.*)$/.exec(location.hash);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
}

function start(): void {
  const meta = readJson<PageMeta>(META_ID);
  const runs = meta.runs.map((_, i) => readJson<CaseResult[]>(casesId(i)));
  const byRun = runs.map((cases) => new Map(cases.map((c) => [c.id, c])));
  const rows = buildRows(meta, runs);
  const app = byId('case-app')!;
  const detail = h('div', { id: 'case-detail', class: 'detail-host', 'aria-live': 'polite' });
  const closeButton = h('button', { type: 'button', class: 'close', onclick: () => close() }, 'Close the case (Esc)');
  const valueLabel = runs[0]!.some((c) => c.kind === 'retrieval') ? `RR@${meta.k}${runs[0]!.some((c) => c.kind === 'answer') ? ' / score' : ''}` : 'Score';
  const table = mountTable(app, {
    rows,
    valueLabel: meta.runs.length > 1 ? `${valueLabel} (${meta.runs.map((r) => oneLine(r.name, 14)).join(' · ')})` : valueLabel,
    hasDelta: rows.some((r) => r.delta !== null),
    onOpen: (row) => {
      location.hash = `case=${encodeURIComponent(row.id)}`;
    },
  });
  app.append(detail);

  let openId: string | null = null;
  function show(id: string): void {
    const current = byRun[0]!.get(id);
    if (!current) return;
    openId = id;
    detail.replaceChildren(closeButton, renderDetail(meta, byRun.map((m) => m.get(id))));
    detail.hidden = false;
    byId('detail-title')?.focus();
  }
  function close(): void {
    const id = openId;
    openId = null;
    detail.replaceChildren();
    detail.hidden = true;
    if (location.hash) history.replaceState(null, '', location.pathname + location.search);
    if (id !== null) table.focusRow(id);
  }
  detail.hidden = true;
  detail.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    }
  });
  window.addEventListener('hashchange', () => {
    const id = caseFromHash();
    if (id !== null) show(id);
  });
  const initial = caseFromHash();
  if (initial !== null) show(initial);

  const charts = { latency: byId('latency-charts'), memory: byId('memory-chart'), trend: byId('trend-charts') };
  if (charts.latency) latencyCharts(charts.latency, meta, runs);
  if (charts.memory) memoryChart(charts.memory, meta);
  if (charts.trend) trendCharts(charts.trend, meta.trends);
  document.documentElement.dataset['ready'] = 'true';
}

/** A history dashboard (render-dashboard.ts): its key table is plain HTML, the charts are drawn here. */
function startDashboard(): void {
  const meta = readJson<DashboardMeta>(DASHBOARD_ID);
  const charts = byId('dashboard-charts');
  if (charts) dashboardCharts(charts, meta);
  document.documentElement.dataset['ready'] = 'true';
}

try {
  if (byId(DASHBOARD_ID)) startDashboard();
  else start();
} catch (err) {
  const app = byId('case-app') ?? byId('dashboard-charts') ?? document.body;
  app?.append(h('p', { class: 'fail', role: 'alert' }, `The page script failed: ${err instanceof Error ? err.message : String(err)}`));
  throw err;
}
