/**
 * Which cases of one kind a reviewer is shown in full (judge reasoning, agent trajectories):
 * those that changed against the baseline first, regressions then improvements, then those
 * that failed on their own; each case once. `fromChange` and `fromCase` say what to show of a
 * case, or undefined to skip it.
 */
import type { CaseChange } from '../../model/comparison.ts';
import type { CaseResult, Report } from '../../model/report.ts';

export function changedFirst<T>(
  report: Report,
  changes: readonly CaseChange[],
  kind: CaseResult['kind'],
  fromChange: (result: CaseResult, direction: CaseChange['direction']) => T | undefined,
  fromCase: (result: CaseResult) => T | undefined,
): T[] {
  const byId = new Map(report.cases.map((c) => [c.id, c]));
  const out: T[] = [];
  const seen = new Set<string>();
  for (const direction of ['regressed', 'improved'] as const) {
    for (const change of changes) {
      if (change.kind !== kind || change.direction !== direction) continue;
      const result = byId.get(change.id);
      const shown = result && !seen.has(result.id) ? fromChange(result, direction) : undefined;
      if (shown === undefined) continue;
      seen.add(result!.id);
      out.push(shown);
    }
  }
  for (const result of report.cases) {
    const shown = result.kind === kind && !seen.has(result.id) ? fromCase(result) : undefined;
    if (shown !== undefined) out.push(shown);
  }
  return out;
}
