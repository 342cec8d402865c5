/**
 * re2js, loaded on first use: ~150 KB that every run would otherwise evaluate before its
 * server may start, although only datasets with matches_regex rules need it; patterns are
 * checked while a dataset is parsed, so the load is synchronous (shared/lazy-require.ts).
 */
import type * as Re2 from 're2js';
import { lazyRequire } from '../../shared/lazy-require.ts';

export const re2 = lazyRequire<typeof Re2>('re2js');
