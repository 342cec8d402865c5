/**
 * Reports for the page tests, made by code from the committed baseline (no blobs): a
 * current run whose texts are hostile (markup, a script end inside the data, javascript:
 * links, bidi controls, a 1 MB line) with a few real regressions and an errored case; a
 * 10,000-case report; and a fixed main-branch history for the trend charts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CaseResult, Report } from '../../src/model/report.ts';
import { historyEntry, type HistoryEntry } from '../../src/report/history-entry.ts';
import { casesId, DASHBOARD_ID, META_ID, type DashboardMeta, type PageMeta } from '../../src/publish/html/page-types.ts';

export const REFERENCE_REPORT = path.resolve(import.meta.dirname, '../../baselines/reference.json');

export function referenceReport(): Report {
  return JSON.parse(readFileSync(REFERENCE_REPORT, 'utf8')) as Report;
}

/** Each would run script, break out of an element or mislead if the page let it. */
export const HOSTILE = {
  script: '<script>window.__pwned = "script"</script>',
  textarea: '</textarea><img src=x onerror="window.__pwned = \'img\'">',
  scriptEnd: '</script><script>window.__pwned = "data"</script><!--',
  link: 'javascript:window.__pwned="link"',
  markdownLink: '[click me](javascript:window.__pwned="md")',
  bidi: 'safe\u202Etxt.exe\u202C and \u2066isolated\u2069',
  separators: 'line\u2028separator\u2029paragraph',
  megaLine: 'A'.repeat(1_000_000),
} as const;

const clone = <T>(value: T): T => structuredClone(value);

/** The baseline and a current run of it: hostile texts everywhere a server, a dataset or a judge writes, two regressions, one error. */
export function hostileReports(): { baseline: Report; current: Report; regressed: string[]; errored: string } {
  const baseline = referenceReport();
  const current = clone(baseline);
  const retrieval = current.cases.filter((c) => c.kind === 'retrieval' && c.metrics && c.metrics.reciprocalRank === 1 && c.rankedIds.length >= 3);
  const [first, second, third, fourth] = retrieval;
  const hostileCase = first!;
  hostileCase.name = `${HOSTILE.script} ${HOSTILE.bidi}`;
  hostileCase.query = `${HOSTILE.textarea} ${HOSTILE.separators} ${HOSTILE.megaLine}`;
  hostileCase.rankedIds = [HOSTILE.link, ...hostileCase.rankedIds.slice(1), hostileCase.rankedIds[0]!];
  hostileCase.rounds = [{ round: 1, ms: 1, hits: [{ id: HOSTILE.link, title: HOSTILE.scriptEnd }, { id: 'x', title: HOSTILE.markdownLink }] }];
  // Two cases fall from rank 1: real regressions in the comparison.
  for (const c of [hostileCase, second!]) {
    c.rankedIds = [...c.rankedIds.slice(1), c.rankedIds[0]!];
    c.metrics = { ...c.metrics!, reciprocalRank: 1 / c.rankedIds.length, ndcg: 0.4, at: { [String(current.settings.k)]: { ...c.metrics!.at![String(current.settings.k)]!, reciprocalRank: 1 / c.rankedIds.length, ndcg: 0.4 } } };
  }
  // A case that errored, its message hostile.
  const broken: CaseResult = third!;
  broken.status = 'error';
  broken.error = { kind: 'error_reply', message: `${HOSTILE.scriptEnd} ${HOSTILE.link}`, excerpt: HOSTILE.textarea };
  delete broken.metrics;
  // A hostile id, category and tag: they appear in the table, the filters and the detail's heading.
  fourth!.id = `${HOSTILE.link}${HOSTILE.bidi}`;
  fourth!.category = HOSTILE.textarea;
  fourth!.tags = [...fourth!.tags, HOSTILE.script];
  const answer = current.cases.find((c) => c.kind === 'answer' && c.answer)!;
  answer.answer!.excerpt = `${HOSTILE.scriptEnd}\n${HOSTILE.megaLine}`;
  answer.answer!.evaluations = [{ criterionName: HOSTILE.bidi, score: 0.5, evaluatorType: 'llm_judge', reasoning: `${HOSTILE.markdownLink}\n${HOSTILE.textarea}\n${HOSTILE.megaLine}` }];
  answer.answer!.validations = [{ rule: 'contains', passed: false, message: HOSTILE.script }];
  current.dataset.name = `${baseline.dataset.name} ${HOSTILE.script}`;
  current.target.command = HOSTILE.scriptEnd;
  current.environment.cpuModel = HOSTILE.bidi;
  current.health = { ...current.health!, problems: [{ code: 'errors', severity: 'fail', message: HOSTILE.textarea }] };
  // The errored case regressed too (ok -> error).
  return { baseline, current, regressed: [hostileCase.id, second!.id, broken.id], errored: broken.id };
}

/** `count` cases: the reference report's, repeated under new ids (its header unchanged but for the counts). */
export function bigReport(count: number): Report {
  const base = referenceReport();
  const cases: CaseResult[] = [];
  for (let i = 0; i < count; i++) {
    const c = clone(base.cases[i % base.cases.length]!);
    c.id = `${c.id}-${String(i).padStart(5, '0')}`;
    cases.push(c);
  }
  return { ...base, cases, summary: { ...base.summary, cases: count, ok: cases.filter((c) => c.status === 'ok').length }, dataset: { ...base.dataset, cases: count } };
}

/** `runs` main-branch runs of the report's dataset and machine, with fixed jitter, the last one 40% slower. */
export function fixedHistory(report: Report, runs: number): HistoryEntry[] {
  const entry = historyEntry(report);
  return Array.from({ length: runs }, (_, i) => {
    const jitter = 1 + (((i * 7) % 5) - 2) / 100;
    const slow = i === runs - 1 ? 1.4 : 1;
    const metrics = Object.fromEntries(Object.entries(entry.metrics).map(([id, v]) => [id, v === null ? null : id.includes('@') ? v : v * jitter * slow]));
    return { ...entry, date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(), sha: (0x1000000 + i * 4099).toString(16).padStart(7, '0') + 'abcdef0', metrics };
  });
}

/** The data a written page embeds: its meta and run i's cases, parsed back from their script elements. */
export function readPage(file: string): { html: string; meta: PageMeta; cases: (run: number) => CaseResult[] } {
  const html = readFileSync(file, 'utf8');
  const element = (id: string) => {
    const m = new RegExp(`<script type="application/json" id="${id}">([^]*?)</script>`).exec(html);
    if (!m) throw new Error(`${file}: no #${id}`);
    return JSON.parse(m[1]!) as unknown;
  };
  return { html, meta: element(META_ID) as PageMeta, cases: (run) => element(casesId(run)) as CaseResult[] };
}

/** The data a history dashboard embeds, parsed back from its script element. */
export function readDashboard(html: string): DashboardMeta {
  const m = new RegExp(`<script type="application/json" id="${DASHBOARD_ID}">([^]*?)</script>`).exec(html);
  if (!m) throw new Error(`no #${DASHBOARD_ID} in the dashboard`);
  return JSON.parse(m[1]!) as DashboardMeta;
}
