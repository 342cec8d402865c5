/**
 * `docs-mcp-eval compare name=<docs-mcp-eval.yml | report.json> ...`: the same dataset
 * against several named configurations (the same server with other flags or embeddings,
 * or other servers), run one after the other, or earlier reports read back, rendered as
 * one side-by-side table with the best value per row marked.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { prepareConfig } from '../config/prepare-config.ts';
import { parseCount, parseCutoffs, type RunOptions } from '../config/run-options.ts';
import { UsageError } from '../shared/run-errors.ts';
import { evaluate } from '../pipeline/evaluate.ts';
import { renderSideBySide, type NamedReport } from '../publish/markdown/render-side-by-side.ts';
import { readReport } from '../report/read-report.ts';
import type { Report } from '../report/types.ts';
import { createProgress } from './progress.ts';
import { parseFlags } from './parse-flags.ts';

const OPTIONS = {
  cases: { type: 'string' },
  repetitions: { type: 'string' },
  warmup: { type: 'string' },
  k: { type: 'string' },
  markdown: { type: 'string' },
  verbose: { type: 'boolean' },
} as const;

export const COMPARE_HELP = `Usage: docs-mcp-eval compare <name>=<docs-mcp-eval.yml | report.json> ... [options]

Runs each configuration (or reads each report) and prints one table, a column per
configuration, the best value per row in bold with a star.

  --cases <file>        the dataset for every configuration (default: each file's own)
  --repetitions <n>  --warmup <n>  --k <n>   for every configuration
  --markdown <file>     also write the table to this file
`;

function named(arg: string): { name: string; file: string } {
  const eq = arg.indexOf('=');
  if (eq <= 0 || eq === arg.length - 1) throw new UsageError(`compare takes name=<config or report>, got "${arg}"`);
  return { name: arg.slice(0, eq), file: arg.slice(eq + 1) };
}

export async function compareCommand(argv: string[], cwd: string = process.cwd()): Promise<number> {
  const parsed = parseFlags(argv, OPTIONS, true);
  const targets = parsed.positionals.map(named);
  if (targets.length < 2) throw new UsageError('compare needs at least two name=<config or report> arguments');
  const v = parsed.values;
  const common: RunOptions = { baseline: null };
  if (v.cases !== undefined) common.cases = path.resolve(cwd, v.cases);
  for (const [key, flag, min] of [['repetitions', 'repetitions', 1], ['warmup', 'warmup', 0]] as const) {
    const n = parseCount(v[flag], `--${flag}`, min);
    if (n !== undefined) common[key] = n;
  }
  const cutoffs = parseCutoffs(v.k, '--k');
  if (cutoffs) common.k = cutoffs;
  const runs: NamedReport[] = [];
  for (const { name, file } of targets) {
    let report: Report;
    if (file.endsWith('.json')) report = await readReport(path.resolve(cwd, file));
    else {
      const dir = path.join(cwd, '.docs-mcp-eval', 'compare', name.replace(/[^\w.-]/g, '_'));
      const config = await prepareConfig({ ...common, config: path.resolve(cwd, file), out: path.join(dir, 'report.json'), markdown: path.join(dir, 'report.md') }, cwd);
      const progress = createProgress(process.stderr, v.verbose ?? false);
      progress.phase('run', `configuration ${name}`);
      report = (await evaluate(config, { onPhase: (phase, detail) => progress.phase(phase, detail), onProgress: (e) => progress.update(e) })).report;
      progress.done();
    }
    runs.push({ name, report });
  }
  const markdown = renderSideBySide(runs);
  if (v.markdown !== undefined) await writeFile(path.resolve(cwd, v.markdown), markdown);
  process.stdout.write(markdown);
  return runs.some((r) => r.report.summary.errors + r.report.summary.notRun > 0) ? 1 : 0;
}
