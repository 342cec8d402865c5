/**
 * The fail-on gates in the Action: a failed gate fails the step, with an error
 * annotation naming the metric, the change and the cases behind it, unless the pull
 * request carries the accept label, in which case the annotations are warnings, the
 * check passes, and the comment says who accepted the regression.
 */
import * as core from './safe-core.ts';
import { describeGateFailure, describeUnjudgedGate } from '../compare/judge-gates.ts';
import type { Evaluation } from '../pipeline/evaluate.ts';
import type { Acceptance } from '../publish/github/accept-label.ts';
import type { RunContext } from './run-context.ts';

/** Who accepted, when gates failed on a pull request that carries the label; looked up only then. */
export async function lookUpAcceptance(ctx: RunContext, evaluation: Evaluation): Promise<Acceptance | undefined> {
  const pr = ctx.event.pr;
  if (!pr || (evaluation.gates?.failures.length ?? 0) === 0) return undefined;
  const github = await ctx.github();
  if (!github.octokit) return undefined;
  try {
    const target = { owner: ctx.event.owner, repo: ctx.event.repo, number: pr.number };
    return (await github.edge.findAcceptance(github.octokit, target, ctx.inputs.acceptLabel)) ?? undefined;
  } catch (err) {
    core.warning(`could not read the pull request's labels (${ctx.inputs.acceptLabel} is not honoured): ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}

/**
 * `failStep: false` (the comment mode): the gates are shown, never enforced there, since
 * the pull request's own run is the check that passes or fails.
 */
export function reportGates(evaluation: Evaluation, acceptance: Acceptance | undefined, acceptLabel: string, { failStep = true } = {}): void {
  const outcome = evaluation.gates;
  if (!outcome) return;
  for (const u of outcome.unjudged) core.warning(describeUnjudgedGate(u), { title: 'docs-mcp-eval gate not judged' });
  if (outcome.failures.length === 0) return;
  for (const f of outcome.failures) {
    if (acceptance) core.warning(`${describeGateFailure(f)} (accepted)`, { title: 'docs-mcp-eval gate (accepted)' });
    else if (failStep) core.error(describeGateFailure(f), { title: 'docs-mcp-eval gate failed' });
    else core.warning(describeGateFailure(f), { title: 'docs-mcp-eval gate failed (the pull request run fails the check)' });
  }
  if (acceptance) core.notice(`${outcome.failures.length} failed gate(s) accepted by ${acceptance.by ? `@${acceptance.by}` : 'someone'} with the label ${acceptance.label}`);
  else if (failStep) core.setFailed(`${outcome.failures.length} fail-on gate(s) failed; the label "${acceptLabel}" on the pull request accepts a known regression`);
}
