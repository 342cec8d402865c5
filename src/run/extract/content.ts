/**
 * Reading the parts of an MCP tool result that ids are extracted from: text items, the
 * JSON inside them, structuredContent, and resource links. Typed structurally (not with
 * the SDK's types) so a result from any client, a fixture or a saved report is accepted.
 */
import { isRecord } from '../../shared/plain-data.ts';

/** The fields of a CallToolResult that extraction reads. */
export interface CallToolResultLike {
  content?: unknown[];
  structuredContent?: unknown;
  isError?: boolean | undefined;
}

/** The text of every `{ type: 'text', text }` item, in order. */
export function textItems(result: CallToolResultLike): string[] {
  const texts: string[] = [];
  for (const item of result.content ?? []) {
    if (isRecord(item) && item['type'] === 'text' && typeof item['text'] === 'string') texts.push(item['text']);
  }
  return texts;
}

/** All text items joined, the way an agent reads a result. */
export function joinedText(result: CallToolResultLike): string {
  return textItems(result).join('\n');
}

/**
 * The uris of `resource_link` items (`{ type: 'resource_link', uri, name }`) and embedded
 * resources (`{ type: 'resource', resource: { uri, text | blob } }`), in content order.
 */
export function resourceUris(result: CallToolResultLike): string[] {
  const uris: string[] = [];
  for (const item of result.content ?? []) {
    if (!isRecord(item)) continue;
    const holder = item['type'] === 'resource_link' ? item : item['type'] === 'resource' ? item['resource'] : undefined;
    const uri = isRecord(holder) ? holder['uri'] : undefined;
    if (typeof uri === 'string') uris.push(uri);
  }
  return uris;
}

export type JsonInput = 'auto' | 'text' | 'structured';

export type JsonDocuments = { ok: true; documents: unknown[]; from: 'structuredContent' | 'text' } | { ok: false; problem: string };

/**
 * The JSON documents a path is evaluated on. `structured`: structuredContent. `text`: every
 * text item that parses as JSON, each its own document, in order — one document for the
 * common single-item result, one per hit for servers that send a text item per hit; items
 * that do not parse (a prose note beside the JSON) are skipped. Items are not joined:
 * two JSON values joined are not JSON. `auto`: structuredContent when the result has it
 * (servers that declare an outputSchema must send it), else the text.
 */
export function jsonDocuments(result: CallToolResultLike, input: JsonInput): JsonDocuments {
  const structured = result.structuredContent;
  if (input === 'structured' || (input === 'auto' && structured !== undefined && structured !== null)) {
    if (structured === undefined || structured === null) return { ok: false, problem: 'result has no structuredContent' };
    return { ok: true, documents: [structured], from: 'structuredContent' };
  }
  const texts = textItems(result);
  if (texts.length === 0) return { ok: false, problem: 'result has no text content' };
  const documents: unknown[] = [];
  for (const text of texts) {
    try {
      documents.push(JSON.parse(text));
    } catch {
      // Not JSON: a note beside the payload, or not a JSON server at all (reported below).
    }
  }
  if (documents.length === 0) return { ok: false, problem: `text is not JSON: ${excerpt(texts.join('\n'))}` };
  return { ok: true, documents, from: 'text' };
}

/**
 * Whether a document holds a non-empty array anywhere. A path that matches nothing in a
 * document that has one missed the results (a config problem); in a document without one
 * (`{"hits": []}`, `{"message": "no results"}`) it read an empty page.
 */
export function hasNonEmptyArray(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return isRecord(value) && Object.values(value).some(hasNonEmptyArray);
}

/** The start of a text, for a problem message. */
export function excerpt(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? JSON.stringify(flat) : `${JSON.stringify(flat.slice(0, max))}… (${text.length} chars)`;
}
