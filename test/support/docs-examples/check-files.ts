/**
 * The file examples of the docs, checked by the project's own loaders: a dataset through
 * the suite loader, a docs-mcp-eval.yml as `run --config` reads and resolves it, a profile
 * through the profile loader, workflows and steps through GitHub's workflow parser (and
 * every `with:` of this Action against action.yml's inputs). Each returns the problems
 * found (empty: the example is good) and, for an invalid dataset, the error it printed.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { prepareConfig } from '../../../src/config/prepare-config.ts';
import { DatasetError, formatDatasetError, loadProfile, loadSuite } from '../../../src/suite/index.ts';
import { loadWorkflowParser, type WorkflowParser } from '../workflow-parser.ts';
import { attr, type Block } from './blocks.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ACTION_USES = /^docs-mcp-eval\/docs-mcp-eval@/;

export interface Checked {
  problems: string[];
  /** What the example printed, for an output block that shows it (`of=`). */
  output?: string;
}

const message = (err: unknown) => (err instanceof DatasetError ? formatDatasetError(err) : err instanceof Error ? err.message : String(err));

/** Writes the block where its marker says (`file=`), inside dir. */
function place(block: Block, dir: string, fallback: string): string {
  const file = path.join(dir, attr(block.marker!, 'file') ?? fallback);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, block.text);
  return file;
}

export async function checkDataset(block: Block, dir: string): Promise<Checked> {
  const file = place(block, dir, block.lang === 'json' ? 'cases.json' : 'cases.yaml');
  const invalid = attr(block.marker!, 'invalid') !== undefined;
  try {
    await loadSuite(file);
    return { problems: invalid ? ['the suite loader accepted a dataset shown as invalid'] : [] };
  } catch (err) {
    if (!invalid) return { problems: [message(err)] };
    if (!(err instanceof DatasetError)) return { problems: [`refused, but not as an invalid dataset: ${message(err)}`] };
    return { problems: [], output: formatDatasetError(err).replaceAll(`${dir}${path.sep}`, '') };
  }
}

export async function checkConfig(block: Block, dir: string): Promise<Checked> {
  const file = place(block, dir, 'docs-mcp-eval.yml');
  const names = (block.marker!.attrs['env'] ?? []).filter((n) => process.env[n] === undefined);
  for (const n of names) process.env[n] = 'placeholder';
  try {
    // A file that names no cases or server (a judging: section alone) is checked as part of one that does.
    const data = (parse(block.text) ?? {}) as { cases?: unknown; server?: unknown };
    const flags = { config: file, ...(data.cases === undefined ? { cases: 'cases.yaml' } : {}), ...(data.server === undefined ? { serverCommand: 'node server.js' } : {}) };
    await prepareConfig(flags, dir);
    return { problems: [] };
  } catch (err) {
    return { problems: [message(err)] };
  } finally {
    for (const n of names) delete process.env[n];
  }
}

export async function checkProfile(block: Block, dir: string): Promise<Checked> {
  try {
    await loadProfile(place(block, dir, 'profile.yaml'));
    return { problems: [] };
  } catch (err) {
    return { problems: [message(err)] };
  }
}

let parser: Promise<WorkflowParser> | undefined;
const inputs = Object.keys((parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown> }).inputs);

/** GitHub's parser on a workflow file, then every step using this Action against action.yml's inputs. */
export async function checkWorkflow(text: string, name: string): Promise<Checked> {
  const p = await (parser ??= loadWorkflowParser());
  const result = p.parseWorkflow({ name, content: text }, new p.NoOperationTraceWriter());
  const problems = result.context.errors.getErrors().map((e) => e.message);
  const jobs = ((parse(text) ?? {}) as { jobs?: Record<string, { steps?: { uses?: string; with?: Record<string, unknown> }[] }> }).jobs ?? {};
  for (const step of Object.values(jobs).flatMap((job) => job.steps ?? [])) {
    if (!ACTION_USES.test(step.uses ?? '')) continue;
    for (const key of Object.keys(step.with ?? {})) if (!inputs.includes(key)) problems.push(`with: ${key} is not an input of action.yml`);
  }
  return { problems };
}

/** A list of steps, checked inside a minimal workflow. */
export function checkSteps(block: Block): Promise<Checked> {
  const lines = block.text.trimEnd().split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length));
  const steps = lines.map((l) => `      ${l.slice(indent)}`).join('\n');
  return checkWorkflow(`on: push\njobs:\n  example:\n    runs-on: ubuntu-latest\n    steps:\n${steps}\n`, 'steps.yml');
}
