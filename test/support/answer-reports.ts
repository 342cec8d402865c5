/** Small, hand-made reports of answer cases, for pure tests of the verdict and the markdown. */
import { buildReport } from '../../src/report/build-report.ts';
import type { AnswerResult, CaseResult, Report } from '../../src/model/report.ts';
import type { EvaluationResult } from '../../src/model/evaluation.ts';
import type { Suite } from '../../src/model/case.ts';

export interface AnswerSpec {
  id: string;
  /** Failed validation messages (none: every validation passed). */
  failed?: string[];
  status?: CaseResult['status'];
  score?: number | null;
  /** Judge results (criterion, score, reasoning). */
  evaluations?: EvaluationResult[];
  /** Criterion -> normalised score (default: each evaluation's numeric score as is). */
  criteria?: Record<string, number | null>;
  /** Server-reported confidence, when the answer carried one. */
  confidence?: number;
  tool?: string;
  /** Criteria the run could not judge (an evaluator error). */
  unjudged?: AnswerResult['unjudged'];
  /** The grounded metrics' context. */
  context?: AnswerResult['context'];
}

export function answerCase(spec: AnswerSpec): CaseResult {
  const failed = spec.failed ?? [];
  const evaluations = spec.evaluations ?? [];
  const status = spec.status ?? 'ok';
  return {
    id: spec.id,
    name: `name of ${spec.id}`,
    kind: 'answer',
    tool: spec.tool ?? 'ask_docs',
    category: spec.tool ?? 'ask_docs',
    tags: [],
    query: `question of ${spec.id}`,
    filters: {},
    relevant: [],
    status,
    rankedIds: [],
    rounds: [],
    foundInRound: null,
    latency: { search: [], fetch: [], answer: [12] },
    ...(status === 'ok'
      ? {
          answer: {
            tool: `crypto_${spec.tool ?? 'ask_docs'}`,
            excerpt: `answer of ${spec.id}`,
            chars: 20,
            passed: failed.length === 0,
            validations: [{ rule: 'min_length', passed: true, message: 'long enough' }, ...failed.map((message) => ({ rule: 'contains', passed: false, message }))],
            score: spec.score === undefined ? (failed.length === 0 ? 1 : 0) : spec.score,
            criteria: spec.criteria ?? Object.fromEntries(evaluations.map((e) => [e.criterionName, typeof e.score === 'number' ? e.score : null])),
            evaluations,
            ...(spec.confidence !== undefined ? { confidence: spec.confidence } : {}),
            ...(spec.unjudged !== undefined ? { unjudged: spec.unjudged } : {}),
            ...(spec.context !== undefined ? { context: spec.context } : {}),
          },
        }
      : { error: { kind: 'error_reply' as const, message: 'the server answered with an error' } }),
  };
}

/** A report over hand-made case results, as one run on the test machine would have it. */
export function reportOf(results: CaseResult[], suite: Pick<Suite, 'name' | 'hash' | 'format'>): Report {
  return buildReport({
    version: '0.0.0-test',
    createdAt: new Date('2026-01-01T00:00:00Z'),
    git: { sha: 'abcdef1234567890' },
    environment: { os: 'Linux test', arch: 'x64', cpuModel: 'Test CPU', cores: 2, node: 'v24.0.0' },
    target: { transport: 'stdio', command: 'node server.js', cwd: '/tmp' },
    suite: { ...suite, files: ['cases.yaml'], facets: {}, cases: [] },
    settings: { k: 5, warmup: 0, repetitions: 1, timeoutMs: 1000 },
    results,
    server: { stderrTail: '' },
  });
}

export function answerReport(specs: AnswerSpec[], name = 'answers'): Report {
  return reportOf(specs.map(answerCase), { name, hash: 'hash-answers', format: 'seed-000' });
}
