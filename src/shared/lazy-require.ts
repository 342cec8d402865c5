/**
 * A dependency loaded on first use, synchronously. Some packages cost start-up time that
 * most runs never need (re2js for regex rules, yaml's positioned document model for error
 * locations, Ajv for json_schema rules and judge answers, Student's t for history
 * verdicts, picomatch for id, facet and gate globs), yet their callers are synchronous,
 * so a dynamic import() will not do.
 *
 * From the sources, Node's own require loads the package from node_modules. A bundle
 * (DME_BUNDLE is defined by scripts/build.ts) holds none of them: the build writes each to
 * dist/lazy/<name>.cjs, read only when first used, so neither its parsing nor its
 * evaluation delays a run's start (test/action-startup-path.test.ts).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

declare const DME_BUNDLE: boolean | undefined;

/** The packages a bundle loads from dist/lazy/. */
export const LAZY_PACKAGES = ['re2js', 'yaml', 'ajv', '@stdlib/stats-base-dists-t-quantile', 'picomatch'] as const;
export type LazyPackage = (typeof LAZY_PACKAGES)[number];

/** dist/lazy/<file>: one CommonJS file per package. */
export function lazyFileName(name: LazyPackage): string {
  return `${name.replace(/^@/, '').replace(/\//g, '-')}.cjs`;
}

/** dist/, from a bundle (dist/*.js) or one of its chunks (dist/chunks/*.js). */
export function distDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.basename(here) === 'chunks' ? path.dirname(here) : here;
}

export function lazyRequire<T>(name: LazyPackage): () => T {
  let loaded: T | undefined;
  const load = () => createRequire(import.meta.url)(typeof DME_BUNDLE !== 'undefined' ? path.join(distDir(), 'lazy', lazyFileName(name)) : name) as T;
  return () => (loaded ??= load());
}
