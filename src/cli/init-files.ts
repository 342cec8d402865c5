/**
 * What `init` writes: a starter docs-mcp-eval.yml (with the schema hint for editors, as
 * a path inside node_modules: nothing to fetch from a CDN) and a cases.yaml seeded with the
 * sample queries. When init could not work something out, the config is a commented
 * skeleton: what is known filled in, a TODO where it is not, the server's tools listed,
 * and the next step (inspect, the docs page) in the file itself.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ToolInfo } from '../config/guess-shape.ts';
import type { IdSource, Normalize } from '../run/extract/id-source.ts';
import { yamlModule } from '../shared/load-yaml.ts';
import { signature } from './connect-server.ts';

export const SCHEMA_HINT = '# yaml-language-server: $schema=node_modules/docs-mcp-eval/datasets/config.schema.json';

export interface StarterConfig {
  configFile: string;
  casesFile: string;
  server: { command?: string | undefined; url?: string | undefined };
  search: { tool: string | undefined; arguments: Record<string, unknown> | undefined; ids: IdSource | undefined; normalize?: Normalize | undefined };
  fetch: { tool: string; arguments: Record<string, unknown> } | null;
  /** Set when init could not finish: why, written at the top of the skeleton. */
  missing?: string;
  tools: readonly ToolInfo[];
  /** The command that reproduces the server, for the inspect hint. */
  serverFlag: string;
}

export interface SampleCase {
  query: string;
  /** The ids to seed `relevant` with: the known one (--expect), else the server's top hit. */
  relevant: string[];
  /** True when `relevant` is the user's known id, not the server's answer. */
  judged: boolean;
}

function configText(c: StarterConfig): string {
  const { stringify } = yamlModule();
  const config = {
    cases: path.relative(path.dirname(c.configFile), c.casesFile),
    server: { ...(c.server.command !== undefined ? { command: c.server.command } : {}), ...(c.server.url !== undefined ? { url: c.server.url } : {}) },
    search: {
      tool: c.search.tool ?? 'TODO-the-search-tool',
      arguments: c.search.arguments ?? { 'TODO-the-query-argument': '{query}' },
      filters: 'template',
      ...(c.search.ids ? { ids: c.search.ids } : {}),
      ...(c.search.normalize ? { normalize: c.search.normalize } : {}),
    },
    fetch: c.fetch,
  };
  const head = c.missing === undefined
    ? ['# Written by docs-mcp-eval init: check the guesses below.', SCHEMA_HINT]
    : [
        `# Written by docs-mcp-eval init, which could not finish: ${c.missing}`,
        '# Fill in what is marked TODO, then run: docs-mcp-eval run --config ' + path.basename(c.configFile),
        `# See what a tool returns and which ids come out: docs-mcp-eval inspect ${c.serverFlag} --query "a question"`,
        '# Every key, and {query} / {words} inside arrays and objects: docs/servers.md ("Point it at your own server").',
        SCHEMA_HINT,
        '#',
        "# The server's tools:",
        ...c.tools.map((t) => `#   ${signature(t)}${t.description ? `: ${t.description.replace(/\s+/g, ' ').slice(0, 100)}` : ''}`),
      ];
  const tail = c.search.ids === undefined
    ? [
        '# TODO search.ids: where the ranked ids are in a search result, for example',
        '#   ids: { from: json, path: "$.results[*].path" }          # JSON text or structuredContent',
        '#   ids: { from: resource_links }                           # resource_link items',
        "#   ids: { from: regex, pattern: '^## (?P<id>\\S+)', flags: m }   # markdown: headings, list items, links",
        '# or let init learn it from one id you know is in the answer: init --query "…" --expect <id> --force',
      ]
    : [];
  // Peers report the index's build time and size side by side (seed 002): say how to get both.
  const build = [
    '# An index build? Time it and measure what it writes (index.bytes: a delta row and a gate id):',
    '#   build: { command: "npm run build-index", output: ".index" }',
  ];
  return `${[...head, stringify(config).trimEnd(), ...tail, ...build].join('\n')}\n`;
}

function casesText(samples: readonly SampleCase[]): string {
  const { stringify } = yamlModule();
  const cases = samples.map((s, i) => ({
    id: `sample-${i + 1}`,
    query: s.query,
    category: 'starter',
    tags: s.judged ? [] : ['unjudged'],
    relevant: (s.relevant.length > 0 ? s.relevant : ['REPLACE-with-a-relevant-id']).map((id) => ({ id, grade: 1 })),
  }));
  const head = '# Starter cases. Those tagged unjudged hold what the server returned, NOT judgments: judge them.\n';
  return head + stringify({ name: 'starter cases', cases });
}

export async function writeStarterFiles(c: StarterConfig, samples: readonly SampleCase[]): Promise<void> {
  await writeFile(c.configFile, configText(c));
  await writeFile(c.casesFile, casesText(samples));
}
