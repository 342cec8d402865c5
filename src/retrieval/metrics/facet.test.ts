import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { FacetMap } from '../../model/case.ts';
import type { Hit } from '../../model/observation.ts';
import { facetPrecision, facetViolations } from './facet.ts';

const facets: FacetMap = {
  language: { python: ['python/**'], typescript: ['ts/**', '**/*.ts.md'] },
  version: { v1: ['**/v1/**'] },
};

const hits = (...ids: string[]): Hit[] => ids.map((id) => ({ id }));

void describe('facetViolations', () => {
  void it('is not judged without a forbidden rule, or with an empty one', () => {
    assert.deepEqual(facetViolations(hits('python/a'), 5, undefined, facets), { judged: false, violations: [] });
    assert.deepEqual(facetViolations(hits('python/a'), 5, {}, facets), { judged: false, violations: [] });
    assert.deepEqual(facetViolations(hits('python/a'), 5, { ids: [], facets: { language: [] } }, facets), {
      judged: false,
      violations: [],
    });
  });

  void it('flags ids matching forbidden.ids globs', () => {
    const r = facetViolations(hits('ts/a', 'old/x', 'old/deep/y', 'ts/b'), 5, { ids: ['old/*'] }, facets);
    assert.deepEqual(r, { judged: true, violations: ['old/x'] });
  });

  void it('matches dotfiles (dot: true)', () => {
    assert.deepEqual(facetViolations(hits('.hidden/a'), 5, { ids: ['**'] }, facets).violations, ['.hidden/a']);
  });

  void it('falls back to the suite facet map when the hit has no metadata', () => {
    const r = facetViolations(hits('ts/a', 'python/x/y', 'docs/guide.ts.md'), 5, { facets: { language: ['python'] } }, facets);
    assert.deepEqual(r, { judged: true, violations: ['python/x/y'] });
  });

  void it('lets the hit metadata decide when present, over the id globs', () => {
    const h: Hit[] = [
      // Path looks like python, but the server labels it typescript: clean.
      { id: 'python/really-ts', metadata: { language: 'typescript' } },
      // Path looks neutral, but the server labels it python: violation.
      { id: 'shared/a', metadata: { language: 'python' } },
      // Metadata for another facet only: the language globs still apply.
      { id: 'python/b', metadata: { version: 'v2' } },
    ];
    const r = facetViolations(h, 5, { facets: { language: ['python'] } }, facets);
    assert.deepEqual(r.violations, ['shared/a', 'python/b']);
  });

  void it('checks every forbidden value of every facet', () => {
    const r = facetViolations(
      hits('python/a', 'ts/b', 'go/v1/c', 'go/v2/d'),
      10,
      { facets: { language: ['python', 'typescript'], version: ['v1'] } },
      facets,
    );
    assert.deepEqual(r.violations, ['python/a', 'ts/b', 'go/v1/c']);
  });

  void it('only looks at the deduped top k', () => {
    // [ts/a, ts/a, ts/b, python/c] dedupes to [ts/a, ts/b, python/c]; top 2 is clean.
    const h = hits('ts/a', 'ts/a', 'ts/b', 'python/c');
    const rule = { facets: { language: ['python'] } };
    assert.deepEqual(facetViolations(h, 2, rule, facets), { judged: true, violations: [] });
    assert.deepEqual(facetViolations(h, 3, rule, facets), { judged: true, violations: ['python/c'] });
  });

  void it('reports a repeated violating id once', () => {
    assert.deepEqual(facetViolations(hits('python/a', 'python/a'), 5, { ids: ['python/**'] }, facets).violations, ['python/a']);
  });

  void it('is total: k <= 0 checks nothing, unknown facets and empty patterns match nothing', () => {
    assert.deepEqual(facetViolations(hits('python/a'), 0, { ids: ['**'] }, facets), { judged: true, violations: [] });
    assert.deepEqual(facetViolations(hits('python/a'), Number.NaN, { ids: ['**'] }, facets).violations, []);
    assert.deepEqual(facetViolations(hits('python/a'), 5, { facets: { os: ['linux'] } }, facets).violations, []);
    assert.deepEqual(facetViolations(hits('python/a'), 5, { facets: { language: ['rust'] } }, facets).violations, []);
    assert.deepEqual(facetViolations(hits('python/a'), 5, { ids: [''] }, facets).violations, []);
    // Facet and value names that collide with Object.prototype keys are just unknown names.
    assert.deepEqual(facetViolations(hits('x'), 5, { facets: { constructor: ['toString'] } }, facets).violations, []);
    assert.deepEqual(facetViolations([{ id: 'x', metadata: {} }], 5, { facets: { toString: ['a'] } }, facets).violations, []);
  });
});

void describe('facetViolations with facet values nobody can judge', () => {
  const facets = { language: { python: ['sdks/python/**'] } };
  void it('does not count a top k as clean when a hit cannot be judged on a forbidden value', () => {
    // `go` has no id globs and the hit carries no metadata: unknown, not clean.
    const check = facetViolations([{ id: 'sdks/go/a.md#x' }], 5, { facets: { language: ['go'] } }, facets);
    assert.deepEqual(check, {
      judged: false,
      violations: [],
      unjudged: "sdks/go/a.md#x carries no metadata.language (the server, or the id source, gave no metadata), and the suite's facets give no id globs for language=go",
    });
  });
  void it('still judges the case when another hit breaks the rule', () => {
    const check = facetViolations([{ id: 'sdks/go/a.md#x' }, { id: 'sdks/python/b.md#y' }], 5, { facets: { language: ['go', 'python'] } }, facets);
    assert.deepEqual(check, { judged: true, violations: ['sdks/python/b.md#y'] });
  });
  void it('judges on metadata when the server labels its hits, map or no map', () => {
    const check = facetViolations([{ id: 'x', metadata: { language: 'typescript' } }], 5, { facets: { language: ['go'] } }, facets);
    assert.deepEqual(check, { judged: true, violations: [] });
  });
});

void describe('facetPrecision', () => {
  void it('is the share of judged cases that are clean, ignoring unjudged ones', () => {
    const clean = { judged: true, violations: [] };
    const dirty = { judged: true, violations: ['x'] };
    const unjudged = { judged: false, violations: [] };
    assert.equal(facetPrecision([clean, dirty, unjudged, clean]), 2 / 3);
    assert.equal(facetPrecision([unjudged]), null);
    assert.equal(facetPrecision([]), null);
  });
});
