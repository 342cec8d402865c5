/**
 * `docs-mcp-eval inspect`: what a server offers and what one call returns, before a
 * config is written and whenever ids are not found. Lists the tools with their input
 * schemas and descriptions and how many resources and prompts the server has; with
 * `--query` (the search tool of the config, or `--search-tool`, or the guessed one) or
 * `--tool NAME --args JSON`, makes one call and prints the raw result and the ranked ids
 * the config's (or the guessed) id source extracts, with where each came from.
 */
import path from 'node:path';
import { guessIdSource, guessTools, type ToolInfo } from '../config/guess-shape.ts';
import type { ServerShape } from '../run/search-spec.ts';
import { fillArguments } from '../run/search-spec.ts';
import { inert } from '../shared/control-chars.ts';
import { UsageError } from '../shared/run-errors.ts';
import { connectServer, signature, typeName, type ServerTarget } from './connect-server.ts';
import { jsonObjectFlag, parseFlags } from './parse-flags.ts';
import { extractionLines, rawResultLines } from './show-result.ts';
import { loadConfigFileParser, loadPrepareConfig } from './lazy.ts';

export const INSPECT_OPTIONS = {
  'server-command': { type: 'string' },
  'server-url': { type: 'string' },
  url: { type: 'string' },
  config: { type: 'string' },
  cwd: { type: 'string' },
  query: { type: 'string' },
  'search-tool': { type: 'string' },
  tool: { type: 'string' },
  args: { type: 'string' },
  timeout: { type: 'string' },
  full: { type: 'boolean' },
} as const;

export const INSPECT_HELP = `Usage: docs-mcp-eval inspect (--server-command "<cmd>" | --server-url <url> | --config <file>) [options]

Lists the server's tools (input schemas, descriptions) and how many resources and prompts
it has. With --query or --tool, calls one tool and prints the raw result and the ranked ids
that would be extracted from it, and from where.

  --server-command <cmd>   start the server over stdio (with --server-url: start it, then reach it over HTTP)
  --server-url <url>       a Streamable HTTP endpoint (alias --url)
  --config <file>          docs-mcp-eval.yml: its server, search tool, arguments and id source
  --cwd <dir>              working directory of the server (default: the config file's folder, else .)
  --query <text>           call the search tool with this query ({query} and {words} filled)
  --search-tool <name>     the search tool to call (default: the config's, else the guessed one)
  --tool <name>            call this tool instead, with --args '<json>' ({query} filled from --query)
  --args <json>            the arguments of --tool, or of the search tool
  --timeout <ms>           connect and call timeout (default 30000)
  --full                   print long texts whole (default: the first 4,000 characters of each)

Exit codes: 0 shown, 1 the server could not start or the call failed, 2 bad usage.
`;

interface Plan {
  target: ServerTarget;
  shape: ServerShape | undefined;
  shown: string;
}

async function plan(v: ReturnType<typeof parseFlags<typeof INSPECT_OPTIONS>>['values'], cwd: string): Promise<Plan> {
  const url = v['server-url'] ?? v.url;
  if (v.config === undefined) {
    if (v['server-command'] === undefined && url === undefined) throw new UsageError('inspect needs --server-command, --server-url or --config');
    return { target: { command: v['server-command'], url, cwd: path.resolve(cwd, v.cwd ?? '.') }, shape: undefined, shown: v['server-command'] ?? url! };
  }
  // The config as a run reads it (its profile, search and fetch sections, its server in its folder), flags over it.
  const { prepareConfig } = await loadPrepareConfig();
  const { loadConfigFile } = await loadConfigFileParser();
  const file = path.resolve(cwd, v.config);
  const fromFile = await loadConfigFile(file);
  const config = await prepareConfig(
    {
      config: file,
      ...(fromFile.cases === undefined ? { cases: path.dirname(file) } : {}),
      ...(v['server-command'] !== undefined ? { serverCommand: v['server-command'] } : {}),
      ...(url !== undefined ? { serverUrl: url } : {}),
      ...(v.cwd !== undefined ? { serverCwd: path.resolve(cwd, v.cwd) } : {}),
    },
    cwd,
  );
  const server = config.server;
  return {
    target: { command: server.command || undefined, url: server.url, cwd: server.cwd, env: server.env, ...(server.headers ? { headers: server.headers } : {}) },
    shape: config.shape,
    shown: server.url ?? server.command,
  };
}

function toolLines(tool: ToolInfo): string[] {
  const lines = [signature(tool)];
  if (tool.description) lines.push(`  ${inert(tool.description.trim().replace(/\s+/g, ' ').slice(0, 300), { oneLine: true })}`);
  const props = tool.inputSchema?.properties ?? {};
  for (const [name, schema] of Object.entries(props)) {
    const s = (typeof schema === 'object' && schema !== null ? schema : {}) as { description?: unknown; default?: unknown };
    const extra = [typeof s.description === 'string' ? inert(s.description.replace(/\s+/g, ' ').slice(0, 160), { oneLine: true }) : '', s.default !== undefined ? `default ${JSON.stringify(s.default)}` : ''].filter(Boolean).join('; ');
    lines.push(`    ${name}: ${typeName(schema)}${(tool.inputSchema?.required ?? []).includes(name) ? ' (required)' : ''}${extra ? ` — ${extra}` : ''}`);
  }
  return lines;
}


export async function inspectCommand(argv: string[], cwd: string = process.cwd()): Promise<number> {
  const v = parseFlags(argv, INSPECT_OPTIONS, false).values;
  const timeoutMs = v.timeout !== undefined ? Number(v.timeout) : 30_000;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new UsageError(`--timeout must be a number of ms, got ${v.timeout}`);
  if (v.args !== undefined && v.tool === undefined && v.query === undefined) throw new UsageError('--args goes with --tool or --query');
  const argsGiven = jsonObjectFlag(v.args, '--args', '{"query": "{query}", "limit": 5}');
  const { target, shape, shown } = await plan(v, cwd);
  const out: string[] = [];
  const session = await connectServer(target, 'docs-mcp-eval-inspect', timeoutMs);
  try {
    const catalog = await session.catalog(timeoutMs);
    const count = (n: number | null, what: string) => `${what}: ${n === null ? 'not offered' : n}`;
    out.push(`server: ${inert(shown, { oneLine: true })}${catalog.name ? ` (${inert(`${catalog.name} ${catalog.version ?? ''}`.trim(), { oneLine: true })})` : ''}`);
    out.push(`tools: ${session.tools.length} · ${count(catalog.resources, 'resources')} · ${count(catalog.prompts, 'prompts')}`, '');
    for (const tool of session.tools) out.push(...toolLines(tool), '');
    if (v.query === undefined && v.tool === undefined) {
      out.push('Next: call one tool and see its raw result and the ids in it:', `  docs-mcp-eval inspect ${v.config ? `--config ${v.config}` : `--server-command ${JSON.stringify(shown)}`} --query "a question your docs answer"`);
      return 0;
    }
    const guessed = guessTools(session.tools, v['search-tool'] ?? shape?.search.tool);
    const tool = v.tool ?? v['search-tool'] ?? shape?.search.tool ?? guessed.search?.tool;
    if (tool === undefined) throw new UsageError(`no search tool found among ${session.tools.map((t) => t.name).join(', ') || 'no tools'}: name one with --tool NAME --args '<json>'`);
    if (!session.tools.some((t) => t.name === tool)) throw new UsageError(`the server has no tool "${tool}" (it has ${session.tools.map((t) => t.name).join(', ')})`);
    const template = argsGiven ?? (shape && shape.search.tool === tool ? shape.search.arguments : guessed.search?.tool === tool ? guessed.search.arguments : undefined);
    if (template === undefined) throw new UsageError(`say how to call ${tool}: --args '<json>' ({query} is filled from --query)`);
    const query = v.query ?? '';
    const args = fillArguments(template, { query, words: query.split(/\s+/).filter(Boolean), limit: 5 });
    out.push(`call: ${tool} ${inert(JSON.stringify(args), { oneLine: true })}`);
    const outcome = await session.callTool(tool, args, timeoutMs);
    if (!outcome.ok) {
      process.stderr.write(`docs-mcp-eval: the call failed (${outcome.kind}): ${inert(outcome.message, { oneLine: true })}\n`);
      return 1;
    }
    out.push(`answered in ${outcome.ms.toFixed(1)} ms`, ...rawResultLines(outcome.result, v.full === true), '');
    // The config's id source when it describes this tool, else a guess from this result.
    const configured = shape && shape.search.tool === tool;
    const source = configured ? shape.search.ids : guessIdSource(outcome.result);
    const label = configured ? (v.config ? 'from the config' : 'from the profile') : source ? 'guessed' : 'no guess fits';
    if (!configured && source === undefined) out.push('ids: no guess fits this result; set search.ids (docs/servers.md, "Where the ids are"), or let init learn it: init --query "…" --expect <an id in this result>');
    else out.push(...extractionLines(outcome.result, source, configured ? shape.search.normalize : undefined, label).lines);
    return 0;
  } finally {
    await session.close();
    if (out.length > 0) process.stdout.write(`${out.join('\n')}\n`);
  }
}
