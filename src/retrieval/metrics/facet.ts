/**
 * Facet precision (seed 002): for a filtered query, did anything the filter should have
 * excluded come back in the top k? A case is clean when none of its top-k hits breaks
 * its `forbidden` rule; the suite-level number is the share of judged cases that are clean.
 */
import { picomatch } from '../../shared/load-picomatch.ts';
import type { FacetMap, ForbiddenRule } from '../../model/case.ts';
import type { Hit } from '../../model/observation.ts';
import { normalizeCutoff } from './ranking.ts';

export interface FacetCheck {
  /**
   * False when the case has no forbidden rule (or an empty one): there is nothing to
   * check; also when a top-k hit could not be judged (no metadata for a forbidden facet
   * and no id globs for its value in the suite's `facets`) and nothing else broke the
   * rule: an unknown is not counted as clean.
   */
  judged: boolean;
  /** Ids in the top k that break the rule, in rank order, each once. */
  violations: string[];
  /** Why a case with a rule is not judged: the first hit that could not be judged, and what it lacks. */
  unjudged?: string;
}

type Matcher = (id: string) => boolean;

// dot: an id like `.github/x` is still an id; windows: false so a backslash in an id
// means the same on every OS (ids are not file paths, picomatch would otherwise
// follow the host platform).
const GLOB_OPTIONS = { dot: true, windows: false } as const;
const compiled = new Map<string, Matcher>();

function globMatcher(pattern: string): Matcher {
  let m = compiled.get(pattern);
  if (m === undefined) {
    m = picomatch(pattern, GLOB_OPTIONS);
    compiled.set(pattern, m);
  }
  return m;
}

/** True when the id matches any of the patterns; empty patterns (which picomatch rejects) match nothing. */
function matchesAny(id: string, patterns: readonly string[] | undefined): boolean {
  if (patterns === undefined) return false;
  return patterns.some((p) => p.length > 0 && globMatcher(p)(id));
}

function own<T>(record: Record<string, T> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** The rule has at least one id glob or one forbidden facet value. */
function hasRule(forbidden: ForbiddenRule | undefined): forbidden is ForbiddenRule {
  if (forbidden === undefined) return false;
  if ((forbidden.ids?.length ?? 0) > 0) return true;
  return Object.values(forbidden.facets ?? {}).some((values) => values.length > 0);
}

/**
 * Does this hit break the rule? In order:
 * 1. its id matches a `forbidden.ids` glob;
 * 2. for each forbidden facet value: when the hit carries `metadata[facet]`, the
 *    metadata decides (equal to the value = violation) — the server's own label beats
 *    our id-pattern guess; otherwise the suite's `facets[facet][value]` globs over the
 *    id decide.
 */
function violates(hit: Hit, forbidden: ForbiddenRule, facets: FacetMap): 'yes' | 'no' | { unknown: string } {
  if (matchesAny(hit.id, forbidden.ids)) return 'yes';
  let unknown: string | undefined;
  for (const [facet, values] of Object.entries(forbidden.facets ?? {})) {
    const labelled = own(hit.metadata, facet);
    for (const value of values) {
      if (labelled !== undefined) {
        if (String(labelled) === value) return 'yes';
        continue;
      }
      const globs = own(own(facets, facet), value);
      if (globs === undefined) {
        unknown ??= `${hit.id} carries no metadata.${facet}${hit.metadata === undefined ? ' (the server, or the id source, gave no metadata)' : ''}, and the suite's facets give no id globs for ${facet}=${value}`;
      } else if (matchesAny(hit.id, globs)) return 'yes';
    }
  }
  return unknown === undefined ? 'no' : { unknown };
}

/**
 * Check one case's hits. Hits are deduped by id first (first occurrence wins, with its
 * metadata) and cut at k, exactly like the ranking metrics, so "top k" means the same
 * thing everywhere. k < 1 checks nothing (a judged case with an empty top k is clean).
 */
export function facetViolations(
  hits: readonly Hit[],
  k: number,
  forbidden: ForbiddenRule | undefined,
  facets: FacetMap,
): FacetCheck {
  if (!hasRule(forbidden)) return { judged: false, violations: [] };
  const cut = normalizeCutoff(k);
  const seen = new Set<string>();
  const violations: string[] = [];
  let unknown: string | undefined;
  for (const hit of hits) {
    if (seen.size >= cut) break;
    if (seen.has(hit.id)) continue;
    seen.add(hit.id);
    const verdict = violates(hit, forbidden, facets);
    if (verdict === 'yes') violations.push(hit.id);
    else if (verdict !== 'no') unknown ??= verdict.unknown;
  }
  const judged = violations.length > 0 || unknown === undefined;
  return { judged, violations, ...(judged || unknown === undefined ? {} : { unjudged: unknown }) };
}

/** Share of judged cases whose top k is clean; null when no case is judged. */
export function facetPrecision(checks: readonly FacetCheck[]): number | null {
  const judged = checks.filter((c) => c.judged);
  if (judged.length === 0) return null;
  return judged.filter((c) => c.violations.length === 0).length / judged.length;
}
