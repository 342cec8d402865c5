/**
 * The dataset's content hash, so two reports can tell whether they ran the same cases.
 * Hashes what is judged (name, facets, normalised cases) and not where it was written:
 * moving a file, reordering keys or cases, reformatting or editing comments keeps the
 * hash; changing a query, a judgment or an applied default changes it.
 */
import { createHash } from 'node:crypto';
import type { Case, FacetMap } from './case.ts';

export function suiteHash(name: string, facets: FacetMap, cases: readonly Case[]): string {
  // Ids are unique, and no metric depends on case order, so cases are hashed in id order.
  const sorted = [...cases].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const content = { name, facets, cases: sorted.map(({ source: _source, ...rest }) => rest) };
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}

/** JSON with object keys sorted at every depth; array order is kept. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
