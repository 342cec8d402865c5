/**
 * The case table's rows, filters and sort, as pure functions over the page's data (no
 * DOM: unit-tested in Node, src/publish/html/case-rows.test.ts). A row carries what
 * the table shows and filters on; the detail reads the cases themselves.
 */
import type { CaseResult } from '../../../model/report.ts';
import type { PageMeta } from '../page-types.ts';

/** Against the baseline: a case change (comparison.caseChanges), a case only this run has, or none of those. */
export type Outcome = 'regressed' | 'improved' | 'unchanged' | 'added' | 'no baseline';

export interface CaseRow {
  /** Index into the first run's cases. */
  index: number;
  id: string;
  name: string;
  kind: CaseResult['kind'];
  category: string;
  tags: string[];
  status: CaseResult['status'];
  errored: boolean;
  outcome: Outcome;
  /** Anything differs from the reference run: ranked ids, status, answer score or validations. */
  changed: boolean;
  /** Per run, the reciprocal rank at the primary cutoff (retrieval) or the answer score (answer); null when absent. */
  values: (number | null)[];
  /** values[0] minus the reference run's value; null without one. */
  delta: number | null;
  /** The case's median call latency (search, or the answer call), ms. */
  p50: number | null;
  /** Lower-cased id, name and query, for the text filter. */
  haystack: string;
}

export interface CaseFilter {
  text: string;
  outcome: Outcome | '';
  category: string;
  tag: string;
  change: '' | 'changed' | 'unchanged';
  status: '' | 'errored' | 'ok';
  kind: '' | CaseResult['kind'];
}

export const NO_FILTER: CaseFilter = { text: '', outcome: '', category: '', tag: '', change: '', status: '', kind: '' };

export type SortKey = 'id' | 'name' | 'category' | 'outcome' | 'value' | 'delta' | 'p50' | 'status';

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The value a run shows for a case: reciprocal rank at the primary cutoff, or the answer score. */
export function caseValue(c: CaseResult | undefined, k: number): number | null {
  if (!c || c.status !== 'ok') return null;
  if (c.kind === 'answer') return c.answer?.score ?? null;
  const m = c.metrics;
  if (!m) return null;
  return (m.at ? m.at[String(k)]?.reciprocalRank : m.reciprocalRank) ?? null;
}

/** Which run the others are measured against: the baseline when there is one, else the first run. */
export function referenceRun(meta: PageMeta): number {
  const i = meta.runs.findIndex((r) => r.role === 'baseline');
  return i >= 0 ? i : 0;
}

function differs(a: CaseResult, b: CaseResult | undefined): boolean {
  if (!b) return true;
  if (a.status !== b.status) return true;
  if (a.rankedIds.length !== b.rankedIds.length || a.rankedIds.some((id, i) => id !== b.rankedIds[i])) return true;
  if (a.kind === 'answer') return a.answer?.score !== b.answer?.score || a.answer?.passed !== b.answer?.passed;
  return false;
}

export function buildRows(meta: PageMeta, runs: readonly (readonly CaseResult[])[]): CaseRow[] {
  const byId = runs.map((cases) => new Map(cases.map((c) => [c.id, c])));
  const ref = referenceRun(meta);
  const hasBaseline = meta.runs.some((r) => r.role === 'baseline');
  const changes = new Map((meta.comparison?.caseChanges ?? []).map((c) => [c.id, c.direction]));
  const added = new Set(meta.comparison?.addedCases ?? []);
  return (runs[0] ?? []).map((c, index) => {
    const values = byId.map((m) => caseValue(m.get(c.id), meta.k));
    const refValue = values[ref] ?? null;
    const outcome: Outcome = !hasBaseline ? 'no baseline' : added.has(c.id) || !byId[ref]!.has(c.id) ? 'added' : (changes.get(c.id) ?? 'unchanged');
    const others = byId.filter((_, i) => i !== 0).map((m) => m.get(c.id));
    const samples = c.kind === 'answer' ? (c.latency.answer ?? []) : c.latency.search;
    return {
      index,
      id: c.id,
      name: c.name,
      kind: c.kind,
      category: c.category,
      tags: c.tags,
      status: c.status,
      errored: c.status !== 'ok',
      outcome,
      changed: others.length > 0 && others.some((o) => differs(c, o)),
      values,
      delta: ref !== 0 && values[0] !== null && refValue !== null ? values[0]! - refValue : null,
      p50: median(samples),
      haystack: `${c.id}\n${c.name}\n${c.query}`.toLowerCase(),
    };
  });
}

export function applyFilter(rows: readonly CaseRow[], f: CaseFilter): CaseRow[] {
  const needle = f.text.trim().toLowerCase();
  return rows.filter(
    (r) =>
      (needle === '' || r.haystack.includes(needle)) &&
      (f.outcome === '' || r.outcome === f.outcome) &&
      (f.category === '' || r.category === f.category) &&
      (f.tag === '' || r.tags.includes(f.tag)) &&
      (f.change === '' || (f.change === 'changed') === r.changed) &&
      (f.status === '' || (f.status === 'errored') === r.errored) &&
      (f.kind === '' || r.kind === f.kind),
  );
}

const OUTCOME_ORDER: Record<Outcome, number> = { regressed: 0, added: 1, improved: 2, unchanged: 3, 'no baseline': 4 };

function key(r: CaseRow, by: SortKey): string | number | null {
  switch (by) {
    case 'id':
    case 'name':
    case 'category':
    case 'status':
      return r[by];
    case 'outcome':
      return OUTCOME_ORDER[r.outcome];
    case 'value':
      return r.values[0] ?? null;
    case 'delta':
      return r.delta;
    case 'p50':
      return r.p50;
  }
}

/** Sorted by `by`; missing values last either way; ties keep the dataset's order. */
export function sortRows(rows: readonly CaseRow[], by: SortKey, direction: 'ascending' | 'descending'): CaseRow[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = key(a, by);
    const y = key(b, by);
    if (x === null || y === null) return x === y ? a.index - b.index : x === null ? 1 : -1;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'en');
    return order === 0 ? a.index - b.index : sign * order;
  });
}

/** The distinct categories and tags, sorted, for the filter menus. */
export function facets(rows: readonly CaseRow[]): { categories: string[]; tags: string[] } {
  return {
    categories: [...new Set(rows.map((r) => r.category))].sort(),
    tags: [...new Set(rows.flatMap((r) => r.tags))].sort(),
  };
}
