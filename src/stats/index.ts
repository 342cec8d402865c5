/**
 * The statistics behind a comparison's verdicts: the paired sign-flip test and bootstrap
 * intervals for quality means, the ratio bootstrap and Mann-Whitney U for timings, all
 * seeded and pure over plain arrays.
 */
export { bootstrapMeanCi, bootstrapQuantileCi, bootstrapQuantileCis, bootstrapRatioCi, bootstrapStratifiedRatioCi, BOOTSTRAP_DRAWS, BOOTSTRAP_LEVEL } from './bootstrap.ts';
export type { BootstrapOptions, Interval, RatioEstimate } from './bootstrap.ts';
export { meanOf } from './mean.ts';
export { mannWhitneyU } from './mann-whitney.ts';
export type { MannWhitney } from './mann-whitney.ts';
export { erfc, normalCdf, normalSf } from './normal.ts';
export { DEFAULT_SEED, seededRng, shuffled } from './random.ts';
export type { Rng } from './random.ts';
export { signFlipTest, SIGN_FLIP_DRAWS, SIGN_FLIP_EXACT_UP_TO } from './sign-flip.ts';
export type { PairedTest, SignFlipOptions } from './sign-flip.ts';
export { pairedRatioCi } from './paired-ratio.ts';
export type { PairedRatioEstimate } from './paired-ratio.ts';
export { signTest } from './sign-test.ts';
export type { SignTest } from './sign-test.ts';
