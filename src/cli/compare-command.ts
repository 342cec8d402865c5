/**
 * `docs-mcp-eval compare name=<docs-mcp-eval.yml | report.json> ...`: the same dataset
 * against several named configurations (the same server with other flags or embeddings,
 * or other servers), run one after the other, or earlier reports read back, rendered as
 * one side-by-side table with the best value per row marked. With --judge-model and two
 * configurations, an LLM judge also picks the better answer per answer case, in both
 * orders (compare/pairwise.ts), with the win/tie/loss counts, a sign test and the judge's
 * position bias. The judge's calls go through a judging session (call cache, concurrency,
 * budget, token and cost totals) with the first configuration file's `judging:` settings
 * (or the defaults when only reports are compared), --no-cache and --cache-dir on top.
 * Each configuration that runs leaves its JSON and markdown reports in
 * .docs-mcp-eval/compare/<name>/, as `run` would.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { prepareConfig } from '../config/prepare-config.ts';
import { parseCount, parseCutoffs, resolveJudging, type RunOptions } from '../config/run-options.ts';
import type { JudgeSession } from '../answers/evaluators/llm/judge-session.ts';
import { UsageError } from '../shared/run-errors.ts';
import { evaluate } from '../pipeline/evaluate.ts';
import { renderSideBySide, type NamedReport } from '../publish/markdown/render-side-by-side.ts';
import { renderEvaluation } from '../publish/markdown/render-evaluation.ts';
import { writeOutputs } from '../publish/write-outputs.ts';
import { readReport } from '../report/read-report.ts';
import type { Report } from '../model/report.ts';
import { judgePairs, type PairJudge, type PairwiseResult } from '../compare/pairwise.ts';
import { openAiPairJudge } from '../compare/pairwise-judge.ts';
import type { Config } from '../config/config.ts';
import { judgingTotalsLine } from '../publish/markdown/render-judging.ts';
import { DEFAULT_SEED } from '../stats/random.ts';
import { createProgress } from './progress.ts';
import { parseFlags } from './parse-flags.ts';
import { writePageFile } from './page-step.ts';
import { loadJudgeSecrets, loadJudgeSession, loadOpenAiClient } from './lazy.ts';

const OPTIONS = {
  cases: { type: 'string' },
  repetitions: { type: 'string' },
  warmup: { type: 'string' },
  k: { type: 'string' },
  markdown: { type: 'string' },
  html: { type: 'string' },
  'no-html': { type: 'boolean' },
  verbose: { type: 'boolean' },
  'judge-model': { type: 'string' },
  'judge-base-url': { type: 'string' },
  'judge-key-env': { type: 'string' },
  seed: { type: 'string' },
  'no-cache': { type: 'boolean' },
  'cache-dir': { type: 'string' },
} as const;

export const COMPARE_HELP = `Usage: docs-mcp-eval compare <name>=<docs-mcp-eval.yml | report.json> ... [options]

Runs each configuration (or reads each report) and prints one table, a column per
configuration, the best value per row in bold with a star.

  --cases <file>        the dataset for every configuration (default: each file's own)
  --repetitions <n>  --warmup <n>  --k <n>   for every configuration
  --markdown <file>     also write the table to this file
  --html <file>         the HTML page of the comparison: every configuration's cases and
                        ranked ids side by side (default .docs-mcp-eval/compare.html)
  --no-html             no HTML page
  Each configuration that runs writes its reports to .docs-mcp-eval/compare/<name>/
  (report.json, report.md).

Pairwise judging (two configurations or reports with answer cases):
  --judge-model <name>      an LLM judge picks the better answer per answer case, each pair
                            judged in both orders; win/tie/loss, sign test, position bias
  --judge-base-url <url>    OpenAI-compatible API root (default https://api.openai.com/v1)
  --judge-key-env <NAME>    environment variable holding the API key (default OPENAI_API_KEY)
  --seed <n>                seed of the case and order draw (default 42)
  --no-cache                ask the judge again instead of using the call cache
  --cache-dir <dir>         the judge's call cache (default .docs-mcp-eval/cache); the first
                            configuration file's judging: section (prices, budget,
                            concurrency) applies, and these flags to every run as well

Exit codes: 0 done, 1 a run had errored cases or a judge call failed, 2 bad usage.
`;

const DEFAULT_JUDGE_URL = 'https://api.openai.com/v1';
const DEFAULT_KEY_ENV = 'OPENAI_API_KEY';

type JudgeFactory = (session: JudgeSession) => PairJudge;

/** The pairwise judge, checked before anything runs: a missing key or a bad URL is a usage error. */
async function pairJudge(v: { 'judge-model'?: string; 'judge-base-url'?: string; 'judge-key-env'?: string }, targets: number): Promise<JudgeFactory | undefined> {
  const model = v['judge-model'];
  if (model === undefined) {
    if (v['judge-base-url'] !== undefined || v['judge-key-env'] !== undefined) throw new UsageError('--judge-base-url and --judge-key-env need --judge-model');
    return undefined;
  }
  if (targets !== 2) throw new UsageError(`pairwise judging compares two configurations, got ${targets}`);
  const { apiKeyProblem, ENV_NAME } = await loadJudgeSecrets();
  const keyEnv = v['judge-key-env'] ?? DEFAULT_KEY_ENV;
  if (!ENV_NAME.test(keyEnv)) throw new UsageError('--judge-key-env takes the NAME of an environment variable, not the key');
  const problem = apiKeyProblem(process.env, keyEnv);
  if (problem !== undefined) throw new UsageError(`pairwise judging: ${problem}`);
  const baseUrl = v['judge-base-url'] ?? DEFAULT_JUDGE_URL;
  if (!URL.canParse(baseUrl)) throw new UsageError(`--judge-base-url is not a URL: ${baseUrl}`);
  const { createOpenAiClient } = await loadOpenAiClient();
  const client = createOpenAiClient({ baseUrl, apiKeyEnv: keyEnv });
  return (session) => openAiPairJudge(client, model, session);
}

/** The pairwise judge's session: the first configuration's judging settings, else the defaults (with the flags) in cwd. */
async function pairwiseSession(judging: Config['judging'] | undefined, common: RunOptions, cwd: string): Promise<JudgeSession> {
  const { openJudgeSession } = await loadJudgeSession();
  return openJudgeSession(judging ?? resolveJudging(common.judging, cwd));
}

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
  if (v.html !== undefined && v['no-html']) throw new UsageError('--html and --no-html exclude each other');
  const common: RunOptions = { baseline: null };
  if (v.cases !== undefined) common.cases = path.resolve(cwd, v.cases);
  for (const [key, flag, min] of [['repetitions', 'repetitions', 1], ['warmup', 'warmup', 0]] as const) {
    const n = parseCount(v[flag], `--${flag}`, min);
    if (n !== undefined) common[key] = n;
  }
  if (v['no-cache'] || v['cache-dir'] !== undefined) {
    common.judging = { ...(v['no-cache'] ? { cache: false } : {}), ...(v['cache-dir'] !== undefined ? { cacheDir: path.resolve(cwd, v['cache-dir']) } : {}) };
  }
  const judge = await pairJudge(v, targets.length);
  const seed = parseCount(v.seed, '--seed', 0) ?? DEFAULT_SEED;
  const cutoffs = parseCutoffs(v.k, '--k');
  if (cutoffs) common.k = cutoffs;
  const runs: NamedReport[] = [];
  let judging: Config['judging'] | undefined;
  for (const { name, file } of targets) {
    let report: Report;
    if (file.endsWith('.json')) report = await readReport(path.resolve(cwd, file));
    else {
      const dir = path.join(cwd, '.docs-mcp-eval', 'compare', name.replace(/[^\w.-]/g, '_'));
      const config = await prepareConfig({ ...common, config: path.resolve(cwd, file), out: path.join(dir, 'report.json'), markdown: path.join(dir, 'report.md'), html: null }, cwd);
      judging ??= config.judging;
      const progress = createProgress(process.stderr, v.verbose ?? false);
      progress.phase('run', `configuration ${name}`);
      const evaluation = await evaluate(config, { onPhase: (phase, detail) => progress.phase(phase, detail), onProgress: (e) => progress.update(e) });
      progress.done();
      report = evaluation.report;
      // Each configuration's own reports, as `run` writes them, so one can be read or used as a baseline later.
      const written = await writeOutputs(report, renderEvaluation(evaluation), config.output);
      process.stderr.write(`docs-mcp-eval: configuration ${name}: report written to ${written.json} and ${written.markdown}${written.rescued !== undefined ? ` (not where asked: ${written.rescued})` : ''}\n`);
    }
    runs.push({ name, report });
  }
  let pairwise: PairwiseResult | undefined;
  if (judge) {
    process.stderr.write(`docs-mcp-eval: pairwise: judging ${runs[0]!.name} vs ${runs[1]!.name} with ${v['judge-model']} (each answer case in both orders, seed ${seed})\n`);
    const session = await pairwiseSession(judging, common, cwd);
    pairwise = await judgePairs(runs[0]!, runs[1]!, judge(session), seed);
    pairwise.judging = session.take(pairwise.cases.filter((c) => c.orders.some((o) => 'error' in o.verdict && o.verdict.error.startsWith('not judged (budget)'))).map((c) => c.caseId));
    process.stderr.write(`docs-mcp-eval: pairwise: ${judgingTotalsLine(pairwise.judging)}\n`);
    if (pairwise.cases.length === 0) process.stderr.write('docs-mcp-eval: pairwise: no answer case ran in both configurations: nothing to judge\n');
    if (pairwise.errors > 0) process.stderr.write(`docs-mcp-eval: pairwise: ${pairwise.errors} case(s) not judged (a judge call failed); see the pairwise section\n`);
  }
  const markdown = renderSideBySide(runs, pairwise);
  if (v.markdown !== undefined) await writeFile(path.resolve(cwd, v.markdown), markdown);
  process.stdout.write(markdown);
  if (!v['no-html']) await writePageFile({ kind: 'compare', runs: runs.map((r) => ({ name: r.name, role: 'configuration', report: r.report })), comparison: null }, path.resolve(cwd, v.html ?? path.join('.docs-mcp-eval', 'compare.html')));
  // Exit 1 names its cause: which configuration's cases errored or did not run.
  const errored = runs.filter((r) => r.report.summary.errors + r.report.summary.notRun > 0);
  for (const r of errored) process.stderr.write(`docs-mcp-eval: ${r.name}: ${r.report.summary.errors} case(s) errored and ${r.report.summary.notRun} did not run (exit 1)\n`);
  return errored.length > 0 || (pairwise?.errors ?? 0) > 0 ? 1 : 0;
}
