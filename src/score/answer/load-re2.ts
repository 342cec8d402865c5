/**
 * re2js, loaded on first use: ~150 KB that every run would otherwise evaluate before its
 * server may start, although only datasets with matches_regex rules need it. The load
 * must stay synchronous (patterns are checked while a dataset is parsed), so it is a
 * require of re2js's CommonJS build: in the bundles esbuild turns `require('re2js')` into
 * a lazily evaluated copy (DME_BUNDLE is defined by scripts/build.ts); from the sources,
 * Node's own require loads it from node_modules.
 */
import { createRequire } from 'node:module';
import type * as Re2 from 're2js';

declare const DME_BUNDLE: boolean | undefined;

let loaded: typeof Re2 | undefined;

export function re2(): typeof Re2 {
  if (loaded === undefined) {
    loaded =
      typeof DME_BUNDLE !== 'undefined'
        ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- bundled lazily by esbuild, see above
          (require('re2js') as typeof Re2)
        : (createRequire(import.meta.url)('re2js') as typeof Re2);
  }
  return loaded;
}
