/**
 * The plain-HTML facts below the delta: latency summaries per run, quality by category,
 * and where and how each run ran (environment, target, settings, build, memory, judging).
 */
import type { LatencySummary } from '../../model/report.ts';
import { formatBytes, formatMs, formatValue } from '../../report/format.ts';
import type { PageMeta, PageRun } from './page-data.ts';
import { escapeHtml, html } from './text.ts';

function latencyRows(run: PageRun): string[] {
  const l = run.report.summary.latency;
  const withCi = (v: number, ci: LatencySummary['p50Ci']) => (ci ? `${formatMs(v)} <small>[${formatMs(ci.lower)}, ${formatMs(ci.upper)}]</small>` : formatMs(v));
  const kinds: [string, LatencySummary | null | undefined][] = [
    ['search', l.search],
    ['fetch', l.fetch],
    ['answer', l.answer],
  ];
  return kinds
    .filter(([, s]) => s)
    .map(([kind, s]) => `<tr><th scope="row">${html(run.name, 60)}</th><td>${kind}</td><td>${s!.n}</td><td>${formatMs(s!.mean)}</td><td>${withCi(s!.p50, s!.p50Ci)}</td><td>${withCi(s!.p95, s!.p95Ci)}</td><td>${formatMs(s!.p99)}</td><td>${formatMs(s!.max)}</td></tr>`);
}

export function latencySection(meta: PageMeta): string {
  const rows = meta.runs.flatMap(latencyRows);
  if (rows.length === 0) return '';
  return `<section aria-labelledby="h-latency"><h2 id="h-latency">Latency</h2><div class="scroll" tabindex="0" role="region" aria-labelledby="h-latency"><table><caption>Per call, over every repetition; p50 and p95 with their 95% bootstrap CI.</caption><thead><tr><th scope="col">Run</th><th scope="col">Call</th><th scope="col">n</th><th scope="col">mean</th><th scope="col">p50</th><th scope="col">p95</th><th scope="col">p99</th><th scope="col">max</th></tr></thead><tbody>${rows.join('')}</tbody></table></div><div id="latency-charts" class="charts"></div></section>`;
}

export function categorySection(meta: PageMeta): string {
  const report = meta.runs[0]?.report;
  if (!report) return '';
  const k = meta.k;
  const groups = report.breakdowns.category.filter((g) => g.cases > (g.answerCases ?? 0));
  if (groups.length === 0) return '';
  const rows = groups.map(
    (g) => `<tr><th scope="row">${html(g.key, 80)}</th><td>${g.cases - (g.answerCases ?? 0)}</td>${[`mrr@${k}`, `ndcg@${k}`, `recall@${k}`, `hit@${k}`].map((id) => `<td>${formatValue(g.metrics[id], 'ratio')}</td>`).join('')}<td>${formatValue(g.metrics['search.p50'], 'ms')}</td></tr>`,
  );
  return `<section aria-labelledby="h-category"><h2 id="h-category">By category</h2><div class="scroll" tabindex="0" role="region" aria-labelledby="h-category"><table><thead><tr><th scope="col">Category</th><th scope="col">Cases</th><th scope="col">MRR@${k}</th><th scope="col">NDCG@${k}</th><th scope="col">Recall@${k}</th><th scope="col">Hit@${k}</th><th scope="col">Search p50</th></tr></thead><tbody>${rows.join('')}</tbody></table></div></section>`;
}

function facts(run: PageRun): [string, string][] {
  const r = run.report;
  const s = r.settings;
  const list: [string, string | undefined][] = [
    ['Dataset', `${html(r.dataset.name, 120)} · ${r.dataset.cases} cases · ${html(r.dataset.format, 20)} · <code>${html(r.dataset.hash.slice(0, 12), 12)}</code>`],
    ['Server', `${html(r.target.transport, 10)} · <code>${html(r.target.url ?? r.target.command, 300)}</code>`],
    ['Build', r.build ? `<code>${html(r.build.command, 300)}</code> · ${formatMs(r.build.ms)} · exit ${r.build.exitCode ?? 'none'}` : 'not run'],
    ['Peak RSS', r.memory ? `${formatBytes(r.memory.peakBytes)} over ${r.memory.samples.length} samples (every ${r.memory.intervalMs} ms)` : 'not measured'],
    ['Settings', `k=${(s.cutoffs ?? [s.k]).join(',')} · ${s.repetitions} repetition(s) · ${s.warmup} warm-up · timeout ${s.timeoutMs} ms${s.seed !== undefined ? ` · seed ${s.seed}` : ''}${s.serverCpus !== undefined ? ` · CPUs ${html(s.serverCpus, 40)}` : ''}`],
    ['Machine', `${html(r.environment.os, 60)} (${html(r.environment.arch, 20)}) · ${html(r.environment.cpuModel, 80)} · ${Number(r.environment.cores)} cores · Node ${html(r.environment.node, 20)}${r.environment.runnerImage ? ` · ${html(r.environment.runnerImage, 60)}` : ''}`],
    ['Tool', `${html(r.tool.name, 40)} ${html(r.tool.version, 40)}`],
    ['Judging', r.judging ? `${r.judging.totals.calls} call(s), ${r.judging.totals.cacheHits} cache hit(s), ${r.judging.totals.promptTokens + r.judging.totals.completionTokens} tokens${r.judging.totals.costUsd !== null ? `, $${r.judging.totals.costUsd.toFixed(4)}` : ''}` : undefined],
    ['Shard', r.shard ? `${r.shard.index} of ${r.shard.count}` : undefined],
  ];
  return list.filter((f): f is [string, string] => f[1] !== undefined);
}

export function environmentSection(meta: PageMeta): string {
  const blocks = meta.runs.map(
    (run) => `<div class="facts"><h3>${html(run.name, 80)} <small>(${escapeHtml(run.role)})</small></h3><dl>${facts(run)
      .map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`)
      .join('')}</dl></div>`,
  );
  return `<section aria-labelledby="h-env"><h2 id="h-env">Environment and settings</h2><div class="facts-grid">${blocks.join('')}</div><div id="memory-chart" class="charts"></div></section>`;
}
