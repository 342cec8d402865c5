/**
 * Running dist/action.js as a GitHub runner does: a child process with the runner's
 * environment contract (GITHUB_EVENT_NAME, GITHUB_EVENT_PATH with a real-shaped payload,
 * GITHUB_REPOSITORY, GITHUB_API_URL at the loopback double, GITHUB_STEP_SUMMARY,
 * GITHUB_OUTPUT, INPUT_*), and reading back what a runner would: outputs, summary, log.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import type { GitHubDouble } from './github-double/index.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** The bundle under test; DME_ACTION points the tests at another build (e.g. to see a new test fail on main's). */
export const ACTION = process.env['DME_ACTION'] ?? path.join(ROOT, 'dist/action.js');

export interface ActionRunOptions {
  double: GitHubDouble;
  event: string;
  payload: object;
  inputs?: Record<string, string>;
  sha: string;
  ref: string;
  runId: number;
  env?: Record<string, string>;
  /** The checkout the step runs in (GITHUB_WORKSPACE and the working directory); default this repository. */
  workspace?: string;
  /** The Node that runs dist/action.js (default: the one running the tests). */
  node?: string;
  /** Another copy of dist/action.js to run (a test that lets a server rewrite the Action's files). */
  action?: string;
}

export interface ActionRun {
  code: number | null;
  log: string;
  outputs: Record<string, string>;
  summary: string;
  /** The RUNNER_TEMP the run was given. */
  runnerTemp: string;
}

/** GITHUB_OUTPUT holds `name<<DELIMITER\nvalue\nDELIMITER` blocks (@actions/core's file command format). */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<]+)<<(.+)$/.exec(lines[i] ?? '');
    if (!m) continue;
    const [, name = '', delimiter] = m;
    const value: string[] = [];
    for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i] ?? '');
    outputs[name] = value.join('\n');
  }
  return outputs;
}

/** The defaults action.yml declares, as the runner applies them (a step's `with:` overrides them). */
const ACTION_DEFAULTS: Record<string, string> = Object.fromEntries(
  Object.entries((parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, { default?: string | number | boolean }> }).inputs).map(([name, input]) => [
    name,
    input.default === undefined ? '' : String(input.default),
  ]),
);

/** The runner's defaults for inputs come from action.yml; the step's `with:` overrides them. */
function inputEnv(inputs: Record<string, string>): Record<string, string> {
  // `${{ github.token }}` is an expression the runner evaluates: a test token stands in.
  const all = { ...ACTION_DEFAULTS, 'github-token': 'ghs_test_token', ...inputs };
  return Object.fromEntries(Object.entries(all).map(([k, v]) => [`INPUT_${k.replace(/ /g, '_').toUpperCase()}`, v]));
}

export async function runAction(o: ActionRunOptions): Promise<ActionRun> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-action-'));
  const eventPath = path.join(dir, 'event.json');
  const summaryPath = path.join(dir, 'summary.md');
  const outputPath = path.join(dir, 'output.txt');
  writeFileSync(eventPath, JSON.stringify(o.payload));
  writeFileSync(summaryPath, '');
  writeFileSync(outputPath, '');
  // Before the env is built: double.env() names the run the double thinks is current.
  o.double.state.currentRunId = o.runId;
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOME: process.env['HOME'] ?? dir,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: o.event,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: `${o.double.state.owner}/${o.double.state.repo}`,
    GITHUB_REPOSITORY_OWNER: o.double.state.owner,
    GITHUB_SHA: o.sha,
    GITHUB_REF: o.ref,
    GITHUB_RUN_ID: String(o.runId),
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_WORKFLOW: 'docs-mcp-eval',
    GITHUB_JOB: 'eval',
    GITHUB_WORKSPACE: o.workspace ?? ROOT,
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_OUTPUT: outputPath,
    RUNNER_TEMP: dir,
    RUNNER_OS: 'Linux',
    ...o.double.env(),
    ...inputEnv(o.inputs ?? {}),
    ...o.env,
  };
  const child = spawn(o.node ?? process.execPath, [o.action ?? ACTION], { cwd: o.workspace ?? ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr.on('data', (c: Buffer) => (log += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, log, outputs: parseOutputFile(readFileSync(outputPath, 'utf8')), summary: readFileSync(summaryPath, 'utf8'), runnerTemp: dir };
}
