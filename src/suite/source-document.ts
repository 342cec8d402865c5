/**
 * A dataset file parsed with its positions kept, so any problem found later in the
 * plain data can be pointed back at a file:line:column. JSON goes through the same
 * YAML parser (JSON is YAML 1.2 flow style), which gives JSON files line numbers too.
 */
import { CORE_SCHEMA, load } from 'js-yaml';
import type { Node as YamlNode, Pair } from 'yaml';
import { yamlModule as yaml } from '../shared/load-yaml.ts';
import type { DatasetIssue } from './dataset-error.ts';

// yaml's document model is needed only to locate a problem: loaded then, not at every start (~20 ms).

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
  locate: (path: DataPath) => Position;
}

/**
 * Two parsers, for speed and for messages. The data comes from js-yaml (YAML 1.2 core
 * schema: no timestamps, no merge keys, as `yaml`'s default), which reads a 10,000-case
 * suite in a tenth of the time and a third of the memory; positions come from `yaml`'s
 * document model, built only when something must be located (a problem to report, a
 * case's line asked for). Text js-yaml refuses goes to `yaml` at once, whose syntax
 * messages carry the position.
 */
export function parseSourceDocument(text: string, file: string): SourceDocument {
  let data: unknown;
  try {
    data = load(text, { schema: CORE_SCHEMA, filename: file });
  } catch {
    return positionedDocument(text, file);
  }
  const expansion = aliasExpansionProblem(data);
  if (expansion !== undefined) return { data: undefined, syntaxIssues: [{ file, line: 1, column: 1, path: '', message: expansion }], locate: () => ({ line: 1, column: 1 }) };
  let positioned: SourceDocument | undefined;
  return {
    data: data === null ? undefined : data,
    syntaxIssues: [],
    locate: (path) => (positioned ??= positionedDocument(text, file)).locate(path),
  };
}

/**
 * YAML aliases let a few lines stand for billions of nodes ("billion laughs"): js-yaml
 * shares the aliased object, so loading is cheap, but every later walk (the schema, the
 * hash, JSON) expands it. Bounded here, once, for every YAML file we read (datasets,
 * config, profiles): the data may expand to at most 10 times its distinct nodes plus
 * 10,000, which any real use of anchors stays far below.
 */
const EXPANSION_SLACK = 10_000;
const EXPANSION_FACTOR = 10;

export function aliasExpansionProblem(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const distinct = new Set<object>();
  const stack: unknown[] = [data];
  let expanded = 0;
  // Distinct nodes first (cheap), then the expanded walk, stopped at the bound.
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || distinct.has(node)) continue;
    distinct.add(node);
    for (const child of Object.values(node)) stack.push(child);
  }
  const bound = EXPANSION_FACTOR * distinct.size + EXPANSION_SLACK;
  stack.push(data);
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (++expanded > bound) {
      return `YAML aliases expand this document to more than ${bound} nodes from ${distinct.size} written ones (a "billion laughs" document?): write the repeated parts out, or use fewer nested aliases`;
    }
    for (const child of Object.values(node)) stack.push(child);
  }
  return undefined;
}

function positionedDocument(text: string, file: string): SourceDocument {
  const { LineCounter, parseDocument } = yaml();
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

  let data: unknown;
  try {
    // yaml refuses excessive aliases itself (maxAliasCount): a message, not a stack trace.
    data = doc.contents === null ? undefined : doc.toJS();
  } catch (err) {
    syntaxIssues.push({ file, line: 1, column: 1, path: '', message: `YAML: ${err instanceof Error ? err.message : String(err)}` });
  }
  return { data, syntaxIssues, locate };
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
  const { isMap, isPair, isScalar, isSeq } = yaml();
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

/**
 * Where a case was written, the line worked out on first read: every case carries one,
 * but it is read only for a message, and locating means building the positioned model.
 * It keeps `locate` alone, not the SourceDocument: that would keep the whole parsed
 * data of the file alive beside the normalised cases for the rest of the run.
 */
export function caseSourceAt(source: SourceDocument, file: string, path: DataPath): { file: string; readonly line: number } {
  const { locate } = source;
  let line: number | undefined;
  return {
    file,
    get line(): number {
      return (line ??= locate(path).line);
    },
  };
}
