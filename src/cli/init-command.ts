/**
 * `docs-mcp-eval init --server-command "..."` (or `--server-url`): from zero to a first
 * report in minutes, and never a dead end. Connects, lists the tools, finds the search
 * tool and where it takes its query (any shape: a string, an array of keywords, a field
 * of a nested object; config/query-slot.ts), calls it with the sample queries, and works
 * out where the ranked ids are: learned from one id the user knows is in the answer
 * (`--expect`, config/learn-ids.ts) or guessed, printing the top ids the guess extracts
 * so a wrong guess shows at once. Writes docs-mcp-eval.yml and cases.yaml; when it cannot
 * work something out it still writes a commented skeleton, exits 1 and names the next step.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { guessIdSource, guessTools } from '../config/guess-shape.ts';
import { learnIdSource, type LearnedIds } from '../config/learn-ids.ts';
import { compileIdSource, type CallToolResultLike, type IdSource } from '../run/extract/id-source.ts';
import { fillArguments } from '../run/search-spec.ts';
import { inert } from '../shared/control-chars.ts';
import { UsageError } from '../shared/run-errors.ts';
import { connectServer } from './connect-server.ts';
import { writeStarterFiles, type SampleCase, type StarterConfig } from './init-files.ts';
import { jsonObjectFlag, parseFlags } from './parse-flags.ts';

export const INIT_OPTIONS = {
  'server-command': { type: 'string' },
  'server-url': { type: 'string' },
  url: { type: 'string' },
  query: { type: 'string', multiple: true },
  expect: { type: 'string' },
  'search-tool': { type: 'string' },
  'search-args': { type: 'string' },
  out: { type: 'string' },
  cases: { type: 'string' },
  force: { type: 'boolean' },
} as const;

export const INIT_HELP = `Usage: docs-mcp-eval init (--server-command "<cmd>" | --server-url <url>) [options]

Connects to the server, finds its search tool and where it takes the query, works out
where the ranked ids are in its answers, and writes a starter docs-mcp-eval.yml and
cases.yaml. When it cannot work something out it writes a commented skeleton with a TODO
and the server's tools, and exits 1.

  --server-command <cmd>   start the server over stdio (with --server-url: start it, then reach it over HTTP)
  --server-url <url>       a Streamable HTTP endpoint (alias --url)
  --query <text>           a sample query (repeatable; default: three generic ones)
  --expect <id>            an id you know the first query's answer holds: init learns the JSON
                           path or the pattern around it, checks that it ranks the id, and
                           writes it (and seeds that case with it as judged relevant)
  --search-tool <name>     the search tool (default: guessed from the names and schemas)
  --search-args <json>     its arguments, with {query}, {words}, {limit} anywhere inside
                           (default: guessed from its input schema)
  --out <file>             the config to write (default docs-mcp-eval.yml)
  --cases <file>           the cases to write (default cases.yaml)
  --force                  overwrite existing files

Exit codes: 0 written, 1 the server could not start, or a skeleton was written (the next step
is printed), 2 bad usage.
`;

const SAMPLE_QUERIES = ['getting started', 'authentication', 'error handling'];

interface Sample {
  query: string;
  result: CallToolResultLike | undefined;
  failure?: string;
}


const topIds = (result: CallToolResultLike | undefined, source: IdSource, normalize?: LearnedIds['normalize']): string[] =>
  result ? compileIdSource(source).extract(result, normalize).ids.slice(0, 5) : [];

export async function initCommand(argv: string[], cwd: string = process.cwd()): Promise<number> {
  const v = parseFlags(argv, INIT_OPTIONS, false).values;
  const url = v['server-url'] ?? v.url;
  if (v['server-command'] === undefined && url === undefined) throw new UsageError('init needs --server-command or --server-url');
  const template = jsonObjectFlag(v['search-args'], '--search-args', '{"searches": [{"type": "lex", "query": "{query}"}]}');
  const configFile = path.resolve(cwd, v.out ?? 'docs-mcp-eval.yml');
  const casesFile = path.resolve(cwd, v.cases ?? 'cases.yaml');
  for (const f of [configFile, casesFile]) if (existsSync(f) && !v.force) throw new UsageError(`${f} exists (use --force to overwrite)`);
  const queries = v.query ?? SAMPLE_QUERIES;
  const serverFlag = v['server-command'] !== undefined ? `--server-command ${JSON.stringify(v['server-command'])}${url ? ` --server-url ${url}` : ''}` : `--server-url ${url}`;

  const session = await connectServer({ command: v['server-command'], url, cwd }, 'docs-mcp-eval-init', 30_000);
  const lines: string[] = [];
  let missing: string | undefined;
  try {
    const guessed = guessTools(session.tools, v['search-tool']);
    const names = session.tools.map((t) => t.name).join(', ') || 'none';
    const tool = v['search-tool'] ?? guessed.search?.tool;
    if (v['search-tool'] !== undefined && !session.tools.some((t) => t.name === v['search-tool'])) missing = `the server has no tool "${v['search-tool']}" (it has: ${names})`;
    const args = template ?? guessed.search?.arguments;
    if (!missing && tool === undefined) missing = `no tool takes a query (a string or an array of strings) among: ${names}; name the search tool (--search-tool) and its arguments (--search-args)`;
    else if (!missing && args === undefined) missing = `cannot tell where ${tool} takes its query: give its arguments with --search-args '{"<name>": "{query}"}'`;
    if (tool && args) lines.push(`search tool: ${tool} (${template ? 'arguments from --search-args' : `query: ${guessed.search!.where}`})`);

    // One call per sample query, with the arguments the config will hold.
    const samples: Sample[] = [];
    if (!missing) {
      for (const query of queries) {
        const outcome = await session.callTool(tool!, fillArguments(args!, { query, words: query.split(/\s+/).filter(Boolean), limit: 5 }), 30_000);
        if (!outcome.ok) samples.push({ query, result: undefined, failure: `${outcome.kind}: ${outcome.message}` });
        else if (outcome.result.isError === true) samples.push({ query, result: undefined, failure: `the tool answered with an error: ${JSON.stringify(outcome.result.content).slice(0, 200)}` });
        else samples.push({ query, result: outcome.result });
      }
      const answered = samples.filter((s) => s.result);
      if (answered.length === 0) missing = `${tool} answered no sample query (${samples[0]?.failure ?? 'no query'}): check its arguments (--search-args)`;
    }

    // Where the ids are: learned from the known id, else guessed from the first answer.
    let learned: LearnedIds | undefined;
    let ids: IdSource | undefined;
    const first = samples.find((s) => s.result);
    if (!missing && v.expect !== undefined) {
      const got = learnIdSource(first!.result!, v.expect);
      if ('problem' in got) missing = `${got.problem} (query "${first!.query}")`;
      else {
        learned = got;
        ids = got.source;
        lines.push(`ids: ${got.where}; "${v.expect}" ranks #${got.rank} of ${got.ids.length}${got.normalize ? `; normalize ${JSON.stringify(got.normalize)}` : ''}`);
      }
    } else if (!missing) {
      ids = guessIdSource(first!.result!);
      if (ids === undefined) missing = `no guess fits where the ids are in ${tool}'s answer: say one id in it (--expect <id>), or set search.ids`;
      else lines.push(`ids (a guess: check it): ${JSON.stringify(ids)}`);
    }
    for (const s of samples) {
      if (!s.result) lines.push(`  "${s.query}": no answer (${s.failure})`);
      else if (ids) lines.push(`  "${s.query}": top ids ${JSON.stringify(topIds(s.result, ids, learned?.normalize))}`);
    }

    const fetchArg = guessed.fetch ? `${learned?.around?.before ?? ''}{id}${learned?.around?.after ?? ''}` : undefined;
    lines.push(`fetch tool: ${guessed.fetch ? `${guessed.fetch.tool} (${guessed.fetch.idArg}: "${fetchArg}")` : 'none found (fetch: null)'}`);
    const starter: StarterConfig = {
      configFile,
      casesFile,
      server: { command: v['server-command'], url },
      search: { tool, arguments: args, ids, normalize: learned?.normalize },
      fetch: guessed.fetch ? { tool: guessed.fetch.tool, arguments: { [guessed.fetch.idArg]: fetchArg } } : null,
      ...(missing !== undefined ? { missing } : {}),
      tools: session.tools,
      serverFlag,
    };
    const cases: SampleCase[] = (samples.length > 0 ? samples : queries.map((query) => ({ query, result: undefined }))).map((s) => {
      const known = v.expect !== undefined && s === first && learned !== undefined;
      return { query: s.query, relevant: known ? [v.expect!] : ids && s.result ? topIds(s.result, ids, learned?.normalize).slice(0, 1) : [], judged: known };
    });
    await writeStarterFiles(starter, cases);
    lines.push(`wrote ${path.relative(cwd, configFile)} and ${path.relative(cwd, casesFile)} (${cases.length} starter case(s))`, '');
    if (missing === undefined) {
      lines.push('Next: judge the starter cases tagged unjudged, then run', `  docs-mcp-eval run --config ${path.relative(cwd, configFile)}`, '');
      return 0;
    }
    lines.push(`Not finished: ${missing}`, `Next: see what the server returns (docs-mcp-eval inspect ${serverFlag} --query "…"), fill in the TODOs of ${path.relative(cwd, configFile)}; docs/servers.md says how.`, '');
    return 1;
  } finally {
    await session.close();
    if (lines.length > 0) process.stdout.write(inert(lines.join('\n')));
    if (missing !== undefined) process.stderr.write(`docs-mcp-eval: init wrote a skeleton: ${inert(missing, { oneLine: true })}\n`);
  }
}
