/**
 * "Did you mean" for misspelt field and enum names: the known name nearest to what was
 * typed, if it is near enough to be a likely typo (case, `_`/`-` and small edits).
 */

export function closestName(typed: string, known: readonly string[]): string | undefined {
  const target = fold(typed);
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const name of known) {
    const distance = editDistance(target, fold(name));
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  const allowed = Math.max(1, Math.floor(target.length / 3));
  return bestDistance <= allowed ? best : undefined;
}

/** `max_rounds`, `MaxRounds` and `maxRounds` are the same word to a reader. */
function fold(name: string): string {
  return name.toLowerCase().replace(/[-_\s]/g, '');
}

/** Levenshtein distance, two rows. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
