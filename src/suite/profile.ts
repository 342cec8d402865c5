/**
 * A profile: how one server wants answer cases called, kept out of the dataset so the
 * same cases run against servers that name their tools differently. `toolMap` maps the
 * logical tool names cases use to the server's (ask_docs -> crypto_ask_docs);
 * `inputDefaults` are arguments added to every answer call unless the case's input sets
 * them, with `{field}` templates filled from the case (seed 000 passes the case's project
 * on every call: `project: "{project}"`).
 *
 * Precedence (applied by the run stage): a profile's toolMap wins over the suite's, key
 * by key, since the profile describes the server under test and the suite only the
 * author's default; a case's own input wins over inputDefaults.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FetchSpec, SearchSpec } from '../run/search-spec.ts';
import { DatasetError } from './dataset-error.ts';
import validate from './generated/profile-validator.js';
import { schemaIssues } from './schema-issues.ts';
import { parseSourceDocument } from './source-document.ts';

export interface Profile {
  /** From the file, else the file's base name. */
  name: string;
  description?: string;
  toolMap: Record<string, string>;
  inputDefaults: Record<string, unknown>;
  /** How to call the search and fetch tools (see run/search-spec.ts), over the built-in default. */
  search?: Partial<SearchSpec>;
  fetch?: Partial<FetchSpec> | null;
  /** See ServerShape.errorPath. */
  errorPath?: string | null;
  file: string;
}

/** Reads a profile (.yaml, .yml or .json); problems are a DatasetError with file:line. */
export async function loadProfile(file: string): Promise<Profile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : String(error);
    throw new DatasetError([{ file, line: 1, path: '', message: `cannot read profile: ${reason}` }]);
  }
  return parseProfile(text, file);
}

/** Pure: `file` only labels messages and names a profile without `name`. */
export function parseProfile(text: string, file: string): Profile {
  const source = parseSourceDocument(text.replace(/^\uFEFF/, ''), file);
  if (source.syntaxIssues.length > 0) throw new DatasetError(source.syntaxIssues);
  const data = source.data ?? {};
  const issues = schemaIssues(validate, { ...source, data }, file);
  if (issues.length > 0) throw new DatasetError(issues);
  const raw = data as Partial<Pick<Profile, 'name' | 'description' | 'toolMap' | 'inputDefaults' | 'search' | 'fetch' | 'errorPath'>>;
  return {
    name: raw.name ?? path.basename(file, path.extname(file)),
    ...(raw.description === undefined ? {} : { description: raw.description }),
    ...(raw.search === undefined ? {} : { search: raw.search }),
    ...(raw.fetch === undefined ? {} : { fetch: raw.fetch }),
    ...(raw.errorPath === undefined ? {} : { errorPath: raw.errorPath }),
    toolMap: raw.toolMap ?? {},
    inputDefaults: raw.inputDefaults ?? {},
    file,
  };
}
