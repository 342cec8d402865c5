/**
 * mode: run — evaluate on this runner, then publish (publish-run.ts): job summary always,
 * report artifacts, the main-branch baseline and history on mainline runs, and the sticky
 * comment on pull requests (or, where the token cannot comment, an artifact the
 * workflow_run comment workflow picks up).
 *
 * Only what comes before the server's spawn is imported here: publishing (comparison,
 * rendering, GitHub) loads after the run, so it neither delays the server's start nor adds
 * CPU noise to its latency samples.
 */
import * as core from './safe-core.ts';
import { mkdirSync } from 'node:fs';
import { tempRoot } from '../shared/temp-dir.ts';
import path from 'node:path';
import { prepareConfig } from '../config/prepare-config.ts';
import { capYoungGenerationFor } from '../pipeline/young-generation.ts';
import type { Config } from '../config/config.ts';
import type { ActionInputs } from './inputs.ts';
import { evaluate, type Evaluation } from '../pipeline/evaluate.ts';
import type { RunContext } from './run-context.ts';
import { groupedHooks } from './log.ts';
import { holdOwnCode } from './own-code.ts';
import { loadPublishRun } from './lazy.ts';

export function outDirOf(inputs: ActionInputs): string {
  const outDir = path.join(tempRoot(), 'docs-mcp-eval', inputs.commentKey);
  mkdirSync(outDir, { recursive: true });
  return outDir;
}

/**
 * The run's config. The Action compares after the run, with the main-branch artifact;
 * a `baseline` in the config file serves as the fallback when no artifact is found (the
 * input baseline-fallback wins over it), so it is not lost.
 */
export async function configFor(ctx: RunContext, outDir: string): Promise<Config> {
  // history-pages puts a mainline run's page on the data branch, so it is written then even without html-page.
  const wantPage = ctx.inputs.htmlPage || (ctx.inputs.historyPages && ctx.event.isMainline);
  const html = wantPage ? path.join(outDir, 'report.html') : null;
  const config = await prepareConfig({ ...ctx.inputs.run, out: path.join(outDir, 'report.json'), markdown: path.join(outDir, 'report.md'), html }, ctx.workspace);
  if (config.baselineRequired && config.baseline !== null && ctx.inputs.baselineFallback === null) ctx.inputs.baselineFallback = config.baseline;
  return { ...config, baseline: null, baselineRequired: false };
}

export async function runMode(ctx: RunContext): Promise<void> {
  // Read while the config is prepared; held before anything of the user's runs (build, setup, server).
  const holding = holdOwnCode();
  holding.catch(() => undefined); // awaited below; a config error first must not leave it unhandled
  const outDir = outDirOf(ctx.inputs);
  // The run comes first and alone: the baseline look-up loads the GitHub modules and
  // talks to the API, which must neither delay the server's start nor add CPU noise to
  // its latency samples. The comparison is made afterwards.
  const config = await configFor(ctx, outDir);
  capYoungGenerationFor(config.cases, (message) => core.info(message));
  if ((await holding) === 'loaded') core.info('this Node has no module.registerHooks: the Action loaded all of its code before starting your server (node24 starts faster)');
  const hooks = groupedHooks();
  const evaluation: Evaluation = await evaluate(config, hooks).finally(() => hooks.end());
  const { publish, publishShard } = await loadPublishRun();
  if (config.shard) await publishShard(ctx, evaluation, config, outDir);
  else await publish(ctx, evaluation, config, outDir);
}

