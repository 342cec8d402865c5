#!/usr/bin/env node
/**
 * The CLI entry point: flags in, evaluation, markdown (or JSON) out, exit code.
 * Everything it does is the library's; this file only wires and reports.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { evaluate, TOOL_VERSION } from '../pipeline/evaluate.ts';
import { healthWarnings, runVerdict } from '../pipeline/run-verdict.ts';
import { inert } from '../shared/control-chars.ts';
import { describeUnjudgedGate } from '../compare/judge-gates.ts';
import { capYoungGenerationFor } from '../pipeline/young-generation.ts';
import { BuildFailedError, StartFailedError, UsageError } from '../shared/run-errors.ts';
import { exitWhenDrained } from '../shared/exit.ts';
import { renderEvaluation } from '../publish/markdown/render-evaluation.ts';
import { markdownToPlainText } from '../publish/markdown/plain-text.ts';
import { writeOutputs, writeTrecFiles } from '../publish/write-outputs.ts';
import { ReportReadError } from '../report/read-report.ts';
import type { Report } from '../model/report.ts';
import { DatasetError, formatDatasetError } from '../suite/index.ts';
import { interruptExitCode } from '../server/cleanup.ts';
import { ServerStartError } from '../server/stdio-session.ts';
import { parseRunArgs } from './args.ts';
import { compareCommand, COMPARE_HELP } from './compare-command.ts';
import { convertCommand, CONVERT_HELP } from './convert-command.ts';
import { initCommand, INIT_HELP } from './init-command.ts';
import { inspectCommand, INSPECT_HELP } from './inspect-command.ts';
import { mergeCommand, MERGE_HELP } from './merge-command.ts';
import { HELP } from './help.ts';
import { createProgress } from './progress.ts';
import { writeEvaluationPage } from './page-step.ts';
import { viewCommand, VIEW_HELP } from './view-command.ts';
import { loadRelayServer } from './lazy.ts';

async function run(argv: string[]): Promise<number> {
  const flags = await parseRunArgs(argv);
  if (flags.help) {
    process.stdout.write(HELP);
    return 0;
  }
  capYoungGenerationFor(flags.config.cases, (message) => process.stderr.write(`docs-mcp-eval: ${message}\n`));
  const progress = createProgress(process.stderr, flags.verbose);
  const evaluation = await evaluate(flags.config, {
    onPhase: (phase, detail) => progress.phase(phase, detail),
    onProgress: (event) => progress.update(event),
    judgingLog: { redraw: process.stderr.isTTY === true, write: (text) => process.stderr.write(text) },
  });
  progress.done();
  if (flags.verbose) printAnswerOutcomes(evaluation.report);
  const markdown = renderEvaluation(evaluation);
  const written = await writeOutputs(evaluation.report, markdown, flags.config.output);
  if (written.rescued !== undefined) process.stderr.write(`docs-mcp-eval: could not write the report where asked (${written.rescued}); it is saved in ${path.dirname(written.json)}\n`);
  // Same-job A/B: the base arm's report too, beside the head's (r.json -> r.base.json).
  if (evaluation.baseReport) await writeFile(baseReportPath(flags.config.output.json), `${JSON.stringify(evaluation.baseReport, null, 2)}\n`);
  if (flags.config.trecOut) {
    const trec = await writeTrecFiles(evaluation.report, flags.config.trecOut);
    process.stderr.write(`docs-mcp-eval: TREC qrels and run written to ${trec.qrels} and ${trec.run}\n`);
  }
  // A terminal gets plain text (no markdown escapes, a legend); a pipe or file the markdown.
  const asText = flags.format === 'text' || (flags.format === undefined && process.stdout.isTTY === true);
  process.stdout.write(flags.json ? `${JSON.stringify(evaluation.report, null, 2)}\n` : asText ? markdownToPlainText(markdown) : markdown);
  process.stderr.write(`docs-mcp-eval: report written to ${written.json} and ${written.markdown}\n`);
  const { html } = flags.config.output;
  if (html !== null) await writeEvaluationPage(evaluation, html, { kind: 'run', history: flags.config.history, historyMinRuns: flags.config.historyMinRuns });
  for (const warning of healthWarnings(evaluation.report)) say(`warning: ${warning}`);
  for (const u of evaluation.gates?.unjudged ?? []) say(`fail-on ${describeUnjudgedGate(u)}`);
  const verdict = runVerdict(evaluation);
  for (const line of verdict.lines) say(line);
  return verdict.code;
}

/** A line on stderr, made inert: it may quote a server, a dataset or a judge. */
function say(line: string): void {
  process.stderr.write(`docs-mcp-eval: ${inert(line, { oneLine: true })}\n`);
}

function baseReportPath(json: string): string {
  return json.endsWith('.json') ? `${json.slice(0, -'.json'.length)}.base.json` : `${json}.base.json`;
}

/**
 * --verbose: what happened to each answer case that did not simply pass (seed 000's CLI
 * lists failed validations): its failed validations, the criteria left not judged and
 * why, or the error that kept it from answering.
 */
function printAnswerOutcomes(report: Report): void {
  const line = (text: string) => process.stderr.write(`${inert(text, { oneLine: true })}\n`);
  for (const c of report.cases) {
    if (c.kind !== 'answer') continue;
    const failed = c.answer?.validations.filter((x) => !x.passed) ?? [];
    const unjudged = c.answer?.unjudged ?? [];
    if (c.answer && failed.length === 0 && unjudged.length === 0) continue;
    process.stderr.write(`✗ ${inert(`${c.id}: ${c.name}`, { oneLine: true })}\n`);
    if (!c.answer) line(`    ${c.status === 'not_run' ? 'not run' : 'error'}${c.error ? ` (${c.error.kind}): ${c.error.message}` : ''}`);
    for (const v of failed) line(`    - ${v.message}`);
    for (const u of unjudged) line(`    not judged: ${u.criterion}${u.evaluator ? ` (${u.evaluator})` : ''}: ${u.reason}`);
  }
}

function explain(err: unknown): number {
  if (err instanceof DatasetError) {
    process.stderr.write(`${formatDatasetError(err)}\n`);
    return 2;
  }
  if (err instanceof UsageError) {
    process.stderr.write(`docs-mcp-eval: ${err.message}\nRun \`docs-mcp-eval --help\` for usage.\n`);
    return 2;
  }
  if (err instanceof BuildFailedError || err instanceof ServerStartError || err instanceof StartFailedError) {
    process.stderr.write(`docs-mcp-eval: ${inert(err.message)}\n${err.stderrTail ? `--- stderr tail ---\n${inert(err.stderrTail)}\n` : ''}`);
    return 1;
  }
  if (err instanceof ReportReadError) {
    process.stderr.write(`docs-mcp-eval: cannot read the baseline: ${err.message}\n`);
    return 2;
  }
  process.stderr.write(`docs-mcp-eval: unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  return 1;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === '--version' || command === '-v') {
      process.stdout.write(`${TOOL_VERSION}\n`);
      return 0;
    }
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      process.stdout.write(HELP);
      return 0;
    }
    if (command === 'run') return await run(rest);
    if (command === 'init') {
      if (rest.includes('--help') || rest.includes('-h')) {
        process.stdout.write(INIT_HELP);
        return 0;
      }
      return await initCommand(rest);
    }
    if (command === 'inspect') {
      if (rest.includes('--help') || rest.includes('-h')) {
        process.stdout.write(INSPECT_HELP);
        return 0;
      }
      return await inspectCommand(rest);
    }
    if (command === 'merge') {
      if (rest.includes('--help') || rest.includes('-h')) {
        process.stdout.write(MERGE_HELP);
        return 0;
      }
      return await mergeCommand(rest);
    }
    if (command === 'convert') {
      if (rest.includes('--help') || rest.includes('-h')) {
        process.stdout.write(CONVERT_HELP);
        return 0;
      }
      return await convertCommand(rest);
    }
    if (command === 'view') {
      if (rest.includes('--help') || rest.includes('-h')) {
        process.stdout.write(VIEW_HELP);
        return 0;
      }
      return await viewCommand(rest);
    }
    if (command === 'relay') {
      // Internal: an agent CLI starts it from the MCP config a task run gives it (src/agent/relay).
      if (rest[0] === undefined) throw new UsageError('relay needs the socket a task run gave it');
      await (await loadRelayServer()).runRelay(rest[0], TOOL_VERSION);
      return 0;
    }
    if (command === 'compare') {
      if (rest.includes('--help') || rest.includes('-h')) {
        process.stdout.write(COMPARE_HELP);
        return 0;
      }
      return await compareCommand(rest);
    }
    throw new UsageError(`unknown command "${command}"`);
  } catch (err) {
    return explain(err);
  }
}

// exit() rather than exitCode alone: a server that ignored every signal must not keep us
// alive (every tree we started is ended by now), but only once stdout and stderr drained:
// a report piped into a slow reader must arrive whole. An interrupted run can still finish
// (its server is gone) before the cleanup does: the signal's code wins.
const code = await main(process.argv.slice(2));
await exitWhenDrained(interruptExitCode() ?? code);
