/**
 * Fail-on gates: user rules such as `mrr@5 < -0.02` or `search.p95 > +15%` that turn a
 * measured change into a failed check. A gate only ever trips on a change the statistics
 * call real (verdict better/worse, not indicative): noise, "same", n/a and hints across
 * runners never fail a build. The sign is the user's: `<` gates catch drops, `>` rises,
 * whatever the metric's good direction. Pure: parsing, matching and describing only.
 */
import picomatch from 'picomatch';
import { formatDelta, formatPercent, formatValue } from '../publish/markdown/format.ts';
import type { DeltaRow } from './types.ts';

export type GateOp = '<' | '<=' | '>' | '>=';

export interface Gate {
  /** The spec as the user wrote it (trimmed), for messages. */
  source: string;
  /** Metric id or picomatch glob over metric ids (`criterion.*`, `ndcg@*`). */
  metric: string;
  op: GateOp;
  /** The threshold; a fraction for relative gates (`+15%` is 0.15). */
  value: number;
  /** True when written with `%`: compared with the row's relative change. */
  relative: boolean;
}

export interface GateFailure {
  gate: Gate;
  row: DeltaRow;
  /** The measured change it tripped on: relative (fraction) or absolute, as the gate. */
  change: number;
  cases: string[];
}

export interface GateOutcome {
  failures: GateFailure[];
  /** Gates whose metric matches no row of the comparison: reported, not silently ignored. */
  unmatched: Gate[];
}

const EXPECTED = "expected '<metric> <op> <number>[%]' with <op> one of <, <=, >, >= (e.g. 'mrr@5 < -0.02', 'search.p95 > +15%', 'errors > 0')";

export class GateSyntaxError extends Error {
  readonly spec: string;

  constructor(spec: string, problem: string) {
    super(`invalid fail-on gate '${spec}': ${problem}; ${EXPECTED}`);
    this.name = 'GateSyntaxError';
    this.spec = spec;
  }
}

/** Any run of comparison characters, so `=`, `==`, `=<`, `<>` are caught and named, not misparsed. */
const OPERATOR = /[<>=!]+/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;
const VALID_OPS: readonly string[] = ['<', '<=', '>', '>='];
// Metric ids are not paths: `*` should match any id text, the same on every OS.
const GLOB_OPTIONS = { dot: true, windows: false } as const;

/** Splits on newlines and on commas outside `{…}` (a brace glob like `{mrr,ndcg}@5` keeps its comma). */
function splitSpecs(text: string): string[] {
  const out: string[] = [];
  for (const rawLine of text.split(/\r?\n/)) {
    const hash = rawLine.indexOf('#');
    const line = hash >= 0 ? rawLine.slice(0, hash) : rawLine;
    let depth = 0;
    let current = '';
    for (const ch of line) {
      if (ch === '{') depth++;
      else if (ch === '}') depth = Math.max(0, depth - 1);
      if (ch === ',' && depth === 0) {
        out.push(current);
        current = '';
      } else {
        current += ch;
      }
    }
    out.push(current);
  }
  return out.map((s) => s.trim()).filter((s) => s.length > 0);
}

function parseGate(spec: string): Gate {
  const found = OPERATOR.exec(spec);
  if (!found) throw new GateSyntaxError(spec, 'no comparison operator');
  const op = found[0];
  if (!VALID_OPS.includes(op)) throw new GateSyntaxError(spec, `'${op}' is not a supported operator`);
  const metric = spec.slice(0, found.index).trim();
  let rest = spec.slice(found.index + op.length).trim();
  if (metric.length === 0) throw new GateSyntaxError(spec, 'no metric before the operator');
  if (/\s/.test(metric)) throw new GateSyntaxError(spec, `'${metric}' is not one metric id or glob`);
  const relative = rest.endsWith('%');
  if (relative) rest = rest.slice(0, -1).trim();
  if (rest.length === 0) throw new GateSyntaxError(spec, 'no threshold after the operator');
  const value = Number(rest.replace(/^\+/, ''));
  if (!NUMBER.test(rest) || !Number.isFinite(value)) throw new GateSyntaxError(spec, `'${rest}' is not a number`);
  try {
    picomatch(metric, GLOB_OPTIONS);
  } catch (err) {
    throw new GateSyntaxError(spec, `'${metric}' is not a valid glob (${err instanceof Error ? err.message : String(err)})`);
  }
  return { source: spec, metric, op: op as GateOp, value: relative ? value / 100 : value, relative };
}

/**
 * Gates from the Action input (a string: one per line or comma-separated) or the CLI's
 * repeated `--fail-on` (an array; each entry may hold several the same way). Blank
 * entries and `#` comments are dropped. Throws GateSyntaxError on the first bad one.
 */
export function parseGates(specs: string | readonly string[]): Gate[] {
  const texts = typeof specs === 'string' ? [specs] : specs;
  return texts.flatMap(splitSpecs).map(parseGate);
}

// Floating-point slack: a drop of exactly 0.02 (0.4 - 0.38 = 0.020000000000000018) is at
// the threshold, not past it.
const SLACK = 1e-9;

function trips(change: number, op: GateOp, value: number): boolean {
  switch (op) {
    case '<':
      return change < value - SLACK;
    case '<=':
      return change <= value + SLACK;
    case '>':
      return change > value + SLACK;
    case '>=':
      return change >= value - SLACK;
  }
}

/** A change the statistics call real: only these can fail a check. */
function isReal(row: DeltaRow): boolean {
  return (row.verdict === 'better' || row.verdict === 'worse') && !row.indicative;
}

export function applyGates(gates: readonly Gate[], rows: readonly DeltaRow[]): GateOutcome {
  const failures: GateFailure[] = [];
  const unmatched: Gate[] = [];
  for (const gate of gates) {
    const matches = picomatch(gate.metric, GLOB_OPTIONS);
    const matched = rows.filter((row) => matches(row.id));
    if (matched.length === 0) {
      unmatched.push(gate);
      continue;
    }
    for (const row of matched) {
      if (!isReal(row)) continue;
      const change = gate.relative ? row.relative : row.absolute;
      if (change === null || !Number.isFinite(change)) continue;
      if (trips(change, gate.op, gate.value)) failures.push({ gate, row, change, cases: [...(row.cases ?? [])] });
    }
  }
  return { failures, unmatched };
}

/** How many case ids one annotation line lists before "+N more". */
export const CASES_SHOWN = 5;

/**
 * One line for an annotation, e.g.
 * `MRR@5 (mrr@5) changed by −0.031 (0.412 → 0.381), failing gate 'mrr@5 < -0.02'; cases: a, b, c +2 more`.
 */
export function describeGateFailure(f: GateFailure): string {
  const { row, gate } = f;
  const change = gate.relative ? formatPercent(f.change) : formatDelta(f.change, row.unit);
  const name = row.label === row.id ? row.id : `${row.label} (${row.id})`;
  const values = row.baseline !== null && row.current !== null ? ` (${formatValue(row.baseline, row.unit)} → ${formatValue(row.current, row.unit)})` : '';
  let line = `${name} changed by ${change}${values}, failing gate '${gate.source}'`;
  if (f.cases.length > 0) {
    const shown = f.cases.slice(0, CASES_SHOWN).join(', ');
    const more = f.cases.length > CASES_SHOWN ? ` +${f.cases.length - CASES_SHOWN} more` : '';
    line += `; cases: ${shown}${more}`;
  }
  return line;
}
