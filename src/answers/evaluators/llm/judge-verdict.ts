/**
 * Reading the judge's verdict: lenient where the meaning is unambiguous, strict where it
 * is not. Strict structured output is a request, not a guarantee: "OpenAI-compatible"
 * servers may ignore response_format, and a model may answer a number as text.
 *
 * - The answer must be `{ results: [...] }`, each item an object naming its criterion:
 *   anything else is an unusable answer (the call is asked again, within its attempts).
 * - A score is read on its criterion's scale as normalize.ts reads any evaluator's:
 *   numbers sent as text ("4"), truth words in any case ("Yes", "PASS", "true"), labels
 *   in any case. The value kept is the scale's own (4, true, the label as the scale
 *   writes it), so the report shows one spelling.
 * - A score that is not on its scale ("b" on likert5, 7.5, 11) unjudges that criterion
 *   alone, with a message that gives the value and the scale; the call's other criteria
 *   keep their scores, and the call is not asked again (the judge did answer).
 * - Criterion names match exactly, else case-insensitively; the first item for a
 *   criterion wins; items for criteria not asked are ignored.
 */
import type { EvaluationCriteria, EvaluationScale } from '../../../model/evaluation.ts';
import { normalizeOn, parseScale, toNumber, type ScaleSpec } from '../scales.ts';
import { scaleGuide } from './judge-schema.ts';
import { isRecord } from '../../../shared/plain-data.ts';

export interface JudgedItem {
  criterion: string;
  reasoning: string;
  score: number | boolean | string;
}

/** A criterion the judge scored off its scale: not judged, and why. */
export interface OffScaleItem {
  criterion: string;
  reasoning: string;
  offScale: string;
}

export type VerdictItem = JudgedItem | OffScaleItem;

/** The score in the scale's own spelling, or null when it is not on the scale. */
export function scoreOnScale(raw: unknown, spec: ScaleSpec): number | boolean | string | null {
  if (normalizeOn(spec, raw) === null) return null;
  switch (spec.kind) {
    case 'truth':
      return normalizeOn(spec, raw) === 1;
    case 'labels':
      return spec.labels.find((l) => l.toLowerCase() === String(raw).trim().toLowerCase()) ?? null;
    default:
      return toNumber(raw);
  }
}

/** "7.5 is not on the likert5 scale (integer 1 (very poor) to 5 (excellent))". */
export function offScaleMessage(criterion: string, raw: unknown, scale: EvaluationScale): string {
  const shown = raw === undefined ? 'no score' : JSON.stringify(raw);
  return `the judge scored "${criterion}" ${shown}, which is not on its scale ${String(scale)} (${scaleGuide(scale)})`;
}

/** The parsed JSON -> one item per criterion it answered, or why the answer is unusable (asked again). */
export function readVerdict(data: unknown, criteria: readonly EvaluationCriteria[]): Map<string, VerdictItem> | string {
  if (!isRecord(data)) return 'the answer is not a JSON object';
  const results = data['results'];
  if (!Array.isArray(results)) return 'the answer has no "results" list';
  const byName = new Map(criteria.map((c) => [c.name, c]));
  const byLower = new Map(criteria.map((c) => [c.name.toLowerCase(), c]));
  const items = new Map<string, VerdictItem>();
  for (const [i, item] of results.entries()) {
    if (!isRecord(item) || typeof item['criterion'] !== 'string') return `results[${i}] is not an object with a "criterion" name`;
    const name = item['criterion'].trim();
    const criterion = byName.get(name) ?? byLower.get(name.toLowerCase());
    if (!criterion || items.has(criterion.name)) continue;
    const reasoning = typeof item['reasoning'] === 'string' ? item['reasoning'] : '';
    const spec = parseScale(criterion.scale);
    const score = typeof spec === 'string' ? null : scoreOnScale(item['score'], spec);
    items.set(criterion.name, score === null ? { criterion: criterion.name, reasoning, offScale: offScaleMessage(criterion.name, item['score'], criterion.scale) } : { criterion: criterion.name, reasoning, score });
  }
  return items;
}

export function isOffScale(item: VerdictItem): item is OffScaleItem {
  return 'offScale' in item;
}
