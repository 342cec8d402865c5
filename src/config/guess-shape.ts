/**
 * `init`'s guesses, pure: which listed tool searches and which fetches, where the search
 * takes its query (query-slot.ts: any shape) and the fetch its id, and where a sample
 * result keeps its ranked ids (a JSON array of objects, resource links, labelled lines,
 * markdown links, headings or list items that end in a path). Guesses are written into a
 * starter docs-mcp-eval.yml for the user to check, and the ids they extract are printed.
 * With one known id, learn-ids.ts learns the source instead of guessing it.
 */
import { isRecord } from '../shared/plain-data.ts';
import type { IdSource } from '../run/extract/id-source.ts';
import { querySlot, type QuerySlot } from './query-slot.ts';

export interface ToolInfo {
  name: string;
  description?: string | undefined;
  inputSchema?: { properties?: Record<string, unknown> | undefined; required?: string[] | undefined; [key: string]: unknown } | undefined;
}

const ID_NAMES = ['chunk_id', 'id', 'doc_id', 'docid', 'path', 'filepath', 'file', 'url', 'uri', 'slug'];
const SEARCH_NAME = /search|query|find|lookup|retriev/i;
const FETCH_NAME = /(get|fetch|read|open)[_-]?(doc|page|document|file|section|chunk)|docs?[_-](fetch|get|read)|^(get|read|open|fetch)$|_docs?$/i;

function stringParams(tool: ToolInfo): string[] {
  const props = tool.inputSchema?.properties ?? {};
  return Object.keys(props).filter((k) => isRecord(props[k]) && (props[k] as { type?: unknown }).type === 'string');
}

function pick(names: readonly string[], candidates: readonly string[]): string | undefined {
  return names.find((n) => candidates.includes(n)) ?? candidates.find((c) => names.some((n) => c.toLowerCase().includes(n)));
}

export interface GuessedTools {
  search: ({ tool: string } & QuerySlot) | null;
  fetch: { tool: string; idArg: string } | null;
}

/** The search tool (`searchTool` names it, else the first whose name says search and that takes a query, else any that takes one) and the fetch tool. */
export function guessTools(tools: readonly ToolInfo[], searchTool?: string): GuessedTools {
  const slotted = tools.map((t) => ({ t, slot: querySlot(t.inputSchema) })).filter((x): x is { t: ToolInfo; slot: QuerySlot } => x.slot !== undefined);
  const chosen = searchTool !== undefined ? slotted.find((x) => x.t.name === searchTool) : (slotted.find((x) => SEARCH_NAME.test(x.t.name)) ?? slotted[0]);
  const search = chosen ? { tool: chosen.t.name, ...chosen.slot } : null;
  // A fetch tool by its name, else any other tool taking one id-like string (workos_docs(path)).
  const others = tools.filter((t) => t.name !== search?.tool);
  const idLike = (t: ToolInfo) => pick(ID_NAMES, stringParams(t));
  const fetchTool = others.find((t) => FETCH_NAME.test(t.name) && stringParams(t).length > 0) ?? others.find((t) => !SEARCH_NAME.test(t.name) && (t.inputSchema?.required ?? []).length === 1 && idLike(t) === t.inputSchema?.required?.[0]);
  const idArg = fetchTool ? (idLike(fetchTool) ?? stringParams(fetchTool)[0]) : undefined;
  return { search, fetch: fetchTool && idArg ? { tool: fetchTool.name, idArg } : null };
}

/** The first array of objects in `value` (breadth first) and the JSONPath to it. */
function firstObjectArray(value: unknown, at = '$'): { path: string; items: Record<string, unknown>[] } | undefined {
  const queue: { v: unknown; path: string }[] = [{ v: value, path: at }];
  while (queue.length > 0) {
    const { v, path } = queue.shift()!;
    if (Array.isArray(v) && v.length > 0 && v.every(isRecord)) return { path, items: v };
    if (isRecord(v)) for (const [k, child] of Object.entries(v)) queue.push({ v: child, path: `${path}.${/^[A-Za-z_]\w*$/.test(k) ? k : `['${k}']`}` });
  }
  return undefined;
}

function jsonOf(result: { content?: unknown[]; structuredContent?: unknown }): unknown {
  if (result.structuredContent !== undefined) return result.structuredContent;
  for (const item of result.content ?? []) {
    if (isRecord(item) && item['type'] === 'text' && typeof item['text'] === 'string') {
      try {
        return JSON.parse(item['text']) as unknown;
      } catch {
        // not JSON: try the next item
      }
    }
  }
  return undefined;
}

/** A line that labels a document id: `URL: …`, `- **Path:** …`; group 1 is the label as written. */
const LABELLED_ID = /^\s*(?:[-*]\s+)?\**(URL|URI|Path|File|Source|Id)\**:\s*\S/im;

/** RE2 spellings (the config's); `(?P<id>` is `(?<id>` in a JS RegExp. */
const PATH_HEADING = '^#{1,6}\\s+(?:.*\\s)?`?(?P<id>[\\w.-]+(?:/[\\w.#-]+)+)`?\\s*$';
const PATH_ITEM = '^\\s*(?:[-*]|\\d+\\.)\\s+(?:.*\\s)?`?(?P<id>[\\w.-]+(?:/[\\w.#-]+)+)`?\\s*$';
const jsTest = (pattern: string, text: string) => new RegExp(pattern.replace('(?P<', '(?<'), 'm').test(text);

/** Where the ids are in a sample search result, or undefined when no guess fits. */
export function guessIdSource(result: { content?: unknown[]; structuredContent?: unknown }): IdSource | undefined {
  const json = jsonOf(result);
  const array = json === undefined ? undefined : firstObjectArray(json);
  if (array) {
    const keys = Object.keys(array.items[0]!);
    const field = pick(ID_NAMES, keys.filter((k) => typeof array.items[0]![k] === 'string'));
    if (field) {
      const cursorKey = isRecord(json) ? ['next_cursor', 'cursor', 'nextCursor', 'next_page'].find((k) => k in json) : undefined;
      return { from: 'json', path: `${array.path}[*].${field}`, ...(cursorKey ? { cursor: `$.${cursorKey}` } : {}) };
    }
  }
  if ((result.content ?? []).some((i) => isRecord(i) && (i['type'] === 'resource_link' || i['type'] === 'resource'))) return { from: 'resource_links' };
  const text = (result.content ?? []).map((i) => (isRecord(i) && typeof i['text'] === 'string' ? i['text'] : '')).join('\n');
  // A labelled line per hit ("   URL: https://docs.example.com/docs/a", docusaurus-plugin-mcp-server)
  // names the document more surely than whatever links the snippets happen to hold.
  const label = LABELLED_ID.exec(text)?.[1];
  if (label !== undefined) return { from: 'regex', pattern: `^\\s*(?:[-*]\\s+)?\\**${label}\\**:\\s*\`?(?P<id>[^\\s\`]+)`, flags: 'm' };
  // A heading whose last word is a path ("## 📄 integrations/okta-saml") names the hit; links are often in its snippet.
  if (jsTest(PATH_HEADING, text)) return { from: 'regex', pattern: PATH_HEADING, flags: 'm' };
  if (/\]\([^)\s]+\)/.test(text)) return { from: 'regex', pattern: '\\]\\((?P<id>[^)\\s]+)\\)' };
  // A list item whose last word is a path: "- `guides/auth.md`".
  if (jsTest(PATH_ITEM, text)) return { from: 'regex', pattern: PATH_ITEM, flags: 'm' };
  return undefined;
}
