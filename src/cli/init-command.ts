/**
 * `docs-mcp-eval init --server-command "..."` (or `--url`): from zero to a first report in
 * minutes. Connects, lists the tools, guesses the search and fetch tools and where the
 * ids are from a few sample queries, then writes a starter docs-mcp-eval.yml and a
 * cases.yaml seeded with those queries and the ids the server returned, tagged
 * `unjudged` for the user to judge, and prints the next command to run.
 */
import { yamlModule } from '../shared/load-yaml.ts';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { guessIdSource, guessTools, type ToolInfo } from '../config/guess-shape.ts';
import { UsageError } from '../shared/run-errors.ts';
import { TOOL_VERSION } from '../pipeline/version.ts';
import { compileIdSource } from '../run/extract/id-source.ts';
import { startStdioSession } from '../server/stdio-session.ts';
import type { ToolCaller } from '../server/tool-caller.ts';
import { parseFlags } from './parse-flags.ts';

const OPTIONS = {
  'server-command': { type: 'string' },
  url: { type: 'string' },
  query: { type: 'string', multiple: true },
  out: { type: 'string' },
  cases: { type: 'string' },
  force: { type: 'boolean' },
} as const;

export const INIT_HELP = `Usage: docs-mcp-eval init (--server-command "<cmd>" | --url <http url>) [options]

Connects to the server, guesses its search and fetch tools and where the ranked ids are,
and writes a starter docs-mcp-eval.yml and cases.yaml to edit.

  --query <text>     a sample query (repeatable; default: three generic ones)
  --out <file>       the config to write (default docs-mcp-eval.yml)
  --cases <file>     the cases skeleton to write (default cases.yaml)
  --force            overwrite existing files
`;

const SAMPLE_QUERIES = ['getting started', 'authentication', 'error handling'];

type Session = ToolCaller & { tools: ToolInfo[]; close(): Promise<unknown> };

async function connect(command: string | undefined, url: string | undefined, cwd: string): Promise<Session> {
  const options = { clientName: 'docs-mcp-eval-init', clientVersion: TOOL_VERSION, connectTimeoutMs: 30_000, rssIntervalMs: 1_000 };
  if (url !== undefined) {
    const { startHttpSession } = await import('../server/http-session.ts');
    return startHttpSession({ url, ...(command ? { server: { command, cwd, env: {} } } : {}) }, options);
  }
  return startStdioSession({ command: command!, cwd, env: {} }, options);
}

export async function initCommand(argv: string[], cwd: string = process.cwd()): Promise<number> {
  const parsed = parseFlags(argv, OPTIONS, false);
  const v = parsed.values;
  if (v['server-command'] === undefined && v.url === undefined) throw new UsageError('init needs --server-command or --url');
  const configFile = path.resolve(cwd, v.out ?? 'docs-mcp-eval.yml');
  const casesFile = path.resolve(cwd, v.cases ?? 'cases.yaml');
  for (const f of [configFile, casesFile]) if (existsSync(f) && !v.force) throw new UsageError(`${f} exists (use --force to overwrite)`);

  const session = await connect(v['server-command'], v.url, cwd);
  try {
    const guessed = guessTools(session.tools);
    if (!guessed.search) throw new UsageError(`no search tool found among: ${session.tools.map((t) => t.name).join(', ') || 'none'}`);
    const { tool, queryArg, limitArg, cursorArg } = guessed.search;
    const queries = v.query ?? SAMPLE_QUERIES;
    const samples: { query: string; ids: string[] }[] = [];
    let ids = undefined as ReturnType<typeof guessIdSource>;
    for (const query of queries) {
      const outcome = await session.callTool(tool, { [queryArg]: query, ...(limitArg ? { [limitArg]: 5 } : {}) }, 30_000);
      if (!outcome.ok || outcome.result.isError === true) continue;
      ids ??= guessIdSource(outcome.result);
      const found = ids ? compileIdSource(ids).extract(outcome.result).ids : [];
      samples.push({ query, ids: found.slice(0, 5) });
    }
    const config = {
      cases: path.relative(path.dirname(configFile), casesFile),
      server: v.url !== undefined ? { ...(v['server-command'] ? { command: v['server-command'] } : {}), url: v.url } : { command: v['server-command'] },
      search: {
        tool,
        arguments: { [queryArg]: '{query}', ...(limitArg ? { [limitArg]: '{limit}' } : {}), ...(cursorArg ? { [cursorArg]: '{cursor}' } : {}) },
        filters: 'template',
        ...(ids ? { ids } : {}),
      },
      fetch: guessed.fetch ? { tool: guessed.fetch.tool, arguments: { [guessed.fetch.idArg]: '{id}' } } : null,
    };
    const cases = {
      name: 'starter cases',
      cases: samples.map((s, i) => ({
        id: `sample-${i + 1}`,
        query: s.query,
        category: 'starter',
        tags: ['unjudged'],
        // The server's own top hits, so the file runs; replace them with the ids a person judges relevant.
        relevant: (s.ids.length > 0 ? s.ids.slice(0, 1) : ['REPLACE-with-a-relevant-id']).map((id) => ({ id, grade: 1 })),
      })),
    };
    const header = '# Written by docs-mcp-eval init: check the guesses below.\n# yaml-language-server: $schema=https://unpkg.com/docs-mcp-eval/datasets/config.schema.json\n';
    // yaml is loaded here, not at every CLI start.
    const { stringify } = yamlModule();
    await writeFile(configFile, header + stringify(config));
    await writeFile(casesFile, '# Starter cases: the relevant ids are what the server returned, NOT judgments. Judge them.\n' + stringify(cases));
    process.stdout.write(
      [
        `search tool: ${tool} (query argument "${queryArg}")`,
        `fetch tool: ${guessed.fetch ? `${guessed.fetch.tool} (id argument "${guessed.fetch.idArg}")` : 'none found'}`,
        `ids: ${ids ? JSON.stringify(ids) : 'not found in the sample results: set search.ids by hand'}`,
        `wrote ${path.relative(cwd, configFile)} and ${path.relative(cwd, casesFile)} (${samples.length} starter cases)`,
        '',
        'Next: judge the starter cases, then run',
        `  npx docs-mcp-eval run --config ${path.relative(cwd, configFile)}`,
        '',
      ].join('\n'),
    );
    return 0;
  } finally {
    await session.close();
  }
}
