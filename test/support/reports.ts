/** Small, hand-made reports for pure tests of compare and render. */
import { buildReport } from '../../src/report/build-report.ts';
import type { CaseResult, Environment, Report } from '../../src/model/report.ts';
import type { CaseError } from '../../src/model/observation.ts';
import type { Judgment } from '../../src/model/case.ts';
import { rankingMetrics } from '../../src/retrieval/metrics/index.ts';

export interface CaseSpec {
  id: string;
  ranked: string[];
  relevant: Judgment[];
  category?: string;
  status?: CaseResult['status'];
  searchMs?: number[];
  /** Display name; the id when absent. */
  name?: string;
  /** For errored cases: what went wrong (the status is not implied). */
  error?: CaseError;
}

export function caseResult(spec: CaseSpec, k = 5): CaseResult {
  const status = spec.status ?? 'ok';
  const ranking = rankingMetrics(spec.ranked, spec.relevant, k);
  const relevantIds = new Set(spec.relevant.map((j) => j.id));
  const found = spec.ranked.some((id) => relevantIds.has(id));
  return {
    id: spec.id,
    name: spec.name ?? spec.id,
    kind: 'retrieval',
    category: spec.category ?? 'lexical',
    tags: [],
    query: `query ${spec.id}`,
    filters: {},
    relevant: spec.relevant,
    status,
    rankedIds: spec.ranked,
    rounds: [],
    foundInRound: found ? 1 : null,
    metrics: { ...ranking, rounds: found ? 1 : 3, facetClean: null },
    latency: { search: spec.searchMs ?? [10], fetch: [] },
    ...(spec.error ? { error: spec.error } : {}),
  };
}

export interface ReportOverrides {
  hash?: string;
  rssBytes?: number;
  /** The RSS trace, bytes per sample (the peak is their maximum unless rssBytes is given). */
  rssSamples?: number[];
  buildMs?: number;
  k?: number;
  environment?: Partial<Environment>;
  /** Marks the report as one arm of a same-job A/B run with this id. */
  sameJob?: { id: string; role: 'base' | 'head' };
}

export function report(cases: CaseSpec[], overrides: ReportOverrides = {}): Report {
  const k = overrides.k ?? 5;
  const rss = overrides.rssSamples;
  const memory =
    rss !== undefined
      ? { peakBytes: overrides.rssBytes ?? Math.max(...rss), intervalMs: 100, samples: rss.map((bytes, i) => ({ t: i * 100, bytes, processes: 1 })) }
      : overrides.rssBytes !== undefined
        ? { peakBytes: overrides.rssBytes, intervalMs: 100, samples: [] }
        : undefined;
  const built = buildReport({
    version: '0.0.0-test',
    createdAt: new Date('2026-01-01T00:00:00Z'),
    git: { sha: 'abcdef1234567890' },
    environment: { os: 'Linux test', arch: 'x64', cpuModel: 'Test CPU', cores: 2, node: 'v24.0.0', ...overrides.environment },
    target: { transport: 'stdio', command: 'node server.js', cwd: '/tmp' },
    suite: { name: 'test suite', files: ['cases.yaml'], hash: overrides.hash ?? 'hash-a', format: 'docs-mcp-eval', facets: {}, cases: [] },
    settings: { k, warmup: 0, repetitions: 1, timeoutMs: 1000 },
    results: cases.map((c) => caseResult(c, k)),
    ...(overrides.buildMs !== undefined ? { build: { command: 'build', ms: overrides.buildMs, exitCode: 0, stderrTail: '' } } : {}),
    ...(memory ? { memory } : {}),
    server: { stderrTail: '' },
  });
  if (overrides.sameJob) built.sameJob = { ...overrides.sameJob, baseRef: 'main', baseSha: '0123456789abcdef' };
  return built;
}
