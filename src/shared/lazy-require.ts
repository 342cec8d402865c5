/**
 * A dependency loaded on first use, synchronously. Some modules cost start-up time that
 * most runs never need (re2js for regex rules, yaml's positioned document model for error
 * locations), yet their callers are synchronous, so a dynamic import() will not do. In the
 * bundles, esbuild turns the literal `require('name')` inside `bundled` into a lazily
 * evaluated copy (DME_BUNDLE is defined by scripts/build.ts); from the sources, Node's
 * own require loads the package from node_modules. The package must have a CommonJS build.
 */
import { createRequire } from 'node:module';

declare const DME_BUNDLE: boolean | undefined;

export function lazyRequire<T>(name: string, bundled: () => unknown): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= (typeof DME_BUNDLE !== 'undefined' ? bundled() : createRequire(import.meta.url)(name)) as T);
}
