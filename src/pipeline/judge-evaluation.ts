/**
 * After the run: the evaluation made of the arms' reports, its comparison (with the base arm
 * of a same-job A/B, or with the stored baseline the preflight read) and its fail-on gates.
 * evaluate.ts loads this once the servers are done; the Action's publish step and comment
 * mode judge the gates again against the comparison they make.
 */
import path from 'node:path';
import type { Config } from '../config/config.ts';
import { compareReports, runMetricsOf } from '../compare/compare-reports.ts';
import type { Gate } from '../compare/gates.ts';
import { applyGates } from '../compare/judge-gates.ts';
import type { Comparison, Evaluation } from '../model/comparison.ts';
import type { Report } from '../model/report.ts';
import type { ArmsRun, BaseArm } from './arms.ts';
import type { EvaluateHooks } from './hooks.ts';
import type { Preflight } from './preflight.ts';

/**
 * (Re)applies the fail-on gates: value gates to the run's own metrics, change gates to
 * the comparison (listed as not judged when there is none). The outcome also goes into
 * the report, so the written JSON says which gates held, failed or could not be judged.
 */
export function judgeGates(evaluation: Evaluation, gates: readonly Gate[]): void {
  if (gates.length === 0) {
    delete evaluation.gates;
    delete evaluation.report.gates;
    return;
  }
  evaluation.gates = applyGates(gates, evaluation.comparison?.rows ?? null, runMetricsOf(evaluation.report));
  evaluation.report.gates = evaluation.gates;
}

/** The comparison with the stored baseline read by the preflight (timings judged against the history, when given), or why there is none. */
function storedBaseline(config: Config, checked: Preflight, report: Report): { comparison: Comparison | null; note?: string } {
  if (config.baseline === null) return { comparison: null, note: 'no baseline requested' };
  if (!checked.baseline) return { comparison: null, note: `no baseline at ${path.relative(process.cwd(), config.baseline)} yet` };
  const history = checked.history ? { history: checked.history, historyOptions: { minRuns: config.historyMinRuns } } : {};
  return { comparison: compareReports(checked.baseline, report, { baselineLabel: path.basename(config.baseline), stats: config.stats, ...history }) };
}

export function judgedEvaluation(config: Config, checked: Preflight, run: ArmsRun, base: BaseArm | undefined, hooks: EvaluateHooks): Evaluation {
  const head = run.reports.at(-1)!;
  const evaluation: Evaluation = { report: head, comparison: null };
  hooks.onPhase?.('compare', base ? `same job, base ${base.ref}` : (config.baseline ?? 'none'));
  if (base) {
    const baseReport = run.reports[0]!;
    evaluation.baseReport = baseReport;
    const label = base.sha && base.sha !== base.ref ? `${base.ref} (${base.sha.slice(0, 7)})` : base.ref;
    evaluation.comparison = compareReports(baseReport, head, { baselineLabel: label, stats: config.stats });
  } else {
    const { comparison, note } = storedBaseline(config, checked, head);
    evaluation.comparison = comparison;
    if (comparison && checked.baseline) evaluation.baselineReport = checked.baseline;
    if (note !== undefined) evaluation.baselineNote = note;
  }
  if (run.stoppedEarly !== undefined) evaluation.stoppedEarly = run.stoppedEarly;
  judgeGates(evaluation, config.gates);
  return evaluation;
}
