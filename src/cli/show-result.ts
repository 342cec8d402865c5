/**
 * A tool result as `inspect` and `init` print it: every content item (text, resource
 * links, embedded resources), structuredContent and isError, then the ranked ids an id
 * source extracts from it and where each came from (the JSON path, or the line the
 * pattern matched). Text from the server is made inert before it reaches the terminal.
 */
import { jsonHitsAdapter } from '../retrieval/adapters/json-hits.ts';
import { compileIdSource, type CallToolResultLike, type IdSource, type Normalize } from '../run/extract/id-source.ts';
import { textItems } from '../run/extract/content.ts';
import { inert } from '../shared/control-chars.ts';
import { isRecord } from '../shared/plain-data.ts';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const LIMIT = 4_000;

function clip(text: string, full: boolean): string {
  return full || text.length <= LIMIT ? text : `${text.slice(0, LIMIT)}\n… (${text.length - LIMIT} more characters; --full prints everything)`;
}

const indent = (text: string) => inert(text).replace(/^/gm, '    ');

export function rawResultLines(result: CallToolResultLike, full: boolean): string[] {
  const lines = [`isError: ${result.isError === true}`];
  (result.content ?? []).forEach((item, i) => {
    if (!isRecord(item)) return;
    const type = String(item['type']);
    if (type === 'text' && typeof item['text'] === 'string') lines.push(`content[${i}] text (${item['text'].length} characters):`, indent(clip(item['text'], full)));
    else if (type === 'resource_link') lines.push(`content[${i}] resource_link: ${inert(String(item['uri']), { oneLine: true })}${typeof item['name'] === 'string' ? ` (${inert(item['name'], { oneLine: true })})` : ''}`);
    else if (type === 'resource' && isRecord(item['resource'])) lines.push(`content[${i}] resource: ${inert(String(item['resource']['uri']), { oneLine: true })}`);
    else lines.push(`content[${i}] ${inert(type, { oneLine: true })}`);
  });
  if ((result.content ?? []).length === 0) lines.push('content: none');
  if (result.structuredContent !== undefined) lines.push('structuredContent:', indent(clip(JSON.stringify(result.structuredContent, null, 2), full)));
  return lines;
}

export interface IdsShown {
  ids: string[];
  lines: string[];
}

/** The ids `source` extracts (the default: JSON `{hits:[{chunk_id}]}`), numbered, each with where it was found in the text. */
export function extractionLines(result: CallToolResultLike, source: IdSource | undefined, normalize: Normalize | undefined, label: string): IdsShown {
  const how = source === undefined ? 'the default shape: JSON {hits: [{chunk_id}], next_cursor}' : JSON.stringify(source);
  const head = `ids (${label}: ${how}${normalize ? `, normalize ${JSON.stringify(normalize)}` : ''}):`;
  let ids: string[];
  let problem: string | undefined;
  try {
    if (source === undefined) ids = jsonHitsAdapter.parse(result as CallToolResult).hits.map((h) => h.id);
    else ({ ids, problem } = compileIdSource(source).extract(result, normalize));
  } catch (err) {
    ids = [];
    problem = err instanceof Error ? err.message : String(err);
  }
  if (ids.length === 0) return { ids, lines: [head, `  none${problem ? `: ${inert(problem, { oneLine: true })}` : ''}`] };
  const textLines = textItems(result).join('\n').split('\n');
  const lines = ids.slice(0, 10).map((id, i) => {
    const at = source?.from === 'regex' ? textLines.findIndex((l) => l.includes(id)) : -1;
    const where = at >= 0 ? `   (line ${at + 1}: ${textLines[at]!.trim().slice(0, 100)})` : '';
    return inert(`  ${i + 1}. ${id}${where}`, { oneLine: true });
  });
  if (ids.length > 10) lines.push(`  … ${ids.length - 10} more`);
  return { ids, lines: [head, ...lines] };
}
