/**
 * One case in full: what was asked and judged, the ranked ids of every run side by
 * side, the metrics, the latency samples, the answer with its validations and the
 * judges' reasoning, an agent task's runs and trajectories. Each part is a section
 * renderer in SECTIONS, given the case as every run has it; a new kind of evidence is
 * one more renderer there, reading its field of CaseResult.
 */
import { formatValue } from '../../../report/format.ts';
import type { CaseResult, CutoffMetrics } from '../../../model/report.ts';
import type { PageMeta } from '../page-types.ts';
import { median, referenceRun } from './cases.ts';
import { h, pre, text } from './dom.ts';
import { gradeLabel, gradeText, moveLabel, moveText, rankedRows } from './ranked.ts';
import { answerSection } from './detail-answer.ts';
import { taskSection } from './detail-task.ts';
import type { CaseView, SectionRenderer } from './case-view.ts';

export type { CaseView, SectionRenderer } from './case-view.ts';


function section(title: string, ...children: (Node | string | null)[]): HTMLElement {
  return h('section', { class: 'detail-part' }, h('h4', {}, title), ...children);
}

function table(head: string[], rows: (Node | string)[][], caption?: string): HTMLElement {
  return h(
    'div',
    { class: 'scroll', tabindex: 0 },
    h(
      'table',
      {},
      caption ? h('caption', {}, caption) : null,
      h('thead', {}, h('tr', {}, ...head.map((c) => h('th', { scope: 'col' }, c)))),
      h('tbody', {}, ...rows.map((r) => h('tr', {}, ...r.map((c, i) => (i === 0 ? h('th', { scope: 'row' }, c) : h('td', {}, c)))))),
    ),
  );
}

const names = (v: CaseView) => v.meta.runs.map((r) => r.name);

function overview({ current: c }: CaseView): HTMLElement {
  const facts: [string, Node | string][] = [
    ['Kind', c.kind],
    ['Category', text(c.category, 200)],
    ['Difficulty', c.difficulty ?? '—'],
    ['Tags', c.tags.length > 0 ? text(c.tags.join(', '), 500) : '—'],
    ['Status', c.status],
  ];
  if (c.kind === 'retrieval') facts.unshift(['Query', pre(c.query)]);
  const filters = Object.entries(c.filters);
  if (filters.length > 0) facts.push(['Filters', text(filters.map(([k, v]) => `${k}=${v}`).join(', '), 500)]);
  const dl = h('dl', { class: 'facts-list' });
  for (const [k, v] of facts) dl.append(h('dt', {}, k), h('dd', {}, v));
  return section('What was asked', dl);
}

function errorPart({ cases, meta }: CaseView): HTMLElement | null {
  const errored = cases.map((c, i) => ({ c, name: meta.runs[i]!.name })).filter((x) => x.c?.error);
  if (errored.length === 0) return null;
  return section(
    'Errors',
    ...errored.map(({ c, name }) =>
      h('div', { class: 'error' }, h('p', {}, h('strong', {}, `${name}: ${c!.error!.kind}`)), pre(c!.error!.message, 5000), c!.error!.excerpt ? pre(c!.error!.excerpt, 5000) : null, c!.error!.stderrTail ? h('details', {}, h('summary', {}, 'stderr tail'), pre(c!.error!.stderrTail, 10_000)) : null),
    ),
  );
}

function judgments({ current: c }: CaseView): HTMLElement | null {
  if (c.relevant.length === 0) return null;
  return section('Judgments', table(['Id', 'Grade'], c.relevant.map((j) => [text(j.id, 500), gradeText(j.grade) || String(j.grade)])));
}

function ranked(view: CaseView): HTMLElement | null {
  const lists = view.cases.map((c) => c?.rankedIds);
  if (lists.every((l) => !l || l.length === 0)) return null;
  const rows = rankedRows(lists, view.current.relevant, view.ref);
  const head = ['Rank', ...names(view).map((n, i) => `${n}${i === view.ref && view.meta.runs.length > 1 ? ' (reference)' : ''}`)];
  const body = rows.map((r) => [
    String(r.rank),
    ...r.cells.map((cell) => {
      if (!cell) return '';
      const grade = gradeText(cell.grade);
      const move = moveText(cell.move);
      return h(
        'span',
        { class: `ranked-id${cell.grade !== null && cell.grade > 0 ? ' relevant' : ''}` },
        h('span', { class: 'id' }, text(cell.id, 300)),
        grade ? h('span', { class: 'grade', title: gradeLabel(cell.grade) }, ` ${grade}`, h('span', { class: 'sr-only' }, ` (${gradeLabel(cell.grade)})`)) : null,
        move ? h('span', { class: `move m-${cell.move!.kind}`, title: moveLabel(cell.move) }, ` ${move}`, h('span', { class: 'sr-only' }, ` (${moveLabel(cell.move)})`)) : null,
      );
    }),
  ]);
  return section('Ranked ids', table(head, body, '✓ n: judged relevant with grade n; ✗: judged not relevant; ▲/▼: ranks moved against the reference run.'));
}

function metrics(view: CaseView): HTMLElement | null {
  if (view.current.kind !== 'retrieval') return null;
  const ks = view.meta.cutoffs;
  const at = (c: CaseResult | undefined, k: number): CutoffMetrics | undefined => (c?.metrics ? (c.metrics.at ? c.metrics.at[String(k)] : c.metrics) : undefined);
  const keys: [keyof CutoffMetrics, string][] = [
    ['reciprocalRank', 'RR'],
    ['ndcg', 'NDCG'],
    ['recall', 'Recall'],
    ['precision', 'P'],
    ['hit', 'Hit'],
    ['averagePrecision', 'AP'],
  ];
  const rows = ks.flatMap((k) => keys.map(([key, label]) => [`${label}@${k}`, ...view.cases.map((c) => formatValue(at(c, k)?.[key] ?? null, 'ratio'))]));
  rows.push(['Rounds to a relevant id', ...view.cases.map((c) => (c?.metrics ? String(c.metrics.rounds) : '—'))]);
  return section('Metrics', table(['Metric', ...names(view)], rows));
}

function latency(view: CaseView): HTMLElement | null {
  const rows: string[][] = [];
  for (const kind of ['search', 'fetch', 'answer'] as const) {
    view.cases.forEach((c, i) => {
      const samples = c?.latency[kind] ?? [];
      if (samples.length > 0) rows.push([`${view.meta.runs[i]!.name}: ${kind}`, String(samples.length), formatValue(median(samples), 'ms'), samples.map((s) => formatValue(s, 'ms')).join(', ')]);
    });
  }
  if (rows.length === 0) return null;
  return section('Latency samples', table(['Run and call', 'n', 'median', 'samples, in repetition order'], rows));
}

function rounds({ current: c }: CaseView): HTMLElement | null {
  if (c.rounds.length === 0) return null;
  const rows = c.rounds.flatMap((r) => r.hits.map((hit, i) => [`${r.round}.${i + 1}`, text(hit.id, 300), hit.title !== undefined ? text(hit.title, 300) : '—', hit.score === undefined ? '—' : String(hit.score), i === 0 ? formatValue(r.ms, 'ms') : '']));
  const extra = [c.fetch ? h('p', {}, `Fetch of `, text(c.fetch.id, 300), `: ${c.fetch.ok ? 'ok' : 'failed'}, ${c.fetch.chars} characters, ${formatValue(c.fetch.ms, 'ms')}`, c.fetch.error ? text(` (${c.fetch.error})`, 500) : '') : null];
  if (c.forbiddenHits?.length) extra.push(h('p', {}, 'Forbidden facet in the ranking: ', text(c.forbiddenHits.join(', '), 2000)));
  if (c.shortRanking) extra.push(h('p', {}, `Ranked ${c.shortRanking.ids} ids, fewer than k=${c.shortRanking.k} (limit ${c.shortRanking.limit}, ${c.shortRanking.maxRounds} round(s)).`));
  return section('Search rounds (this run)', h('details', {}, h('summary', {}, `${c.rounds.length} round(s), ${rows.length} hit(s)`), table(['Round.hit', 'Id', 'Title', 'Score', 'Round ms'], rows)), ...extra);
}

/** The detail's parts, in order. */
export const SECTIONS: SectionRenderer[] = [overview, errorPart, judgments, ranked, metrics, answerSection, taskSection, latency, rounds];

export function renderDetail(meta: PageMeta, cases: (CaseResult | undefined)[]): HTMLElement {
  const current = cases[0]!;
  const view: CaseView = { meta, cases, current, ref: referenceRun(meta) };
  const heading = h('h3', { id: 'detail-title', tabindex: '-1' }, 'Case ', h('code', {}, text(current.id, 300)), ': ', text(current.name, 500));
  const parts = SECTIONS.map((render) => render(view)).filter((p): p is HTMLElement => p !== null);
  return h('article', { class: 'detail', 'aria-labelledby': 'detail-title' }, heading, ...parts);
}
