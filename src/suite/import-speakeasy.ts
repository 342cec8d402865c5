/**
 * Importer for speakeasy-api/docs-mcp's eval `cases.json` (seed 002), so their suites run
 * unchanged: a top-level array of { name, category?, query, expectedChunkId, filters?,
 * limit?, maxRounds? }. Their seed docs also write `expected_chunk_id` and
 * `max_rounds_allowed`; both spellings are read. Validated with its own small schema and
 * reported like the native format.
 */
import path from 'node:path';
import type { Case, Suite } from '../model/case.ts';
import { DatasetError } from './dataset-error.ts';
import type { DatasetIssue } from './dataset-error.ts';
import { duplicateIdIssues } from './cross-case-checks.ts';
import { DEFAULT_CATEGORY, DEFAULT_LIMIT, DEFAULT_MAX_ROUNDS } from './normalise-cases.ts';
import validate from './generated/speakeasy-validator.js';
import { schemaIssues } from './schema-issues.ts';
import { caseSourceAt, formatDataPath } from './source-document.ts';
import type { SourceDocument } from './source-document.ts';
import { withLazyHash } from './suite-hash.ts';
import { isRecord } from '../shared/plain-data.ts';

interface SpeakeasyCase {
  id?: string;
  name: string;
  category?: string;
  query: string;
  expectedChunkId?: string;
  expected_chunk_id?: string;
  filters?: Record<string, string>;
  limit?: number;
  maxRounds?: number;
  max_rounds_allowed?: number;
}

/** Reads a parsed speakeasy `cases.json`; throws a DatasetError listing every problem. */
export function importSpeakeasy(source: SourceDocument, file: string): Suite {
  const rawItems = source.data as unknown[];
  const explicitIds = rawItems.map((item) => (isRecord(item) && typeof item.id === 'string' ? item.id : undefined));
  const issues: DatasetIssue[] = [
    ...schemaIssues(validate, source, file),
    ...duplicateIdIssues(explicitIds, source, file, (index) => [index]),
    ...rawItems.flatMap((item, index) => aliasConflicts(item, index, source, file)),
  ];
  if (issues.length > 0) throw new DatasetError(issues);

  const items = rawItems as SpeakeasyCase[];
  const ids = assignIds(items);

  const cases = items.map(
    (item, index): Case => ({
      kind: 'retrieval',
      id: ids[index] ?? `case-${index + 1}`,
      name: item.name,
      category: item.category ?? DEFAULT_CATEGORY,
      tags: [],
      source: caseSourceAt(source, file, [index]),
      query: item.query,
      filters: item.filters ?? {},
      relevant: [{ id: item.expectedChunkId ?? item.expected_chunk_id ?? '', grade: 1 }],
      limit: item.limit ?? DEFAULT_LIMIT,
      maxRounds: item.maxRounds ?? item.max_rounds_allowed ?? DEFAULT_MAX_ROUNDS,
    }),
  );
  const name = suiteName(file);
  return withLazyHash({ name, files: [file], format: 'speakeasy', facets: {}, cases });
}

/**
 * Explicit ids are kept; the rest are the slug of the name, with `-2`, `-3`... on a clash,
 * in file order, so the same file always gets the same ids.
 */
export function assignIds(items: readonly { id?: string; name: string }[]): string[] {
  const taken = new Set(items.flatMap((item) => (item.id === undefined ? [] : [item.id])));
  return items.map((item, index) => {
    if (item.id !== undefined) return item.id;
    const base = slugify(item.name) || `case-${index + 1}`;
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    return id;
  });
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '') // é -> e, not e-
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function aliasConflicts(item: unknown, index: number, source: SourceDocument, file: string): DatasetIssue[] {
  if (!isRecord(item) || item.maxRounds === undefined || item.max_rounds_allowed === undefined) return [];
  const at = source.locate([index]);
  return [
    {
      file,
      line: at.line,
      column: at.column,
      path: formatDataPath([index]),
      message: 'has both "maxRounds" and "max_rounds_allowed"; give only one',
    },
  ];
}

/** Their suites are one `cases.json` per fixture directory, so the directory names the suite; other files name it themselves. */
export function suiteName(file: string): string {
  const base = path.basename(file, path.extname(file));
  const directory = path.basename(path.dirname(file));
  return base === 'cases' && directory !== '' && directory !== '.' ? directory : base;
}

