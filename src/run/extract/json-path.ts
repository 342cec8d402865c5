/**
 * JSONPath for id extraction, by jsonpath-rfc9535. Why JSONPath and this library:
 * - Spec: JSONPath is an IETF standard (RFC 9535, 2024) and this library implements it
 *   (it passes the JSONPath Compliance Test Suite); JMESPath's original JS implementation
 *   (`jmespath`) has had no release for years and its maintained fork
 *   (@jmespath-community/jmespath) follows a community spec and is MPL-licensed.
 * - Size: ~31 KB minified (≈9 KB gzipped) in an esbuild bundle, no dependencies; json-p3
 *   (also RFC 9535) is ~61 KB; jsonpath-plus pulls jsep and imports node:vm for script
 *   expressions, and `jsonpath` pulls esprima + static-eval.
 * - No eval: a PEG parser and an AST interpreter.
 * - Maintained (last release October 2025), ~2 M downloads a month, Apache-2.0.
 * Two gaps are closed here, at compile time so a config problem shows before any server
 * starts: the library accepts unknown function names (and then matches nothing), and its
 * match()/search() run the pattern on a backtracking RegExp, which a server's text could
 * make hang — both are refused with a message saying what to write instead.
 */
import { query, type JsonValue } from 'jsonpath-rfc9535';
import parse from 'jsonpath-rfc9535/parser';
import { isRecord } from '../../shared/plain-data.ts';

/** A checked JSONPath: every node it selects in a JSON document, in document order. */
export type JsonPathQuery = (document: unknown) => unknown[];

const SAFE_FUNCTIONS = new Set(['length', 'count', 'value']);

/** Parses and checks `path`; throws an Error that names `what` (e.g. "id path") and the problem. */
export function compileJsonPath(path: string, what: string): JsonPathQuery {
  const expression = path.trim();
  if (expression === '') throw new Error(`${what} is empty (a JSONPath such as $.hits[*].chunk_id)`);
  let ast: unknown;
  try {
    ast = parse(expression);
  } catch (error) {
    throw new Error(`${what} '${expression}' is not valid JSONPath (RFC 9535)${where(error)}: ${messageOf(error)}${hint(expression)}`, { cause: error });
  }
  const bad = functionProblem(ast);
  if (bad !== undefined) throw new Error(`${what} '${expression}': ${bad}`);
  // Parsed JSON (JSON.parse, or structuredContent as the SDK decoded it) is a JsonValue.
  return (document) => (document === undefined ? [] : query(document as JsonValue, expression));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The column of a peggy syntax error, when it carries one. */
function where(error: unknown): string {
  const location = isRecord(error) ? error['location'] : undefined;
  const start = isRecord(location) ? location['start'] : undefined;
  const column = isRecord(start) ? start['column'] : undefined;
  return typeof column === 'number' ? ` at column ${column}` : '';
}

function hint(expression: string): string {
  return expression.startsWith('$') ? '' : ' (a JSONPath starts with $, e.g. $.hits[*].chunk_id)';
}

/** The first function call in the AST that is refused, explained; undefined when none is. */
function functionProblem(node: unknown): string | undefined {
  if (Array.isArray(node)) {
    for (const child of node) {
      const problem = functionProblem(child);
      if (problem !== undefined) return problem;
    }
    return undefined;
  }
  if (!isRecord(node)) return undefined;
  if (node['type'] === 'FunctionExpr') {
    const name = String(node['name']);
    if (name === 'match' || name === 'search') {
      return `${name}() is not supported: it runs on a backtracking regular expression that a server's text could make hang; filter without it, or use the regex id source`;
    }
    if (!SAFE_FUNCTIONS.has(name)) return `unknown function ${name}() (RFC 9535 defines length, count, value, match and search)`;
  }
  for (const value of Object.values(node)) {
    const problem = functionProblem(value);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
