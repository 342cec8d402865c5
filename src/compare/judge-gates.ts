/**
 * Judging fail-on gates (gates.ts holds their syntax). A **value** gate (`mrr@5 < 0.5`,
 * `errors > 0`) is judged on the current run's own metric, baseline or not. A **change**
 * gate (`mrr@5 < -0.02`, `search.p95 > +15%`) is judged on a comparison row, and trips
 * only on a change the statistics call real (verdict better/worse, not indicative):
 * noise, "same" and hints across runners never fail a build.
 *
 * A mean over part of its cases (some not judged: evaluator errors, the budget, a judge
 * timeout, answers cut off; or not run) is not the run's mean: a gate on it, value or
 * change, is *not judged*, never passed (with two of five judge calls failing, the judged
 * subset's mean rose from 0.6 to 1.0 and a gate the whole run fails would have held).
 *
 * A gate that cannot be judged is never dropped: it is listed with why (no baseline, an
 * indicative or not comparable row, a partial mean, no metric of that name in this run),
 * shown in the report, the markdown and on stderr, and does not fail the run by itself. Pure.
 */
import { picomatch } from '../shared/load-picomatch.ts';
import { formatDelta, formatPercent, formatValue } from '../report/format.ts';
import type { MetricUnit } from '../model/metric-catalog.ts';
import { GLOB_OPTIONS, type Gate, type GateOp } from './gates.ts';
import type { DeltaRow } from '../model/comparison.ts';
import type { GateFailure, GateOutcome, UnjudgedGate } from '../model/gates.ts';
import type { MetricCount } from '../model/report.ts';
import { countText, isPartial } from '../model/metric-count.ts';

export type { GateFailure, GateOutcome, UnjudgedGate } from '../model/gates.ts';

/** The run's own metrics, for value gates. */
export interface RunMetrics {
  /** Every metric id the run has a value for, with its label and unit, in catalog order. */
  metrics: { id: string; label: string; unit: MetricUnit; value: number }[];
  /** Cases behind a metric's value (errored cases for `errors`), when there are any to name. */
  casesOf?: (id: string) => string[];
  /** How many cases a mean is over, of how many, and why the rest are missing. */
  countOf?: (id: string) => MetricCount | undefined;
}

/** Why a mean over part of its cases cannot hold a gate: "over 3 of 5 cases (2 evaluator errors)". */
export function partialReason(count: MetricCount, side = ''): string {
  return `the mean${side} is over ${countText(count)} cases, not the whole run: judge or run the missing cases (a gate is never passed on part of the cases)`;
}

// Floating-point slack: a drop of exactly 0.02 (0.4 - 0.38 = 0.020000000000000018) is at
// the threshold, not past it.
const SLACK = 1e-9;

function trips(measured: number, op: GateOp, value: number): boolean {
  switch (op) {
    case '<':
      return measured < value - SLACK;
    case '<=':
      return measured <= value + SLACK;
    case '>':
      return measured > value + SLACK;
    case '>=':
      return measured >= value - SLACK;
  }
}

function judgeValueGate(gate: Gate, run: RunMetrics, out: GateOutcome): void {
  const matches = picomatch(gate.metric, GLOB_OPTIONS);
  const matched = run.metrics.filter((m) => matches(m.id));
  if (matched.length === 0) {
    const known = run.metrics.map((m) => m.id).join(', ');
    out.unjudged.push({ gate, reason: `no metric of this run matches ${gate.metric} (this run has: ${known})` });
    return;
  }
  for (const m of matched) {
    const count = run.countOf?.(m.id);
    if (count && isPartial(count)) {
      out.unjudged.push({ gate, metric: m.id, reason: partialReason(count) });
      continue;
    }
    if (!trips(m.value, gate.op, gate.value)) {
      out.passed++;
      continue;
    }
    out.failures.push({ gate, metric: { id: m.id, label: m.label, unit: m.unit }, measured: m.value, baseline: null, current: m.value, cases: run.casesOf?.(m.id) ?? [] });
  }
}

/** Why a row's change cannot be held to a gate, or undefined when it can. */
function unjudgeable(row: DeltaRow): string | undefined {
  const { current, baseline } = row.judged ?? {};
  if (current && isPartial(current)) return partialReason(current, ' now');
  if (baseline && isPartial(baseline)) return partialReason(baseline, ' in the baseline');
  if (row.verdict === 'n/a') return `not comparable: ${row.basis}`;
  if (row.indicative) return `indicative only (${row.basis}); a same-job comparison (compare-ref) measures it`;
  return undefined;
}

function judgeChangeGate(gate: Gate, rows: readonly DeltaRow[] | null, out: GateOutcome): void {
  if (rows === null) {
    out.unjudged.push({ gate, reason: 'a change gate needs a baseline, and this run has none (write the threshold unsigned, e.g. mrr@5 < 0.5, to hold the value itself)' });
    return;
  }
  const matches = picomatch(gate.metric, GLOB_OPTIONS);
  const matched = rows.filter((row) => matches(row.id));
  if (matched.length === 0) {
    out.unjudged.push({ gate, reason: `no row of this comparison matches ${gate.metric}` });
    return;
  }
  for (const row of matched) {
    const why = unjudgeable(row);
    if (why !== undefined) {
      out.unjudged.push({ gate, metric: row.id, reason: why });
      continue;
    }
    const change = gate.relative ? row.relative : row.absolute;
    const real = row.verdict === 'better' || row.verdict === 'worse';
    if (!real || change === null || !Number.isFinite(change) || !trips(change, gate.op, gate.value)) {
      out.passed++;
      continue;
    }
    out.failures.push({ gate, metric: { id: row.id, label: row.label, unit: row.unit }, measured: change, baseline: row.baseline, current: row.current, cases: [...(row.cases ?? [])] });
  }
}

/** `rows`: the comparison's rows, or null without a baseline. */
export function applyGates(gates: readonly Gate[], rows: readonly DeltaRow[] | null, run: RunMetrics): GateOutcome {
  const out: GateOutcome = { failures: [], unjudged: [], passed: 0 };
  for (const gate of gates) {
    if (gate.kind === 'value') judgeValueGate(gate, run, out);
    else judgeChangeGate(gate, rows, out);
  }
  return out;
}

/** How many case ids one annotation line lists before "+N more". */
export const CASES_SHOWN = 5;

/**
 * One line for an annotation, e.g.
 * `MRR@5 (mrr@5) changed by −0.031 (0.412 → 0.381), failing gate 'mrr@5 < -0.02'; cases: a, b, c +2 more`
 * or `MRR@5 (mrr@5) is 0.412, failing gate 'mrr@5 < 0.5'`.
 */
export function describeGateFailure(f: GateFailure): string {
  const { metric, gate } = f;
  const name = metric.label === metric.id ? metric.id : `${metric.label} (${metric.id})`;
  let line: string;
  if (gate.kind === 'value') {
    line = `${name} is ${formatValue(f.measured, metric.unit)}, failing gate '${gate.source}'`;
  } else {
    const change = gate.relative ? formatPercent(f.measured) : formatDelta(f.measured, metric.unit);
    const values = f.baseline !== null && f.current !== null ? ` (${formatValue(f.baseline, metric.unit)} → ${formatValue(f.current, metric.unit)})` : '';
    line = `${name} changed by ${change}${values}, failing gate '${gate.source}'`;
  }
  if (f.cases.length > 0) {
    const shown = f.cases.slice(0, CASES_SHOWN).join(', ');
    const more = f.cases.length > CASES_SHOWN ? ` +${f.cases.length - CASES_SHOWN} more` : '';
    line += `; cases: ${shown}${more}`;
  }
  return line;
}

/** One line for a gate that could not be judged. */
export function describeUnjudgedGate(u: UnjudgedGate): string {
  return `gate '${u.gate.source}'${u.metric ? ` on ${u.metric}` : ''} not judged: ${u.reason}`;
}
