/**
 * `init`'s guesses, pure: which listed tool searches and which fetches, what their
 * query and id arguments are called, and where a sample result keeps its ranked ids
 * (a JSON array of objects, resource links, or links in markdown). Guesses are written
 * into a starter docs-mcp-eval.yml for the user to check, never used silently.
 */
import { isRecord } from '../shared/plain-data.ts';
import type { IdSource } from '../run/extract/id-source.ts';

export interface ToolInfo {
  name: string;
  description?: string | undefined;
  inputSchema?: { properties?: Record<string, unknown> | undefined; required?: string[] | undefined } | undefined;
}

const QUERY_NAMES = ['query', 'q', 'question', 'search', 'text', 'prompt'];
const ID_NAMES = ['chunk_id', 'id', 'doc_id', 'path', 'filepath', 'file', 'url', 'uri', 'slug'];
const LIMIT_NAMES = ['limit', 'top_k', 'k', 'max_results', 'count', 'n'];
const CURSOR_NAMES = ['cursor', 'next_cursor', 'page_token', 'offset'];

function stringParams(tool: ToolInfo): string[] {
  const props = tool.inputSchema?.properties ?? {};
  return Object.keys(props).filter((k) => isRecord(props[k]) && (props[k] as { type?: unknown }).type === 'string');
}

function pick(names: readonly string[], candidates: readonly string[]): string | undefined {
  return names.find((n) => candidates.includes(n)) ?? candidates.find((c) => names.some((n) => c.toLowerCase().includes(n)));
}

export interface GuessedTools {
  search: { tool: string; queryArg: string; limitArg?: string; cursorArg?: string } | null;
  fetch: { tool: string; idArg: string } | null;
}

export function guessTools(tools: readonly ToolInfo[]): GuessedTools {
  const searchTool = tools.find((t) => /search/i.test(t.name) && stringParams(t).length > 0) ?? tools.find((t) => pick(QUERY_NAMES, stringParams(t)) !== undefined);
  let search: GuessedTools['search'] = null;
  if (searchTool) {
    const params = Object.keys(searchTool.inputSchema?.properties ?? {});
    const queryArg = pick(QUERY_NAMES, stringParams(searchTool)) ?? stringParams(searchTool)[0]!;
    const limitArg = LIMIT_NAMES.find((n) => params.includes(n));
    const cursorArg = CURSOR_NAMES.find((n) => params.includes(n));
    search = { tool: searchTool.name, queryArg, ...(limitArg ? { limitArg } : {}), ...(cursorArg ? { cursorArg } : {}) };
  }
  const fetchTool = tools.find((t) => t !== searchTool && /(get|fetch|read|open)[_-]?(doc|page|document|file|section|chunk)|docs?[_-](fetch|get|read)/i.test(t.name));
  const idArg = fetchTool ? (pick(ID_NAMES, stringParams(fetchTool)) ?? stringParams(fetchTool)[0]) : undefined;
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

/** Where the ids are in a sample search result, or undefined when no guess fits. */
export function guessIdSource(result: { content?: unknown[]; structuredContent?: unknown }): IdSource | undefined {
  const json = jsonOf(result);
  const array = json === undefined ? undefined : firstObjectArray(json);
  if (array) {
    const keys = Object.keys(array.items[0]!);
    const field = pick(ID_NAMES, keys.filter((k) => typeof array.items[0]![k] === 'string'));
    if (field) {
      const cursorKey = isRecord(json) ? CURSOR_NAMES.find((k) => k in json) : undefined;
      return { from: 'json', path: `${array.path}[*].${field}`, ...(cursorKey ? { cursor: `$.${cursorKey}` } : {}) };
    }
  }
  if ((result.content ?? []).some((i) => isRecord(i) && (i['type'] === 'resource_link' || i['type'] === 'resource'))) return { from: 'resource_links' };
  const text = (result.content ?? []).map((i) => (isRecord(i) && typeof i['text'] === 'string' ? i['text'] : '')).join('\n');
  // A labelled line per hit ("   URL: https://docs.example.com/docs/a", docusaurus-plugin-mcp-server)
  // names the document more surely than whatever links the snippets happen to hold.
  const label = LABELLED_ID.exec(text)?.[1];
  if (label !== undefined) return { from: 'regex', pattern: `^\\s*(?:[-*]\\s+)?\\**${label}\\**:\\s*(?P<id>\\S+)`, flags: 'm' };
  if (/\]\([^)\s]+\)/.test(text)) return { from: 'regex', pattern: '\\]\\((?P<id>[^)\\s]+)\\)' };
  return undefined;
}
