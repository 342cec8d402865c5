/**
 * The dataset's content hash, so two reports can tell whether they ran the same cases.
 * Hashes what is judged (name, facets, normalised cases, and the suite-level answer
 * settings: criteria, evaluators, toolMap) and not where it was written: moving a file,
 * reordering keys or cases, reformatting or editing comments keeps the hash; changing a
 * query, a judgment, a rule or an applied default changes it.
 */
import type { Hash } from 'node:crypto';
import { nodeCrypto } from '../shared/lazy-crypto.ts';
import type { Case, FacetMap, Suite } from '../model/case.ts';

/** A Suite before its hash is attached. */
export type UnhashedSuite = Omit<Suite, 'hash'>;

/** The suite-level fields that change how answer cases are called or scored. */
export type SuiteSettings = Partial<Pick<Suite, 'criteria' | 'evaluators' | 'toolMap'>>;

/** Where canonical JSON goes, piece by piece. */
interface Sink {
  push(piece: string): void;
}

/** Pieces written between two hash updates: one update per piece would cost more than the joins. */
const PIECES_PER_UPDATE = 4096;

/**
 * `settings` may be the Suite itself (only its criteria, evaluators and toolMap are read).
 * A suite without them hashes as before they existed, so retrieval baselines keep their hash.
 * The canonical JSON is fed to the hash as it is written, never built as one string:
 * for 10,000 cases the nested joins of the whole text made ~55 MB of garbage while
 * the suite loaded.
 */
export function suiteHash(name: string, facets: FacetMap, cases: readonly Case[], settings: SuiteSettings = {}): string {
  // Ids are unique, and no metric depends on case order, so cases are hashed in id order.
  const sorted = [...cases].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const { criteria, evaluators, toolMap } = settings;
  const content = { name, facets, cases: sorted, criteria, evaluators, toolMap };
  const hash = nodeCrypto().createHash('sha256');
  const sink = hashSink(hash);
  // Where a case was written (`source`) is not what it is.
  const isCase = new Set<object>(sorted);
  writeCanonical(content, sink, (record) => (isCase.has(record) ? 'source' : undefined));
  sink.flush();
  return hash.digest('hex');
}

/**
 * `suite` with its `hash` computed on first read, then kept. The hash needs node:crypto and a
 * pass over every case, and nothing reads it before the report is built, so neither delays
 * the server's spawn. By default it is the suite's own content hash; `compute` gives another
 * (a selection keeps the whole suite's).
 */
export function withLazyHash(suite: UnhashedSuite, compute: () => string = () => suiteHash(suite.name, suite.facets, suite.cases, suite)): Suite {
  let hash: string | undefined;
  return Object.defineProperty(suite, 'hash', { enumerable: true, configurable: true, get: () => (hash ??= compute()) }) as Suite;
}

/** A copy of `suite` with other cases and the hash `compute` gives, made without reading the suite's own hash (a spread would compute it). */
export function withCases(suite: Suite, cases: Case[], compute: () => string): Suite {
  const copy = Object.fromEntries(Object.keys(suite).filter((key) => key !== 'hash').map((key) => [key, suite[key as keyof Suite]])) as UnhashedSuite;
  return withLazyHash({ ...copy, cases }, compute);
}

/** JSON with object keys sorted at every depth and undefined members dropped; array order is kept. */
export function canonicalJson(value: unknown): string {
  const pieces: string[] = [];
  writeCanonical(value, pieces);
  return pieces.join('');
}

function hashSink(hash: Hash): Sink & { flush(): void } {
  const pieces: string[] = [];
  const flush = (): void => {
    if (pieces.length > 0) hash.update(pieces.join(''));
    pieces.length = 0;
  };
  return {
    push(piece) {
      if (pieces.push(piece) >= PIECES_PER_UPDATE) flush();
    },
    flush,
  };
}

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Canonical JSON of `value` into `out`; `omitted` may name one key to leave out of an object. */
function writeCanonical(value: unknown, out: Sink, omitted: (record: object) => string | undefined = () => undefined): void {
  if (Array.isArray(value)) {
    out.push('[');
    for (const [i, item] of value.entries()) {
      if (i > 0) out.push(',');
      writeCanonical(item, out, omitted);
    }
    out.push(']');
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const omit = omitted(record);
    const keys = Object.keys(record)
      .filter((key) => key !== omit && record[key] !== undefined)
      .sort(byCodeUnit);
    out.push('{');
    for (const [i, key] of keys.entries()) {
      out.push(`${i > 0 ? ',' : ''}${JSON.stringify(key)}:`);
      writeCanonical(record[key], out, omitted);
    }
    out.push('}');
  } else out.push(JSON.stringify(value) ?? 'null');
}
