/**
 * The fenced blocks of the user-facing pages and the marker each carries: an HTML comment on
 * the last non-blank line before the fence, `<!-- example: KIND key=value key="a value" -->`,
 * saying what the block is and how test/docs-examples.e2e.test.ts checks it (KINDS below).
 * GitHub does not show the comment. Pure: text in, blocks and marker problems out.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Every kind, with the attributes it takes (a repeatable one may be given more than once). */
export const KINDS = {
  /**
   * A dataset file, loaded by the suite loader; `invalid`: it must be refused (its `id` names it for an output block);
   * `run="server command"`: also run in a checkout against that server (`needs=llm`: with the OpenAI double for its judges), with `exit` and `expect` as for shell.
   */
  dataset: ['file', 'invalid', 'id', 'run', 'needs', 'exit', 'expect'],
  /** A docs-mcp-eval.yml, read and resolved as `run --config` does; `env`: a variable the file reads, set to a placeholder. */
  config: ['file', 'env'],
  /** A profile file, loaded by the profile loader. */
  profile: ['file'],
  /** A whole workflow file, parsed by GitHub's workflow parser; `run=pull_request`: its docs-mcp-eval step also runs against the GitHub double. */
  workflow: ['run'],
  /** A list of workflow steps, parsed inside a job. */
  steps: [],
  /** Shell commands, run by bash in a scratch folder: `in` project (a user's project) or repo (a checkout of this one); `exit` (default 0); each `expect` must appear in the output. */
  shell: ['in', 'exit', 'expect'],
  /** An ES module, run by node in a scratch folder like shell. */
  module: ['in', 'exit', 'expect'],
  /** Sample output: `generated` by scripts/docs-generate.ts, `of` an example's exact output, or shown for a `reason`. */
  output: ['generated', 'of', 'reason'],
  /** What cannot run here, and why (`reason`). */
  illustration: ['reason'],
} as const;

export type Kind = keyof typeof KINDS;
const REPEATABLE = new Set(['expect', 'env']);

export interface Marker {
  kind: Kind;
  attrs: Record<string, string[]>;
}

export interface Block {
  page: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  text: string;
  marker: Marker | null;
  /** Why the marker cannot be read, or why there is none. */
  problem?: string;
}

const ATTR = /([a-z]+)(?:=(?:"((?:[^"\\]|\\.)*)"|(\S+)))?/g;

/** Reads `example: KIND attrs…`; throws on an unknown kind or attribute, or a missing reason. */
export function parseMarker(body: string): Marker {
  const m = /^example:\s*([a-z]+)\s*(.*)$/s.exec(body.trim());
  if (!m) throw new Error('not an example marker');
  const kind = m[1] as Kind;
  if (!(kind in KINDS)) throw new Error(`unknown example kind "${m[1]}" (known: ${Object.keys(KINDS).join(', ')})`);
  const attrs: Record<string, string[]> = {};
  for (const a of (m[2] ?? '').matchAll(ATTR)) {
    const [, key = '', quoted, bare] = a;
    if (!(KINDS[kind] as readonly string[]).includes(key)) throw new Error(`"${key}" is not an attribute of ${kind} (it takes: ${KINDS[kind].join(', ') || 'none'})`);
    if (attrs[key] && !REPEATABLE.has(key)) throw new Error(`"${key}" given twice`);
    (attrs[key] ??= []).push(quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : (bare ?? 'true'));
  }
  if (kind === 'illustration' && !attrs['reason']) throw new Error('an illustration says why it cannot run (reason="…")');
  if (kind === 'output' && ['generated', 'of', 'reason'].filter((k) => attrs[k]).length !== 1) throw new Error('an output block is generated=NAME, of=ID or reason="…" (one of them)');
  if ((kind === 'shell' || kind === 'module') && attrs['in'] && !['project', 'repo'].includes(attrs['in'][0]!)) throw new Error('in= is project or repo');
  if (attrs['needs'] && attrs['needs'][0] !== 'llm') throw new Error('needs= is llm (GitHub: a workflow with run=)');
  if (kind === 'dataset' && (attrs['needs'] || attrs['exit'] || attrs['expect']) && !attrs['run']) throw new Error('needs, exit and expect go with run="server command"');
  return { kind, attrs };
}

export const attr = (marker: Marker, key: string): string | undefined => marker.attrs[key]?.[0];

/** Every fenced block of a page (``` or ~~~, indented or not), with its marker. */
export function blocksOf(page: string, markdown: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)/.exec(lines[i]!);
    if (!open) continue;
    const [, indent = '', fence = '', lang = ''] = open;
    let end = i + 1;
    while (end < lines.length && !(lines[end]!.trim().startsWith(fence) && lines[end]!.trim().replace(/[`~]/g, '') === '')) end++;
    const text = lines.slice(i + 1, end).map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l.trimStart())).join('\n');
    let before = i - 1;
    while (before >= 0 && lines[before]!.trim() === '') before--;
    const comment = before >= 0 ? /^\s*<!--([\s\S]*)-->\s*$/.exec(lines[before]!) : null;
    const block: Block = { page, line: i + 1, lang, text: `${text}\n`, marker: null };
    if (!comment?.[1]?.trim().startsWith('example:')) block.problem = 'no <!-- example: KIND … --> marker on the line before the fence';
    else {
      try {
        block.marker = parseMarker(comment[1]);
      } catch (err) {
        block.problem = (err as Error).message;
      }
    }
    blocks.push(block);
    i = end;
  }
  return blocks;
}

/** The user-facing pages: README.md, docs/**.md, and the READMEs of examples/* and datasets/*. */
export function examplePages(root: string): string[] {
  const under = (dir: string, recursive: boolean) =>
    existsSync(path.join(root, dir)) ? readdirSync(path.join(root, dir), { recursive, encoding: 'utf8' }).map((f) => path.posix.join(dir, f.split(path.sep).join('/'))) : [];
  const readmes = (dir: string) => under(dir, false).map((d) => `${d}/README.md`).filter((f) => existsSync(path.join(root, f)));
  return ['README.md', ...under('docs', true).filter((f) => f.endsWith('.md')), ...readmes('examples'), ...readmes('datasets')];
}
