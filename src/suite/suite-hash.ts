/**
 * The dataset's content hash, so two reports can tell whether they ran the same cases.
 * Hashes what is judged (name, facets, normalised cases, and the suite-level answer
 * settings: criteria, evaluators, toolMap) and not where it was written: moving a file,
 * reordering keys or cases, reformatting or editing comments keeps the hash; changing a
 * query, a judgment, a rule or an applied default changes it.
 */
import { createHash } from 'node:crypto';
import type { Case, FacetMap, Suite } from './case.ts';

/** The suite-level fields that change how answer cases are called or scored. */
export type SuiteSettings = Partial<Pick<Suite, 'criteria' | 'evaluators' | 'toolMap'>>;

/**
 * `settings` may be the Suite itself (only its criteria, evaluators and toolMap are read).
 * A suite without them hashes as before they existed, so retrieval baselines keep their hash.
 */
export function suiteHash(name: string, facets: FacetMap, cases: readonly Case[], settings: SuiteSettings = {}): string {
  // Ids are unique, and no metric depends on case order, so cases are hashed in id order.
  const sorted = [...cases].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const { criteria, evaluators, toolMap } = settings;
  const content = { name, facets, cases: sorted.map(({ source: _source, ...rest }) => rest), criteria, evaluators, toolMap };
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
