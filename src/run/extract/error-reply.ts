/**
 * Is a tool result the server's error reply? MCP says a tool error is a result with
 * `isError: true`, but several real docs servers answer an error as ordinary text such as
 * `{"error": "index not found"}`. Scored as a page of results, that reads as "found
 * nothing" and sinks a case silently; it must be an error with the server's words.
 *
 * The error path is configurable (`errorPath` in a profile or docs-mcp-eval.yml; null
 * turns it off). The default, a top-level `error` member of a JSON object (in
 * structuredContent or a text item), is checked without the JSONPath engine, so a run
 * with the default shape never loads it.
 */
import { isRecord } from '../../shared/plain-data.ts';
import { excerpt, textItems, type CallToolResultLike } from './content.ts';
import type { JsonPathQuery } from './json-path.ts';
import { loadJsonPath } from '../lazy.ts';

/** The default: a top-level `error` key in JSON text or structuredContent. */
export const DEFAULT_ERROR_PATH = '$.error';

/** The server's error message for `result`, or undefined when it is not an error reply. */
export type ErrorReplyCheck = (result: CallToolResultLike) => string | undefined;

/** A value at the error path that means "this is an error": not null, false, '' or an empty object/array. */
function errorValue(value: unknown): string | undefined {
  if (value === null || value === undefined || value === false || value === '' || value === 0) return undefined;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.length > 0 ? JSON.stringify(value) : undefined;
  if (isRecord(value)) {
    if (Object.keys(value).length === 0) return undefined;
    const message = value['message'];
    return typeof message === 'string' && message !== '' ? message : JSON.stringify(value);
  }
  // A number or true: the server flagged an error without words.
  return JSON.stringify(value);
}

/** The JSON documents of a result: structuredContent, then each text item that is a JSON object. */
function documentsOf(result: CallToolResultLike): unknown[] {
  const documents: unknown[] = [];
  if (result.structuredContent !== undefined && result.structuredContent !== null) documents.push(result.structuredContent);
  for (const text of textItems(result)) {
    // Markdown answers never start with '{': skip the parse attempt for them.
    if (!text.trimStart().startsWith('{')) continue;
    try {
      documents.push(JSON.parse(text));
    } catch {
      // Not JSON after all: not an error reply by this rule.
    }
  }
  return documents;
}

function topLevelError(document: unknown): unknown[] {
  return isRecord(document) && 'error' in document ? [document['error']] : [];
}

function checkWith(select: JsonPathQuery | undefined): ErrorReplyCheck {
  return (result) => {
    if (result.isError === true) return excerpt(textItems(result).join('\n'));
    if (select === undefined) return undefined;
    for (const document of documentsOf(result)) {
      for (const value of select(document)) {
        const message = errorValue(value);
        if (message !== undefined) return excerpt(message);
      }
    }
    return undefined;
  };
}

/** `isError`, or a top-level `error` member: the default check. */
export const defaultErrorReply: ErrorReplyCheck = checkWith(topLevelError);

/**
 * The check for `errorPath` (a JSONPath; null: only `isError`). Throws when the path is
 * not valid JSONPath: call before any server starts. The JSONPath engine loads only for
 * a path other than the default.
 */
export async function compileErrorReply(errorPath: string | null = DEFAULT_ERROR_PATH): Promise<ErrorReplyCheck> {
  if (errorPath === null) return checkWith(undefined);
  if (errorPath.trim() === DEFAULT_ERROR_PATH) return defaultErrorReply;
  return checkWith((await loadJsonPath()).compileJsonPath(errorPath, 'errorPath'));
}
