/**
 * From history entries to gap-free chart series. Mermaid lines cannot have gaps, so:
 * a point where every series of a chart is missing is left out of that chart; a value
 * missing in one series repeats that series' previous value (the next one's at the
 * start). A series with no value at all is left out, and a chart with no series too.
 */

export interface SeriesInput {
  labels: readonly string[];
  /** One array per series, each as long as labels; null = not measured. */
  series: readonly (readonly (number | null)[])[];
}

export interface SeriesOutput {
  labels: string[];
  series: number[][];
}

function fill(values: readonly (number | null)[]): number[] {
  const first = values.find((v) => v !== null) ?? 0;
  let last = first;
  return values.map((v) => (last = v ?? last));
}

export function gapFree(input: SeriesInput): SeriesOutput {
  const present = input.series.filter((s) => s.some((v) => v !== null));
  const keep = input.labels.map((_, i) => present.some((s) => (s[i] ?? null) !== null));
  const labels = input.labels.filter((_, i) => keep[i]);
  const series = present.map((s) => fill(s.filter((_, i) => keep[i])));
  return { labels, series };
}

/** Labels made unique (a band axis merges equal ones): later repeats get " (2)", " (3)"... */
export function uniqueLabels(labels: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return labels.map((label) => {
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    return n === 1 ? label : `${label} (${n})`;
  });
}
