/**
 * A workflow example marked `run=pull_request`: its docs-mcp-eval step runs as a runner
 * runs it (dist/action.js, the step's `with:` as inputs, a pull_request event) in a scratch
 * project, against the loopback GitHub double. The steps before it (checkout, setup-node,
 * `npm ci`) are what the scratch project already is. It must pass and post the sticky comment
 * with the run's table.
 */
import path from 'node:path';
import { parse } from 'yaml';
import type { GitHubDouble } from '../github-double/index.ts';
import { prRun } from '../pull-request-run.ts';
import { attr, type Block } from './blocks.ts';
import type { Checked } from './check-files.ts';

interface Step {
  uses?: string;
  with?: Record<string, unknown>;
}

let nextPr = 100;

export async function runWorkflow(block: Block, dir: string, double: GitHubDouble): Promise<Checked> {
  const event = attr(block.marker!, 'run');
  if (event !== 'pull_request') return { problems: [`run=${String(event)}: only pull_request runs are supported`] };
  const jobs = (parse(block.text) as { jobs: Record<string, { steps: Step[] }> }).jobs;
  const step = Object.values(jobs).flatMap((job) => job.steps).find((s) => /^docs-mcp-eval\/docs-mcp-eval@/.test(s.uses ?? ''));
  if (!step) return { problems: ['no docs-mcp-eval/docs-mcp-eval step to run'] };
  const inputs = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, String(v)]));
  const expressions = Object.entries(inputs).filter(([, v]) => v.includes('${{'));
  if (expressions.length > 0) return { problems: expressions.map(([k]) => `with: ${k} holds an expression, which only a runner evaluates`) };
  const number = nextPr++;
  const run = await prRun(double, { number, baseSha: double.state.mainCommits.at(-1)! }, inputs, {
    workspace: dir,
    env: { PATH: [path.join(dir, 'node_modules/.bin'), path.dirname(process.execPath), process.env['PATH'] ?? ''].join(path.delimiter) },
  });
  const problems: string[] = [];
  if (run.code !== 0) problems.push(`the step exited ${String(run.code)}`);
  const sticky = (double.state.comments.get(number) ?? []).filter((c) => c.body?.includes('docs-mcp-eval:sticky'));
  if (sticky.length !== 1) problems.push(`${sticky.length} sticky comments on the pull request, not 1`);
  else if (!sticky[0]!.body?.includes('MRR@5')) problems.push('the comment has no MRR@5 row');
  if (problems.length > 0) problems.push(`log (last 40 lines):\n${run.log.trimEnd().split('\n').slice(-40).join('\n')}`);
  return { problems };
}
