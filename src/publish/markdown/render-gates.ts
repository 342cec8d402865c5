/**
 * The fail-on gates in the report and the comment: which gates tripped, on which change
 * and cases, and when a maintainer accepted the regression with the PR label, who and
 * when. Case ids come from the dataset a pull request may change: escaped like any cell.
 */
import { describeGateFailure, describeUnjudgedGate, type GateOutcome } from '../../compare/judge-gates.ts';
import type { Acceptance } from '../github/accept-label.ts';
import { codeSpan, escapeCell } from './escape.ts';

function byLine(a: Acceptance): string {
  const who = a.by ? ` by @${escapeCell(a.by, 60)}` : '';
  const when = a.at && /^\d{4}-\d{2}-\d{2}/.test(a.at) ? ` on ${a.at.slice(0, 10)}` : '';
  return `label ${codeSpan(a.label, 80)} added${who}${when}`;
}

export function gateLines(gates: GateOutcome | undefined, accepted?: Acceptance): string[] {
  if (!gates) return [];
  const lines: string[] = [];
  if (gates.failures.length > 0) {
    lines.push(
      accepted
        ? `> ☑️ **Regression accepted** (${byLine(accepted)}): ${gates.failures.length} failed fail-on gate(s) do not fail the check.`
        : `> ❌ **${gates.failures.length} fail-on gate(s) failed**: the check fails.`,
    );
    for (const f of gates.failures) lines.push(`> - ${escapeCell(describeGateFailure(f), 600)}`);
  }
  for (const u of gates.unjudged) lines.push(`> ⚠️ fail-on ${escapeCell(describeUnjudgedGate(u), 400)}.`);
  return lines;
}
