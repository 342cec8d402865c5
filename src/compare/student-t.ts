/** Student's t quantile (stdlib-js, checked against scipy): loaded on first use, never during a run's start. */
import type TQuantile from '@stdlib/stats-base-dists-t-quantile';
import { lazyRequire } from '../shared/lazy-require.ts';

const tQuantile = lazyRequire<typeof TQuantile>('@stdlib/stats-base-dists-t-quantile');

/** The p quantile of Student's t with df degrees of freedom. */
export function studentT(p: number, df: number): number {
  return tQuantile()(p, df);
}
