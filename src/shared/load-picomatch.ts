/**
 * picomatch, loaded on first use (shared/lazy-require.ts): only id filters, facet globs and
 * gate metric patterns need it, and its module set-up cost a run's start a few ms before
 * its server could be spawned.
 */
import type Picomatch from 'picomatch';
import { lazyRequire } from './lazy-require.ts';

const picomatchModule = lazyRequire<typeof Picomatch>('picomatch');

/** picomatch(glob, options): a matcher for the glob(s). */
export function picomatch(glob: string | string[], options?: Picomatch.PicomatchOptions): (test: string) => boolean {
  return picomatchModule()(glob, options);
}
