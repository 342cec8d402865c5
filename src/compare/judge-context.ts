/** What judging a row needs: both reports, whether they are comparable, and the statistics' settings. */
import type { Report } from '../model/report.ts';
import type { HistoryOptions, HistoryReference } from './judge-history.ts';

export interface NoiseBands {
  /** Relative change treated as noise, per metric group, when no statistics are possible. */
  latency: number;
  memory: number;
  build: number;
}

// Build: one build per run, so no within-run noise to widen the band by; identical builds of the embedded
// default measured 310-917 ms across back-to-back runs on the loaded 2-core development machine.
export const DEFAULT_NOISE_BANDS: NoiseBands = { latency: 0.1, memory: 0.05, build: 0.5 };

export interface StatsOptions {
  /** Significance level of the paired test on quality metrics. */
  alpha: number;
  /** Smallest relative change of a timing or memory statistic called real (0.05 = 5%). */
  minEffect: number;
  /** Per metric id overrides of minEffect (e.g. { 'search.p95': 0.1 }). */
  minEffectFor: Record<string, number>;
  bands: NoiseBands;
  /** Seed of every resampling: the same reports always get the same verdicts. */
  seed: number;
  /** Bootstrap resamples. */
  draws: number;
}

export const DEFAULT_STATS: StatsOptions = {
  alpha: 0.05,
  minEffect: 0.05,
  minEffectFor: {},
  bands: DEFAULT_NOISE_BANDS,
  seed: 20_070_101,
  draws: 2_000,
};

export interface JudgeContext {
  baseline: Report;
  current: Report;
  /** The main-branch history timing and memory rows are judged against, when there is one. */
  history?: { reference: HistoryReference; options: HistoryOptions };
  /** Both reports come from one same-job A/B run. */
  sameJob: boolean;
  sameEnvironment: boolean;
  options: StatsOptions;
}

