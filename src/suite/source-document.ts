/**
 * A dataset file parsed with its positions kept, so any problem found later in the
 * plain data can be pointed back at a file:line:column. JSON goes through the same
 * YAML parser (JSON is YAML 1.2 flow style), which gives JSON files line numbers too.
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { Node as YamlNode, Pair } from 'yaml';
import type { DatasetIssue } from './dataset-error.ts';

/** A location in the parsed data: map keys and array indexes, outermost first. */
export type DataPath = readonly (string | number)[];

export interface Position {
  line: number;
  column: number;
}

export interface SourceDocument {
  /** The plain data; `undefined` for an empty (or comment-only) file. */
  data: unknown;
  /** Syntax errors; when present, `data` is a best-effort parse and should not be validated. */
  syntaxIssues: DatasetIssue[];
  /**
   * Where `path` is written. A map entry points at its key (the line where the field is
   * named); an array item or the root points at the value. When the path goes deeper than
   * the document (a missing field), the deepest existing ancestor is returned.
   */
  locate(path: DataPath): Position;
}

export function parseSourceDocument(text: string, file: string): SourceDocument {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  const position = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };

  const syntaxIssues = doc.errors.map((error): DatasetIssue => {
    const linePos = error.linePos?.[0];
    const start = linePos ? { line: linePos.line, column: linePos.col } : position(error.pos[0]);
    return {
      file,
      line: start.line,
      column: start.column,
      path: '',
      message: `YAML syntax: ${stripPositionSuffix(error.message)}`,
    };
  });

  const locate = (path: DataPath): Position => {
    let node: unknown = doc.contents;
    let keyNode: YamlNode | null = null;
    for (const segment of path) {
      const step = childOf(node, segment);
      if (step === undefined) break;
      node = step.node;
      keyNode = step.key;
    }
    const target = keyNode ?? (hasRange(node) ? node : null);
    return target?.range ? position(target.range[0]) : { line: 1, column: 1 };
  };

  return { data: doc.contents === null ? undefined : doc.toJS(), syntaxIssues, locate };
}

/** `cases[3].relevant`, `facets["my-facet"]`: how paths read in messages. */
export function formatDataPath(path: DataPath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

function childOf(node: unknown, segment: string | number): { node: unknown; key: YamlNode | null } | undefined {
  if (isMap(node)) {
    const pair = node.items.find((item: Pair) => isScalar(item.key) && String(item.key.value) === String(segment));
    if (pair === undefined || !isPair(pair)) return undefined;
    return { node: pair.value, key: isScalar(pair.key) ? pair.key : null };
  }
  if (isSeq(node) && typeof segment === 'number') {
    const item: unknown = node.items[segment];
    return item === undefined ? undefined : { node: item, key: null };
  }
  return undefined;
}

function hasRange(node: unknown): node is YamlNode {
  return typeof node === 'object' && node !== null && 'range' in node;
}

/** yaml's messages end with " at line 4, column 1:" and a code frame; we print our own position. */
function stripPositionSuffix(message: string): string {
  const firstLine = message.split('\n', 1)[0] ?? message;
  return firstLine.replace(/ at line \d+, column \d+:?$/, '');
}
