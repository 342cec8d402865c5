/**
 * Runs a shell, module or dataset example as a user would: bash (node for a module, the CLI for a dataset) in its own
 * copy of a scratch folder, with the folder's node_modules/.bin and this Node first on
 * PATH (as npm scripts have it), npm kept offline (the docs-mcp-eval it finds is the one
 * installed in the folder), and a generous bound far from any hang. The process group is
 * ended when the run is over, so nothing outlives it.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { attr, type Block } from './blocks.ts';
import type { Checked } from './check-files.ts';

const BOUND_MS = 180_000;

export interface Ran {
  code: number | null;
  output: string;
}

export function runIn(dir: string, command: string[], env: Record<string, string> = {}): Promise<Ran> {
  const child = spawn(command[0]!, command.slice(1), {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PATH: [path.join(dir, 'node_modules/.bin'), path.dirname(process.execPath), process.env['PATH'] ?? ''].join(path.delimiter),
      npm_config_offline: 'true',
      npm_config_update_notifier: 'false',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      CI: 'true',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const bound = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), BOUND_MS);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearTimeout(bound);
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // the group is gone already
      }
      resolve({ code, output });
    });
  });
}

/** The OpenAI API as the docs write it, which a `needs=llm` example is pointed away from. */
const OPENAI = 'https://api.openai.com/v1';

/**
 * Runs the block and checks its exit code and expected lines. A dataset with `run=` runs
 * with `docs-mcp-eval run --no-baseline` against that server; with `needs=llm` its judges'
 * `https://api.openai.com/v1` becomes the loopback double's address and OPENAI_API_KEY its key.
 */
export async function runBlock(block: Block, dir: string, llm?: { baseUrl: string; apiKey: string }): Promise<Checked> {
  const marker = block.marker!;
  let ran: Ran;
  if (marker.kind === 'module') {
    writeFileSync(path.join(dir, 'example.mjs'), block.text);
    ran = await runIn(dir, [process.execPath, 'example.mjs']);
  } else if (marker.kind === 'dataset') {
    const needsLlm = attr(marker, 'needs') === 'llm';
    if (needsLlm && !llm) throw new Error('needs=llm without the OpenAI double');
    writeFileSync(path.join(dir, 'example-cases.yaml'), needsLlm ? block.text.replaceAll(OPENAI, llm!.baseUrl) : block.text);
    const command = ['docs-mcp-eval', 'run', '--cases', 'example-cases.yaml', '--server-command', attr(marker, 'run')!, '--no-baseline'];
    ran = await runIn(dir, command, needsLlm ? { OPENAI_API_KEY: llm!.apiKey } : {});
  } else {
    ran = await runIn(dir, ['bash', '-e', '-o', 'pipefail', '-c', block.text]);
  }
  const exit = Number(attr(marker, 'exit') ?? '0');
  const problems: string[] = [];
  if (ran.code !== exit) problems.push(`exited ${String(ran.code)}, the docs say ${exit}`);
  for (const expected of marker.attrs['expect'] ?? []) if (!ran.output.includes(expected)) problems.push(`the output lacks "${expected}"`);
  if (problems.length > 0) problems.push(`output (last 40 lines):\n${ran.output.trimEnd().split('\n').slice(-40).join('\n')}`);
  return { problems, output: ran.output };
}
