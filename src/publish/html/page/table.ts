/**
 * The case table: filters above, sortable headers, and a virtualised body: only the rows
 * in view (and a few around them) exist in the DOM, between two spacer rows that keep
 * the scroll height, so 10,000 cases scroll like 50. Each row's case id is a button
 * that opens its detail; arrow keys, Home, End, PageUp and PageDown move between rows.
 */
import { formatValue } from '../../../report/format.ts';
import { oneLine } from '../text.ts';
import { applyFilter, facets, NO_FILTER, sortRows, type CaseFilter, type CaseRow, type Outcome, type SortKey } from './cases.ts';
import { h } from './dom.ts';

export interface TableOptions {
  rows: CaseRow[];
  /** Column headings of the per-run values: "RR@5" (one run) or one per run. */
  valueLabel: string;
  hasDelta: boolean;
  onOpen: (row: CaseRow) => void;
}

const OVERSCAN = 10;
const OUTCOMES: Outcome[] = ['regressed', 'improved', 'unchanged', 'added', 'no baseline'];
const OUTCOME_MARK: Record<Outcome, string> = { regressed: '❌ regressed', improved: '✅ improved', unchanged: '= unchanged', added: '＋ added', 'no baseline': '—' };

function select(label: string, name: keyof CaseFilter, options: [string, string][], onChange: (v: string) => void): HTMLElement {
  const id = `filter-${name}`;
  const el = h('select', { id, name, onchange: (e) => onChange((e.target as HTMLSelectElement).value) }, ...options.map(([value, text]) => h('option', { value }, text)));
  return h('div', { class: 'field' }, h('label', { for: id }, label), el);
}

function value(v: number | null, kind: CaseRow['kind']): string {
  return formatValue(v, kind === 'answer' ? 'ratio' : 'ratio');
}

export function mountTable(root: HTMLElement, options: TableOptions): { focusRow: (id: string) => void; visibleIds: () => string[] } {
  const filter: CaseFilter = { ...NO_FILTER };
  let sortBy: SortKey | null = null;
  let direction: 'ascending' | 'descending' = 'ascending';
  let shown: CaseRow[] = options.rows;
  let rowHeight = 34;
  const { categories, tags } = facets(options.rows);
  const hasOutcomes = options.rows.some((r) => r.outcome !== 'no baseline');

  const count = h('output', { class: 'count', 'aria-live': 'polite', id: 'case-count' });
  const search = h('input', { id: 'filter-text', type: 'search', placeholder: 'id, name or query', oninput: (e) => update({ text: (e.target as HTMLInputElement).value }) });
  const filters = h(
    'form',
    { class: 'filters', role: 'search', 'aria-label': 'Filter the cases', onsubmit: (e) => e.preventDefault() },
    h('div', { class: 'field' }, h('label', { for: 'filter-text' }, 'Search'), search),
    hasOutcomes && select('Verdict', 'outcome', [['', 'any'], ...OUTCOMES.filter((o) => o !== 'no baseline').map((o): [string, string] => [o, o])], (v) => update({ outcome: v as Outcome | '' })),
    select('Category', 'category', [['', 'any'], ...categories.map((c): [string, string] => [c, oneLine(c, 60)])], (v) => update({ category: v })),
    tags.length > 0 && select('Tag', 'tag', [['', 'any'], ...tags.map((t): [string, string] => [t, oneLine(t, 60)])], (v) => update({ tag: v })),
    options.rows.some((r) => r.changed) || hasOutcomes ? select('Changed', 'change', [['', 'any'], ['changed', 'changed'], ['unchanged', 'unchanged']], (v) => update({ change: v as CaseFilter['change'] })) : null,
    select('Status', 'status', [['', 'any'], ['errored', 'errored or not run'], ['ok', 'ok']], (v) => update({ status: v as CaseFilter['status'] })),
    new Set(options.rows.map((r) => r.kind)).size > 1 ? select('Kind', 'kind', [['', 'any'], ['retrieval', 'retrieval'], ['answer', 'answer']], (v) => update({ kind: v as CaseFilter['kind'] })) : null,
    count,
  );

  const columns: { key: SortKey; label: string }[] = [
    { key: 'id', label: 'Case' },
    { key: 'name', label: 'Name' },
    { key: 'category', label: 'Category' },
    ...(hasOutcomes ? [{ key: 'outcome' as const, label: 'Verdict' }] : []),
    { key: 'value', label: options.valueLabel },
    ...(options.hasDelta ? [{ key: 'delta' as const, label: 'Δ' }] : []),
    { key: 'p50', label: 'Latency p50' },
    { key: 'status', label: 'Status' },
  ];
  const headers = columns.map((c) => {
    const th = h('th', { scope: 'col', 'aria-sort': 'none' }, h('button', { type: 'button', class: 'sort', onclick: () => sort(c.key, th) }, c.label));
    return th;
  });
  const table = h('table', { class: 'cases', 'aria-label': 'Cases', 'aria-rowcount': options.rows.length + 1 }, h('thead', {}, h('tr', { 'aria-rowindex': 1 }, ...headers)));
  const body = h('tbody');
  const top = h('tr', { class: 'spacer', 'aria-hidden': 'true' }, h('td', { colspan: columns.length }));
  const bottom = h('tr', { class: 'spacer', 'aria-hidden': 'true' }, h('td', { colspan: columns.length }));
  table.append(body);
  // Focusable (a keyboard can scroll it) and named; rows scroll under a sticky header.
  const scroller = h('div', { class: 'table-scroll', id: 'case-scroll', tabindex: 0, role: 'region', 'aria-label': 'Case table, scrollable' }, table);
  root.append(filters, scroller);

  function row(r: CaseRow, position: number): HTMLTableRowElement {
    const cells: (HTMLElement | string)[] = [
      h('button', { type: 'button', class: 'case-link', 'data-position': position, title: oneLine(r.id, 500), onclick: () => options.onOpen(r) }, oneLine(r.id, 80)),
      oneLine(r.name, 120),
      oneLine(r.category, 60),
      ...(hasOutcomes ? [h('span', { class: `badge o-${r.outcome.replace(' ', '-')}` }, OUTCOME_MARK[r.outcome])] : []),
      r.values.map((v) => value(v, r.kind)).join(' · '),
      ...(options.hasDelta ? [r.delta === null ? '—' : `${r.delta > 0 ? '+' : r.delta < 0 ? '−' : ''}${Math.abs(r.delta).toFixed(3)}`] : []),
      r.p50 === null ? '—' : formatValue(r.p50, 'ms'),
      r.status === 'ok' ? 'ok' : `⚠ ${r.status}`,
    ];
    return h('tr', { class: `row${r.errored ? ' errored' : ''}`, 'data-case-id': r.id, 'aria-rowindex': position + 2 }, ...cells.map((c) => h('td', {}, c)));
  }

  let rendered = { start: -1, end: -1, length: -1 };
  function render(force = false): void {
    const viewport = scroller.clientHeight || 600;
    const start = Math.max(0, Math.floor(scroller.scrollTop / rowHeight) - OVERSCAN);
    const end = Math.min(shown.length, Math.ceil((scroller.scrollTop + viewport) / rowHeight) + OVERSCAN);
    if (!force && start === rendered.start && end === rendered.end && shown.length === rendered.length) return;
    rendered = { start, end, length: shown.length };
    // The focused row survives the re-render (its button is made anew). Focus waits on the scroller meanwhile:
    // Chrome lays out (and clamps the scroll position) when a focused element is removed.
    const focused = body.contains(document.activeElement) ? document.activeElement?.getAttribute('data-position') : null;
    if (focused) scroller.focus({ preventScroll: true });
    top.style.height = `${start * rowHeight}px`;
    bottom.style.height = `${(shown.length - end) * rowHeight}px`;
    if (top.parentNode !== body) body.replaceChildren(top, bottom);
    for (const old of body.querySelectorAll('tr:not(.spacer)')) old.remove();
    top.after(...shown.slice(start, end).map((r, i) => row(r, start + i)));
    if (focused) body.querySelector<HTMLElement>(`button[data-position="${focused}"]`)?.focus({ preventScroll: true });
    table.setAttribute('aria-rowcount', String(shown.length + 1));
    if (shown.length === 0) body.replaceChildren(h('tr', {}, h('td', { colspan: columns.length }, 'No case matches the filters.')));
  }

  function update(change: Partial<CaseFilter>): void {
    Object.assign(filter, change);
    refresh();
  }

  function refresh(): void {
    const filtered = applyFilter(options.rows, filter);
    shown = sortBy ? sortRows(filtered, sortBy, direction) : filtered;
    count.textContent = `${shown.length} of ${options.rows.length} cases`;
    scroller.scrollTop = 0;
    render(true);
  }

  function sort(key: SortKey, th: HTMLElement): void {
    direction = sortBy === key && direction === 'ascending' ? 'descending' : 'ascending';
    sortBy = key;
    for (const other of headers) other.setAttribute('aria-sort', 'none');
    th.setAttribute('aria-sort', direction);
    refresh();
  }

  /** Focus the row at `position` of the shown rows, scrolling it into view. */
  function focusAt(position: number): void {
    const p = Math.max(0, Math.min(shown.length - 1, position));
    // Rows start below the sticky header, which also covers the top of the view.
    const head = table.tHead?.getBoundingClientRect().height ?? 0;
    const rowTop = head + p * rowHeight;
    if (rowTop < scroller.scrollTop + head) scroller.scrollTop = rowTop - head;
    else if (rowTop + rowHeight > scroller.scrollTop + scroller.clientHeight) scroller.scrollTop = rowTop + rowHeight - scroller.clientHeight;
    render();
    body.querySelector<HTMLElement>(`button[data-position="${p}"]`)?.focus({ preventScroll: true });
  }

  body.addEventListener('keydown', (e) => {
    const target = e.target as HTMLElement;
    const position = Number(target.getAttribute('data-position'));
    if (!target.classList.contains('case-link') || !Number.isInteger(position)) return;
    const page = Math.max(1, Math.floor(scroller.clientHeight / rowHeight) - 1);
    const moves: Record<string, number> = { ArrowDown: position + 1, ArrowUp: position - 1, PageDown: position + page, PageUp: position - page, Home: 0, End: shown.length - 1 };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    focusAt(next);
  });
  scroller.addEventListener('scroll', () => render(), { passive: true });
  refresh();
  const first = body.querySelector<HTMLElement>('tr.row');
  if (first && first.getBoundingClientRect().height > 0) {
    rowHeight = first.getBoundingClientRect().height;
    render(true);
  }
  return {
    focusRow: (id) => {
      const p = shown.findIndex((r) => r.id === id);
      if (p >= 0) focusAt(p);
    },
    visibleIds: () => shown.map((r) => r.id),
  };
}
