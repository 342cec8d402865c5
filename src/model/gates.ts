/**
 * Fail-on gates as data: a gate as parsed from its spec (gates.ts parses), and what judging
 * the gates found (judge-gates.ts judges). Plain data: it goes into the report as it is.
 */
import type { MetricUnit } from './metric-catalog.ts';

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
  /** `change`: against the baseline (a signed threshold or a %); `value`: the run's own value (unsigned). */
  kind: 'change' | 'value';
}

export interface GateFailure {
  gate: Gate;
  /** The metric it tripped on. */
  metric: { id: string; label: string; unit: MetricUnit };
  /** What was held to the threshold: the change (a fraction for % gates) or the value. */
  measured: number;
  baseline: number | null;
  current: number | null;
  /** Cases behind it (regressed or slowed cases; errored cases for `errors`). */
  cases: string[];
}

export interface UnjudgedGate {
  gate: Gate;
  /** The metric it could not be judged on, when one matched. */
  metric?: string;
  reason: string;
}

/** Plain data: it goes into the report as it is. */
export interface GateOutcome {
  failures: GateFailure[];
  unjudged: UnjudgedGate[];
  /** Gate × metric checks that were judged and held. */
  passed: number;
}
