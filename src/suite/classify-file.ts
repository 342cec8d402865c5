/**
 * A dataset file's format, told by extension and shape (load-suite.ts's header says how),
 * from its parsed text; a file no format reads is a DatasetError. The readers of each
 * format take it from here (load-suite.ts, parse-suite.ts).
 */
import path from 'node:path';
import type { Suite } from '../model/case.ts';
import { DatasetError, type DatasetIssue } from './dataset-error.ts';
import { parseSourceDocument, type SourceDocument } from './source-document.ts';
import { isSpeakeasyAgent } from './speakeasy-agent-shape.ts';

const EXTENSIONS = ['.yaml', '.yml', '.json'];

/** A dataset file's format (see the header). */
export type DatasetFormat = 'native' | 'seed-000' | 'speakeasy' | 'speakeasy-agent';
/** Reads a parsed dataset of one format; throws a DatasetError listing every problem. */
export type FormatParser = (source: SourceDocument, file: string) => Suite;

export interface ClassifiedFile {
  source: SourceDocument;
  format: DatasetFormat;
  /** A seed-000 file's `project:` (its folder's profile picks the tools by it). */
  project?: string;
}

/** Is this parsed mapping seed 000's shape? It has `tests` where this project has `cases`. */
export function isSeed000(data: Record<string, unknown>): boolean {
  return 'tests' in data && !('cases' in data);
}

/** Parses a dataset's text and tells its format; a file no format reads is a DatasetError. Pure: `file` only labels messages and picks the format by extension. */
export function classifyFile(text: string, file: string): ClassifiedFile {
  const extension = path.extname(file).toLowerCase();
  const whole = (message: string): DatasetError => new DatasetError([topIssue(file, message)]);
  if (!EXTENSIONS.includes(extension)) {
    throw whole(`unsupported dataset extension "${extension}": use .yaml, .yml or .json`);
  }

  const source = parseSourceDocument(text.replace(/^\uFEFF/, ''), file);
  if (source.syntaxIssues.length > 0) throw new DatasetError(source.syntaxIssues);
  const { data } = source;
  if (data === undefined || data === null) {
    throw whole('file is empty: a dataset needs at least `name:` and `cases:`');
  }
  if (isSpeakeasyAgent(data)) return { source, format: 'speakeasy-agent' };
  if (Array.isArray(data)) {
    if (extension === '.json') return { source, format: 'speakeasy' };
    throw whole('top level is a list: a dataset is a mapping with `name:` and `cases:` (a top-level array is read only from a speakeasy cases.json)');
  }
  if (typeof data !== 'object') {
    throw whole(`top level is ${typeof data} ${JSON.stringify(data)}: a dataset is a mapping with \`name:\` and \`cases:\``);
  }
  const record = data as Record<string, unknown>;
  const project = typeof record.project === 'string' ? { project: record.project } : {};
  return { source, format: isSeed000(record) ? 'seed-000' : 'native', ...project };
}

export function topIssue(file: string, message: string): DatasetIssue {
  return { file, line: 1, column: 1, path: '', message };
}
