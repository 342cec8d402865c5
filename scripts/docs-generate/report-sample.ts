/**
 * docs/report.md's sample: the markdown `run` prints for the sample run (its head, then
 * the whole comparison) and the exit code with its reasons, rendered by the project's own
 * renderer and run verdict from the recorded report.
 */
import { renderEvaluation } from '../../src/publish/markdown/render-evaluation.ts';
import { renderReport } from '../../src/publish/markdown/render-report.ts';
import { runVerdict } from '../../src/pipeline/run-verdict.ts';
import type { Evaluation } from '../../src/model/comparison.ts';

/** Sections of the report shown in full; the others are named. */
const SHOWN = new Set(['Latency']);

interface Section {
  title: string | null;
  text: string;
}

/** The report's markdown cut at its `### ` headings and top-level `<details>` blocks. */
function sections(markdown: string): Section[] {
  const out: Section[] = [];
  for (const line of markdown.split('\n')) {
    const title = /^### (.+)$/.exec(line)?.[1] ?? /^<details><summary>(.+)<\/summary>$/.exec(line)?.[1];
    if (title !== undefined || out.length === 0) out.push({ title: title ?? null, text: '' });
    out.at(-1)!.text += `${line}\n`;
  }
  return out;
}

const fence = (name: string, text: string) => `<!-- example: output generated=${name} -->\n\`\`\`\n${text.trimEnd()}\n\`\`\``;

export function reportSample(evaluation: Evaluation): string {
  if (!evaluation.comparison) throw new Error('the report sample needs a comparison');
  // What `run` prints: the report, then (renderEvaluation) the comparison and what follows it.
  const report = renderReport(evaluation.report);
  const after = renderEvaluation(evaluation).slice(report.length + 1);
  const parts = sections(report);
  const head = parts.filter((s) => s.title === null || SHOWN.has(s.title)).map((s) => s.text).join('');
  const named = parts.filter((s) => s.title !== null && !SHOWN.has(s.title)).map((s) => s.title!.replace(/ \(\d+\)$/, ''));
  const verdict = runVerdict(evaluation);
  return [
    fence('report-sample', head),
    '',
    `followed by ${named.map((n) => `*${n}*`).join(', ')}. Then the comparison with the baseline:`,
    '',
    fence('report-sample', after),
    '',
    `The run exits **${verdict.code}**${verdict.lines.length > 0 ? ', saying why on stderr:' : '.'}`,
    ...(verdict.lines.length > 0 ? ['', fence('report-sample', verdict.lines.map((l) => `docs-mcp-eval: ${l}`).join('\n'))] : []),
  ].join('\n');
}
