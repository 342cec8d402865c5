/**
 * Fail-on gates, the syntax: user rules such as `mrr@5 < -0.02`, `search.p95 > +15%` or
 * `mrr@5 < 0.5`. A signed threshold (`-0.02`, `+15`) or a `%` is a **change** against
 * the baseline; an unsigned one (`0.5`, `0`, `250`) is a **value** the run's own metric is
 * held to, as promptfoo's thresholds, with or without a baseline (`errors > 0`: any
 * errored case). The sign of a change gate is the user's: `<` catches drops, `>` rises,
 * whatever the metric's good direction. Judging them is judge-gates.ts. Pure.
 */
import { picomatch } from '../shared/load-picomatch.ts';
import type { Gate, GateOp } from '../model/gates.ts';

export type { Gate, GateOp } from '../model/gates.ts';

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
export const GLOB_OPTIONS = { dot: true, windows: false } as const;

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
  const kind = relative || /^[+-]/.test(rest) ? 'change' : 'value';
  return { source: spec, metric, op: op as GateOp, value: relative ? value / 100 : value, relative, kind };
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
