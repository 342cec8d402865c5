/**
 * Timing and memory rows. From the same job (base and head alternated on one runner)
 * the samples are comparable: the row is judged on a percentile-bootstrap CI of the
 * ratio current/baseline of its statistic (median, p95), and called a regression only
 * when the whole CI lies above 1 + the minimum effect (an improvement, below 1 - it);
 * Mann-Whitney U is shown as supporting evidence. Against a stored baseline (another
 * run), the main-branch history decides when it holds enough runs of the same dataset
 * on a comparable machine (judge-history.ts): a real verdict. Otherwise only a
 * threshold band applies, at least as wide as the noise measured within the two runs
 * themselves (their CIs), and the verdict is marked indicative.
 */
import type { MetricDef } from '../model/metric-catalog.ts';
import { bootstrapStratifiedRatioCi, mannWhitneyU, pairedRatioCi, type RatioEstimate } from '../stats/index.ts';
import { directionVerdict, EPSILON } from './direction.ts';
import type { JudgeContext } from './judge-context.ts';
import { caseMedians, pairedSamples, sampleSpec } from './samples.ts';
import { judgeAgainstHistory } from './judge-history.ts';
import type { DeltaRow } from '../model/comparison.ts';

/** Fewer samples than this per side and no CI is trusted (a single build, a 0.3 s RSS trace). */
export const MIN_SAMPLES = 20;
/** A median compared case by case needs this many cases: a bootstrap over fewer understates the spread. */
export const MIN_CASES = 10;
/** A quantile q needs this many samples beyond it per side (n·(1 − q)): p95 needs 400, p99 2000; the bootstrap of a tail resting on fewer calls is not to be trusted. */
export const MIN_TAIL = 20;
/** How many of the most slowed cases a latency row names. */
const NAMED_CASES = 10;

/** The latency summary and quantile a row's statistic is, to read the run's own CI of it. */
function ciOf(report: JudgeContext['current'], id: string): { lower: number; upper: number; value: number } | undefined {
  const [call, q] = id.split('.') as [string, string];
  const summary = call === 'search' || call === 'fetch' || call === 'answer' ? report.summary.latency[call] : undefined;
  // p99 has no CI of its own: the p95's, narrower, is its floor.
  const ci = q === 'p50' ? summary?.p50Ci : q === 'p95' || q === 'p99' ? summary?.p95Ci : undefined;
  const value = q === 'p50' ? summary?.p50 : summary?.p95;
  return ci && value ? { lower: ci.lower, upper: ci.upper, value } : undefined;
}

/** The run's own noise in a row, relative: the half-widths of both runs' CIs added (the CI of a difference is wider than either). */
function ownNoise(def: MetricDef, ctx: JudgeContext): number {
  let sum = 0;
  for (const report of [ctx.baseline, ctx.current]) {
    const ci = ciOf(report, def.id);
    if (ci) sum += (ci.upper - ci.lower) / 2 / ci.value;
  }
  return sum;
}

function bandOf(def: MetricDef, ctx: JudgeContext): number {
  const { bands } = ctx.options;
  const configured = def.group === 'memory' ? bands.memory : def.group === 'build' ? bands.build : bands.latency;
  return Math.max(configured, ownNoise(def, ctx));
}

function threshold(row: DeltaRow, def: MetricDef, ctx: JudgeContext, why: string): void {
  const band = bandOf(def, ctx);
  row.indicative = true;
  row.basis = `threshold ±${Math.round(band * 100)}% (${why})`;
  row.evidence = { kind: 'threshold', band, why };
  const absolute = row.absolute ?? 0;
  if (Math.abs(absolute) <= EPSILON) row.verdict = 'same';
  else if (row.relative !== null && Math.abs(row.relative) <= band) row.verdict = 'noise';
  else row.verdict = directionVerdict(def, Math.sign(absolute));
}

function slowedCases(def: MetricDef, ctx: JudgeContext, minEffect: number): string[] {
  const key = def.id.startsWith('fetch.') ? 'fetch' : def.id.startsWith('answer.') ? 'answer' : def.id.startsWith('search.') ? 'search' : undefined;
  if (!key) return [];
  const before = caseMedians(ctx.baseline, key);
  return [...caseMedians(ctx.current, key)]
    .flatMap(([id, after]) => {
      const was = before.get(id);
      return was !== undefined && was > 0 && after / was > 1 + minEffect ? [{ id, ratio: after / was }] : [];
    })
    .sort((a, b) => b.ratio - a.ratio)
    .slice(0, NAMED_CASES)
    .map((c) => c.id);
}

function fmt(x: number): string {
  return x.toFixed(3);
}

/** Against another run: the history's verdict when it has enough matching runs, else the indicative band saying what is missing. */
function judgeAcrossRuns(row: DeltaRow, def: MetricDef, ctx: JudgeContext): void {
  const minEffect = ctx.options.minEffectFor[def.id] ?? ctx.options.minEffect;
  if (ctx.history) {
    const outcome = judgeAgainstHistory(row, def, ctx.history.reference, ctx.history.options, minEffect);
    if (outcome.judged) {
      if (row.verdict === 'worse') row.cases = slowedCases(def, ctx, minEffect);
      return;
    }
    const missing = ctx.history.options.minRuns - outcome.runs;
    threshold(row, def, ctx, `${outcome.runs} main-branch run(s) of this dataset on this machine in the history, ${missing} more needed for a measured verdict`);
    return;
  }
  if (ctx.sameEnvironment) threshold(row, def, ctx, 'baseline from another run');
  else notComparable(row, def, ctx, 'baseline from another machine');
}

/**
 * Timing on another machine says nothing about the change: the row keeps its numbers and
 * the band as evidence, but no direction, so it is never drawn red (nor green): a fresh
 * clone comparing with the stored baseline of another CPU shows no false alarm.
 */
function notComparable(row: DeltaRow, def: MetricDef, ctx: JudgeContext, why: string): void {
  threshold(row, def, ctx, why);
  row.verdict = 'n/a';
  row.indicative = false;
  row.basis = `not comparable: ${why}`;
}

export function judgeTiming(row: DeltaRow, def: MetricDef, ctx: JudgeContext): void {
  if (!ctx.sameJob) {
    judgeAcrossRuns(row, def, ctx);
    return;
  }
  const spec = sampleSpec(def.id);
  const baseGroups = spec?.samples(ctx.baseline) ?? new Map<string, number[]>();
  const currentGroups = spec?.samples(ctx.current) ?? new Map<string, number[]>();
  const base = [...baseGroups.values()].flat();
  const current = [...currentGroups.values()].flat();
  const n = Math.min(base.length, current.length);
  const needed = spec && spec.quantile > 0.5 ? Math.max(MIN_SAMPLES, Math.ceil(MIN_TAIL / (1 - spec.quantile))) : MIN_SAMPLES;
  if (!spec || n < needed) {
    threshold(row, def, ctx, `${n} sample(s) per side, too few for a CI of this statistic (need ${needed})`);
    return;
  }
  const { seed, draws } = ctx.options;
  // Medians are compared case by case (each case against itself); tails (p95) are a
  // property of the pooled distribution and are compared pooled, resampled within cases.
  const paired = spec.pairedByCase ? pairedSamples(baseGroups, currentGroups) : [];
  if (spec.pairedByCase && paired.length < MIN_CASES) {
    threshold(row, def, ctx, `${paired.length} case(s) on both sides, too few for a verdict (need ${MIN_CASES})`);
    return;
  }
  const byCase = spec.pairedByCase === true;
  const estimate: RatioEstimate | null = byCase
    ? pairedRatioCi(paired, spec.quantile, { seed, draws })
    : bootstrapStratifiedRatioCi([...baseGroups.values()], [...currentGroups.values()], spec.quantile, { seed, draws });
  if (!estimate) {
    threshold(row, def, ctx, 'the baseline statistic is 0');
    return;
  }
  const minEffect = ctx.options.minEffectFor[def.id] ?? ctx.options.minEffect;
  const { ratio, interval } = estimate;
  const statistic = byCase ? `${spec.statistic} per case (geometric mean of ${paired.length} case ratios)` : spec.statistic;
  row.evidence = {
    kind: 'ratio',
    statistic,
    ratio,
    ci: { lower: interval.lower, upper: interval.upper, level: interval.level },
    draws: interval.draws,
    nBaseline: base.length,
    nCurrent: current.length,
    minEffect,
    mannWhitneyP: mannWhitneyU(base, current)?.p ?? null,
  };
  const up = interval.lower > 1 + minEffect;
  const down = interval.upper < 1 - minEffect;
  if (up || down) row.verdict = directionVerdict(def, up ? 1 : -1);
  else row.verdict = Math.abs(row.absolute ?? 0) <= EPSILON ? 'same' : 'noise';
  const ci = `${Math.round(interval.level * 100)}% CI [${fmt(interval.lower)}, ${fmt(interval.upper)}]`;
  row.basis = `same job: ratio of ${statistic} ${fmt(ratio)}, ${ci}, min effect ±${Math.round(minEffect * 100)}%`;
  if (row.verdict === 'worse') row.cases = slowedCases(def, ctx, minEffect);
}
