/**
 * What `npm run bench:history` records (bench/history-calibration.json) and how the docs
 * show it (scripts/docs-facts.ts). One record per machine condition (as it is, or `--hogs N`), so
 * statistics.md shows what a history catches as a function of its spread, measured, beside
 * what the spread predicts (src/compare/history-reach.ts). A file written before records
 * existed (one bare run) reads as one record.
 */
import { historyReach, detectionChance } from '../src/compare/history-reach.ts';
import { formatIncrease } from '../src/publish/markdown/render-history-reach.ts';

export type BenchMetric = 'search.p50' | 'rss.peak';
export const BENCH_METRICS: readonly BenchMetric[] = ['search.p50', 'rss.peak'];

export interface HistoryCalibrationRun {
  /** The machine's condition: "no added load", or CPU hogs (`--hogs N`: N × `yes > /dev/null`); the load average says the rest. */
  label: string;
  hogs?: number;
  date: string;
  machine: { cpu: string; cores: number; node: string; load: number[] };
  historyRuns: number;
  trials: number;
  minRuns: number;
  slowerByMs: number;
  fatterByMiB: number;
  /** Run-to-run spread of the main-branch runs (sd of ln), over all of them. */
  spread: Record<BenchMetric, number>;
  falseAlarms: Record<BenchMetric, number>;
  /** Slower (search p50) and fatter (peak RSS) trials called worse. */
  detected: Record<BenchMetric, number>;
  /** The change the slower and fatter runs really made: exp(mean ln trial − mean ln A/A). */
  realised?: Record<BenchMetric, number>;
  /** How many of the trials the history's spread predicts caught: Σ detectionChance over the judged trials. */
  expected?: Record<BenchMetric, number>;
}

export interface HistoryCalibrationFile {
  runs: HistoryCalibrationRun[];
}

/** The records of a file, the old single-run form included. */
export function readRecords(json: unknown): HistoryCalibrationRun[] {
  if (typeof json !== 'object' || json === null) return [];
  if (Array.isArray((json as HistoryCalibrationFile).runs)) return (json as HistoryCalibrationFile).runs;
  return [{ label: 'recorded', ...(json as Omit<HistoryCalibrationRun, 'label'>) }];
}

/** The file with `run` in place of the record of the same label. */
export function withRecord(records: readonly HistoryCalibrationRun[], run: HistoryCalibrationRun): HistoryCalibrationFile {
  return { runs: [...records.filter((r) => r.label !== run.label), run] };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const LABELS: Record<BenchMetric, string> = { 'search.p50': 'Search p50', 'rss.peak': 'Peak RSS' };

/** statistics.md's measured table: per condition and metric, spread, reach, caught (predicted and measured), false alarms. */
export function measuredTable(records: readonly HistoryCalibrationRun[], alpha: number, minEffect: number): string {
  const rows = records.flatMap((c) =>
    BENCH_METRICS.map((id) => {
      const reach = historyReach(c.spread[id], c.historyRuns, alpha, minEffect);
      const realised = c.realised ? `×${c.realised[id].toFixed(2)}` : '×1.25 (asked)';
      const expected = c.expected ? `${c.expected[id].toFixed(1)}` : '—';
      return `| ${c.label}, load ${c.machine.load[0]!.toFixed(1)} | ${LABELS[id]} | ${pct(c.spread[id])} | −${pct(reach.down)} to ${formatIncrease(reach.up)} | ${formatIncrease(reach.reliableUp)} | ${realised} | ${expected} | **${c.detected[id]}** of ${c.trials} | **${c.falseAlarms[id]}** of ${c.trials} |`;
    }),
  );
  const notes = records.map(
    (c) =>
      `${c.label}: ${c.historyRuns} history rounds then ${c.trials} judged rounds, every run its own process, slower by ${c.slowerByMs} ms per call, fatter by ${c.fatterByMiB} MiB; ` +
      `measured ${c.date.slice(0, 10)} by \`npm run bench:history${c.hogs ? ` -- --hogs ${c.hogs}` : ''}\` on ${c.machine.cpu} (${c.machine.cores} cores, load ${c.machine.load.map((l) => l.toFixed(2)).join(' ')}), Node ${c.machine.node}`,
  );
  return [
    '| machine | metric | spread (sd of ln) | noise within (at the first judged round) | caught 19 in 20 from | change made (realised) | caught, predicted from the spread | caught, measured | A/A false alarms |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    `(${notes.join('. ')}.)`,
  ].join('\n');
}

/** statistics.md's table of what the spread allows: computed, not measured, for a history of `runs` runs. */
export function reachBySpreadTable(spreads: readonly number[], runs: number, alpha: number, minEffect: number): string {
  const rows = spreads.map((s) => {
    const r = historyReach(s, runs, alpha, minEffect);
    return `| ${pct(s)} | −${pct(r.down)} to +${pct(r.up)} | +${pct(r.reliableUp)} | ${Math.round(detectionChance(1.25, s, runs, alpha, minEffect) * 100)}% | ${Math.round(detectionChance(1.1, s, runs, alpha, minEffect) * 100)}% |`;
  });
  return [
    `| spread (sd of ln) | noise within | caught 19 in 20 from | chance to catch +25% | chance to catch +10% |`,
    '| ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    `(${runs} history runs, α ${alpha}, minimum effect ${Math.round(minEffect * 100)}%: \`historyReach\` and \`detectionChance\` in \`src/compare/history-reach.ts\`.)`,
  ].join('\n');
}
