/**
 * @actions/workflow-parser imports its JSON schemas without import attributes, which
 * bundlers accept and Node's ESM loader refuses. Bundle it once with esbuild into a
 * temp module and load that: the parser's code is unchanged.
 */
import { build } from 'esbuild';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface ParseResult {
  value: unknown;
  context: { errors: { getErrors(): { message: string }[] } };
}

export interface WorkflowParser {
  parseWorkflow(file: { name: string; content: string }, trace: unknown): ParseResult;
  parseAction(file: { name: string; content: string }, trace: unknown): ParseResult;
  NoOperationTraceWriter: new () => unknown;
}

export async function loadWorkflowParser(): Promise<WorkflowParser> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-wfparser-'));
  const outfile = path.join(dir, 'parser.mjs');
  await build({
    stdin: {
      contents: [
        "export { parseWorkflow, NoOperationTraceWriter } from '@actions/workflow-parser';",
        "export { parseAction } from '@actions/workflow-parser/actions/action-parser';",
      ].join('\n'),
      resolveDir: path.resolve(import.meta.dirname, '../..'),
      loader: 'js',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'warning',
    // Its CommonJS dependencies (yaml) call require(): give the ESM bundle a real one.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  return (await import(pathToFileURL(outfile).href)) as WorkflowParser;
}
