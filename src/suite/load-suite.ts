/**
 * Entry point of the suite stage: a dataset file into a validated Suite, or a
 * DatasetError listing every problem with file:line:column. The format is told by
 * extension and shape: a `.json` array is a speakeasy `cases.json`; a `.yaml`, `.yml`
 * or `.json` mapping is this project's format.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Suite } from './case.ts';
import { DatasetError } from './dataset-error.ts';
import type { DatasetIssue } from './dataset-error.ts';
import { importSpeakeasy } from './import-speakeasy.ts';
import { parseNativeSuite } from './parse-native-suite.ts';
import { parseSourceDocument } from './source-document.ts';

const EXTENSIONS = ['.yaml', '.yml', '.json'];

/** Reads and parses `file`; an unreadable file is a DatasetError too, so callers handle one kind. */
export async function loadSuite(file: string): Promise<Suite> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : String(error);
    throw new DatasetError([{ file, line: 1, path: '', message: `cannot read dataset: ${reason}` }]);
  }
  return parseSuite(text, file);
}

/** Pure: `file` only labels messages and picks the format by extension. */
export function parseSuite(text: string, file: string): Suite {
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
  if (Array.isArray(data)) {
    if (extension === '.json') return importSpeakeasy(source, file);
    throw whole('top level is a list: a dataset is a mapping with `name:` and `cases:` (a top-level array is read only from a speakeasy cases.json)');
  }
  if (typeof data !== 'object') {
    throw whole(`top level is ${typeof data} ${JSON.stringify(data)}: a dataset is a mapping with \`name:\` and \`cases:\``);
  }
  return parseNativeSuite(source, file);
}

function topIssue(file: string, message: string): DatasetIssue {
  return { file, line: 1, column: 1, path: '', message };
}
