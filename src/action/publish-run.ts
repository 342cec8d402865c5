/**
 * After the run: the job summary, report artifacts, the main-branch baseline and history on
 * mainline runs (in the history store: artifacts, the data branch, or both), the sticky comment on pull requests (or the artifact the comment workflow
 * picks up), the outputs, and the step's verdict. Loaded by run-mode.ts and merge-mode.ts
 * once the servers are done.
 */
import * as core from './safe-core.ts';
import { makeTempDir } from '../shared/temp-dir.ts';
import path from 'node:path';
import { healthFailures, healthWarnings } from '../pipeline/run-verdict.ts';
import type { Report } from '../model/report.ts';
import type { Config } from '../config/config.ts';
import { judgeGates } from '../pipeline/judge-evaluation.ts';
import type { Evaluation } from '../model/comparison.ts';
import { lookUpAcceptance, reportGates } from './gates-step.ts';
import { renderComment, type BaselineInfo } from '../publish/comment/index.ts';
import { artifactName } from '../publish/github/artifact-name.ts';
import { compareReports } from '../compare/compare-reports.ts';
import { readReport } from '../report/read-report.ts';
import { renderEvaluation } from '../publish/markdown/render-evaluation.ts';
import { writeOutputs } from '../publish/write-outputs.ts';
import { formatCount } from '../report/format.ts';
import { codeSpan } from '../publish/markdown/escape.ts';
import { resolveBaseline, type ResolvedBaseline } from './baseline.ts';
import type { EventInfo } from './event.ts';
import { saveMainlineRun } from './history-step.ts';
import { historyStores, loadHistory, storeRetention } from './history-stores.ts';
import { retentionNotice } from '../publish/history/retention.ts';
import type { HistoryEntry } from '../report/history-entry.ts';
import type { ActionInputs } from './inputs.ts';
import type { RunContext } from './run-context.ts';
import { annotate } from './log.ts';
import { publishToPullRequest } from './pull-request.ts';
import { setRunOutputs } from './outputs.ts';
import { publishPage } from './page-step.ts';

function shouldSaveBaseline(inputs: ActionInputs, event: EventInfo): boolean {
  return inputs.saveBaseline === 'always' || (inputs.saveBaseline === 'auto' && event.isMainline);
}

/** A shard's job only stores its report for the merge job: no baseline, no comment. */
export async function publishShard(ctx: RunContext, evaluation: Evaluation, config: Config, outDir: string): Promise<void> {
  const shard = config.shard!;
  await writeOutputs(evaluation.report, renderEvaluation(evaluation), config.output);
  const name = artifactName(`shard-${shard.index}-of-${shard.count}`, ctx.inputs.commentKey);
  await (await ctx.github()).edge.uploadFiles(name, [config.output.json], outDir);
  await core.summary.addRaw(`### docs-mcp-eval shard ${formatCount(shard.index)}/${formatCount(shard.count)}

${formatCount(evaluation.report.summary.cases)} cases; uploaded as ${codeSpan(name, 200)} for the merge job.\n`).write();
  setRunOutputs(evaluation, { reportPath: config.output.json, markdown: '', commentUrl: '', baseline: 'none', htmlPath: '', htmlUrl: '' });
  failUnhealthy(evaluation.report);
}

export async function publish(ctx: RunContext, evaluation: Evaluation, config: Config, outDir: string): Promise<void> {
  const { inputs, event, workspace } = ctx;
  let baselineInfo: BaselineInfo;
  const stores = historyStores(ctx);
  // The main-branch history: the reference for timing verdicts, and what a mainline run appends to.
  let history: HistoryEntry[] | undefined;
  if (evaluation.baseReport?.sameJob) {
    // Same-job A/B: the base arm is the baseline; no stored one is looked up.
    const { baseRef, baseSha } = evaluation.baseReport.sameJob;
    baselineInfo = { source: 'same-job', sha: baseSha, ref: baseRef };
  } else {
    history = await loadHistory(stores);
    const baseline = await resolveBaseline(inputs, event, stores, { github: ctx.github, workspace, tmpDir: makeTempDir('dme-baseline-') });
    await attachComparison(evaluation, baseline, config, history);
    judgeGates(evaluation, config.gates);
    baselineInfo = baseline.info;
  }
  const acceptance = await lookUpAcceptance(ctx, evaluation);
  // A pull request hears when what its baseline depends on is about to go (a mainline run's summary says it after saving).
  const notice = event.isMainline ? undefined : retentionNotice(await storeRetention(stores), new Date());
  // The page goes up first: the comment and the job summary link to it.
  const page = await publishPage(ctx, evaluation, config, outDir, history ?? []);
  const commentContext = { key: inputs.commentKey, baseline: baselineInfo, runUrl: event.runUrl, headSha: event.pr?.headSha ?? event.sha, acceptance, notices: notice ? [notice] : [], ...(page?.url ? { pageUrl: page.url } : {}) };
  const markdown = renderComment(evaluation, commentContext);
  await writeOutputs(evaluation.report, renderEvaluation(evaluation), config.output);

  const summaryParts = [markdown];
  const saveReport = shouldSaveBaseline(inputs, event);
  if (event.isMainline) {
    const previous = history ?? (await loadHistory(stores));
    const pages = { pagePath: page?.path, historyMinRuns: config.historyMinRuns };
    summaryParts.push(await saveMainlineRun(ctx, stores, { report: evaluation.report, reportPath: config.output.json, outDir, previous, saveReport, ...pages }));
  } else if (saveReport) {
    // save-baseline: always, off the main line: an artifact only (no lookup trusts it; the data branch never takes it).
    const reportName = artifactName('report', inputs.commentKey);
    await (await ctx.github()).edge.uploadFiles(reportName, [config.output.json], outDir);
    core.info(`saved ${reportName} (a ${event.name} run: pull requests do not use it as their baseline)`);
  }
  await core.summary.addRaw(summaryParts.join('\n\n')).write();
  annotate(evaluation.report, evaluation.comparison);

  let commentUrl = '';
  if (event.pr) commentUrl = await publishToPullRequest(ctx, evaluation, commentContext, outDir, config.output.json);
  setRunOutputs(evaluation, { reportPath: config.output.json, markdown, commentUrl, baseline: describeBaseline(baselineInfo), htmlPath: page?.path ?? '', htmlUrl: page?.url ?? '' });

  failUnhealthy(evaluation.report);
  reportGates(evaluation, acceptance, inputs.acceptLabel);
}

/**
 * An unhealthy run fails the step with the same lines the CLI prints (pipeline/run-verdict.ts);
 * what only warns (evaluator errors allowed, the judging budget) becomes a warning annotation.
 */
function failUnhealthy(report: Report): void {
  for (const warning of healthWarnings(report)) core.warning(warning, { title: 'docs-mcp-eval run health' });
  const lines = healthFailures(report);
  if (lines.length > 0) core.setFailed(lines.join('\n'));
}

/** Compares with the baseline (timings judged against the history); a broken artifact is a warning, a broken path the user named an error. */
async function attachComparison(evaluation: Evaluation, baseline: ResolvedBaseline, config: Config, history: HistoryEntry[]): Promise<void> {
  if (!baseline.path) {
    if (baseline.info.note) evaluation.baselineNote = baseline.info.note;
    return;
  }
  try {
    const label = baseline.info.sha?.slice(0, 7) ?? path.basename(baseline.path);
    const baselineReport = await readReport(baseline.path);
    evaluation.comparison = compareReports(baselineReport, evaluation.report, {
      baselineLabel: label,
      stats: config.stats,
      history,
      historyOptions: { minRuns: config.historyMinRuns },
    });
    evaluation.baselineReport = baselineReport;
    delete evaluation.baselineNote;
  } catch (err) {
    if (baseline.info.source === 'path' && !baseline.info.note) throw err;
    core.warning(`could not read the baseline report: ${err instanceof Error ? err.message : String(err)}`);
    evaluation.baselineNote = 'the baseline report could not be read (see the warning in the log)';
    baseline.info = { source: 'none', note: evaluation.baselineNote };
  }
}

export function describeBaseline(info: BaselineInfo): string {
  if (info.source === 'artifact') return `artifact:${info.sha ?? ''}`;
  if (info.source === 'branch') return `branch:${info.sha ?? ''}`;
  if (info.source === 'path') return `path:${info.path ?? ''}`;
  if (info.source === 'same-job') return `same-job:${info.sha ?? ''}`;
  return 'none';
}
