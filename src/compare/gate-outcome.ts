/** What judging the fail-on gates found (judge-gates.ts): plain data, it goes into the report as it is. */
import type { MetricUnit } from '../score/catalog.ts';
import type { Gate } from './gates.ts';

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
