import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRegistry, type EvaluatorRegistry } from './registry.ts';
import { aggregateRun, EvaluatorConfigError, runEvaluation, validateEvaluatorConfigs } from './runner.ts';
import type { AggregatedEvaluationResult, EvaluationCriteria, EvaluationInput, EvaluationResult, Evaluator } from '../../model/evaluation.ts';

const criteria: EvaluationCriteria[] = [
  { name: 'accuracy', description: 'correct', scale: 'likert5', weight: 3 },
  { name: 'format', description: 'formatted', scale: 'pass/fail' },
  { name: 'coverage', description: 'coverage', scale: 'numeric' },
];
const input: EvaluationInput = { response: 'answer', criteria: [], metadata: { caseId: 'c1' } };

/** A registry whose `fixed` evaluator returns the scores its config gives. */
function testRegistry(): EvaluatorRegistry {
  const registry = createRegistry({ builtins: false });
  registry.register('fixed', (config, given): Evaluator => ({
    type: 'fixed',
    evaluate: () => Promise.resolve(given.map((c) => ({ criterionName: c.name, evaluatorType: 'fixed', score: (config.scores as Record<string, number | boolean>)[c.name] ?? 0 }))),
  }));
  registry.register('throws', () => ({ type: 'throws', evaluate: () => { throw new Error('boom'); } }));
  registry.register('rejects', () => ({ type: 'rejects', evaluate: () => Promise.reject(new Error('judge unreachable')) }));
  registry.register('stray', (_config, given) => ({
    type: 'stray',
    evaluate: () => Promise.resolve([{ criterionName: 'elsewhere', evaluatorType: 'stray', score: 1 }, { criterionName: given[0]?.name ?? '', evaluatorType: 'stray', score: { bad: true } } as unknown as EvaluationResult]),
  }));
  return registry;
}

describe('runEvaluation', () => {
  it('normalises per scale and takes the weighted mean', async () => {
    const result = await runEvaluation(input, {
      criteria,
      registry: testRegistry(),
      evaluators: [{ type: 'fixed', criteria: ['accuracy', 'format', 'coverage'], scores: { accuracy: 4, format: true, coverage: 50 } }],
    });
    assert.deepEqual(result.normalized, { accuracy: 0.75, format: 1, coverage: 0.5 });
    // (3 × 0.75 + 1 × 1 + 1 × 0.5) / 5
    assert.equal(result.overallScore, 0.75);
    assert.deepEqual(result.evaluationConfigSnapshot, { evaluatorTypes: ['fixed'], criteriaNames: ['accuracy', 'format', 'coverage'], storageProviderType: 'none', metadataKeys: ['caseId'] });
    assert.deepEqual(result.inputSnapshot, input, "seed 004's inputSnapshot: the exact input judged");
    assert.deepEqual(result.metadata?.input, { caseId: 'c1' });
    assert.equal(typeof result.timestamp, 'number');
  });

  it('takes the mean when two evaluators score one criterion', async () => {
    const result = await runEvaluation(input, {
      criteria,
      registry: testRegistry(),
      evaluators: [
        { type: 'fixed', criterion: 'coverage', scores: { coverage: 0.2 } },
        { type: 'fixed', criterion: 'coverage', scores: { coverage: 0.6 } },
      ],
    });
    assert.equal(result.normalized.coverage, 0.4);
    assert.equal(result.overallScore, 0.4);
    assert.equal(result.results.length, 2);
  });

  it('isolates a failing evaluator: error results on its criteria, the others still scored, the case not judged', async () => {
    const result = await runEvaluation(input, {
      criteria,
      registry: testRegistry(),
      evaluators: [
        { type: 'fixed', criterion: 'format', scores: { format: false } },
        { type: 'throws', criterion: 'accuracy' },
        { type: 'rejects', criterion: 'coverage' },
      ],
    });
    assert.deepEqual(result.normalized, { format: 0, accuracy: null, coverage: null });
    // Missing evidence never raises a score: no overall score, and the reason per criterion.
    assert.equal(result.overallScore, undefined);
    assert.deepEqual(result.unjudged?.map((u) => [u.criterion, u.evaluator]), [['accuracy', 'throws'], ['coverage', 'rejects']]);
    const errors = result.results.filter((r) => r.error !== undefined);
    assert.deepEqual(errors.map((r) => r.criterionName).sort(), ['accuracy', 'coverage']);
    assert.match(errors.find((r) => r.criterionName === 'accuracy')?.error ?? '', /throws evaluator failed: boom/);
    assert.match(errors.find((r) => r.criterionName === 'coverage')?.error ?? '', /judge unreachable/);
  });

  it('turns results for unknown criteria and unusable scores into errors', async () => {
    const result = await runEvaluation(input, { criteria, registry: testRegistry(), evaluators: [{ type: 'stray', criterion: 'format' }] });
    const stray = result.results.find((r) => r.criterionName === 'elsewhere');
    assert.match(stray?.error ?? '', /not a criterion this evaluator was given \(format\)/);
    assert.match(result.results.find((r) => r.criterionName === 'format')?.error ?? '', /score must be a number, boolean or string/);
    assert.deepEqual(result.normalized, { format: null });
    assert.equal(result.overallScore, undefined);
    assert.equal('elsewhere' in result.normalized, false);
  });

  it('reports a criterion an evaluator left without a result', async () => {
    const registry = testRegistry();
    registry.register('silent', () => ({ type: 'silent', evaluate: () => Promise.resolve([]) }));
    const result = await runEvaluation(input, { criteria, registry, evaluators: [{ type: 'silent', criterion: 'format' }] });
    assert.match(result.results[0]?.error ?? '', /no result for this criterion/);
  });

  it('throws a config error before running anything', async () => {
    await assert.rejects(
      runEvaluation(input, { criteria, registry: testRegistry(), evaluators: [{ type: 'fixd', criterion: 'format' }] }),
      (error: unknown) => error instanceof EvaluatorConfigError && /unknown evaluator type 'fixd' \(did you mean 'fixed'\?\)/.test(error.message),
    );
  });

  it('records a storage failure instead of throwing, and stores what it returns', async () => {
    const saved: AggregatedEvaluationResult[] = [];
    const ok = await runEvaluation(input, {
      criteria, registry: testRegistry(), evaluators: [{ type: 'fixed', criterion: 'format', scores: { format: true } }],
      storage: { saveResult: (r) => { saved.push(r); return Promise.resolve(); } },
    });
    assert.equal(saved[0], ok);
    const failed = await runEvaluation(input, {
      criteria, registry: testRegistry(), evaluators: [{ type: 'fixed', criterion: 'format', scores: { format: true } }],
      storage: { saveResult: () => Promise.reject(new Error('disk full')) },
    });
    assert.equal(failed.metadata?.storageError, 'disk full');
    assert.equal(failed.overallScore, 1);
  });

  it('rejects with the abort reason when the run is cancelled', async () => {
    const registry = testRegistry();
    registry.register('slow', () => ({ type: 'slow', evaluate: () => new Promise<EvaluationResult[]>(() => undefined) }));
    const controller = new AbortController();
    const run = runEvaluation(input, { criteria, registry, signal: controller.signal, evaluators: [{ type: 'slow', criterion: 'format' }] });
    controller.abort(new Error('cancelled'));
    await assert.rejects(run, /cancelled/);
  });

  it("fills criteria from the input when the config's list lacks them", async () => {
    const result = await runEvaluation(
      { ...input, criteria: [{ name: 'extra', description: '', scale: 'numeric' }] },
      { criteria: [], registry: testRegistry(), evaluators: [{ type: 'fixed', criterion: 'extra', scores: { extra: 0.3 } }] },
    );
    assert.equal(result.normalized.extra, 0.3);
  });
});

describe('validateEvaluatorConfigs', () => {
  const registry = createRegistry();

  it('accepts valid configs, including built-ins on their default criteria', () => {
    assert.deepEqual(validateEvaluatorConfigs([{ type: 'rule_based' }, { type: 'keyword_coverage' }, { type: 'toxicity', criteria: ['format'] }], criteria, registry), []);
  });

  it('names each problem and the evaluator it is about', () => {
    const problems = validateEvaluatorConfigs(
      [
        { type: 'keyword_coverag' },
        { type: 'toxicity', criteria: ['formt'] },
        { type: 'lexical_similarity', algorithm: 'cosine' },
        { type: 'keyword_coverage', caseSenstive: true },
        { type: 'custom', criteria: ['format'] },
        { type: 'custom', criteria: ['format'], module: './nowhere.js' },
        { type: 'keyword_coverage', criteria: [{ name: 'format', description: '', scale: 'numeric' }] },
      ],
      [...criteria, { name: 'format', description: 'dup', scale: 'binary' }, { name: '', description: '', scale: '' }],
      registry,
    );
    const expected = [
      /criteria\[4\]: criterion name must be a non-empty string/,
      /criteria: format defined more than once/,
      /evaluators\[0\] \(keyword_coverag\): unknown evaluator type 'keyword_coverag' \(did you mean 'keyword_coverage'\?\); known: .*custom.*; for your own, use type: custom/,
      /evaluators\[1\] \(toxicity\): unknown criterion 'formt' \(did you mean 'format'\?\)/,
      /evaluators\[2\] \(lexical_similarity\): option algorithm must be one of dice, jaro_winkler, levenshtein/,
      /evaluators\[3\] \(keyword_coverage\): unknown option 'caseSenstive' \(did you mean 'caseSensitive'\?\)/,
      /evaluators\[4\] \(custom\): a custom evaluator needs module:/,
      /evaluators\[5\] \(custom\): custom evaluator module not found: .*nowhere\.js/,
      /evaluators\[6\] \(keyword_coverage\): inline criterion format conflicts/,
    ];
    for (const pattern of expected) assert.ok(problems.some((p) => pattern.test(p)), `no problem matches ${String(pattern)} in\n${problems.join('\n')}`);
  });

  it('rejects a negative weight and a config that is not an object', () => {
    const problems = validateEvaluatorConfigs([null as never], [{ name: 'w', description: '', scale: 'numeric', weight: -1 }], registry);
    assert.ok(problems.some((p) => /weight must be a number >= 0/.test(p)));
    assert.ok(problems.some((p) => /evaluators\[0\]: must be an object with a type/.test(p)));
  });
});

describe('aggregateRun', () => {
  const result = (overallScore: number | undefined, normalized: Record<string, number | null>, errored: string[] = []): AggregatedEvaluationResult => ({
    ...(overallScore !== undefined ? { overallScore } : {}),
    normalized,
    timestamp: 0,
    results: errored.map((name) => ({ criterionName: name, evaluatorType: 't', score: 'error', error: 'x' })),
  });

  it('means the cases, per criterion over the cases that scored it', () => {
    const run = aggregateRun([result(1, { a: 1, b: 0.5 }), result(0.5, { a: 0.5, b: null }, ['b']), result(undefined, { a: null }, ['a'])]);
    assert.equal(run.meanOverall, 0.75);
    assert.deepEqual(run.perCriterion, { a: { mean: 0.75, n: 2, errors: 1 }, b: { mean: 0.5, n: 1, errors: 1 } });
  });

  it('is null on an empty run', () => {
    assert.deepEqual(aggregateRun([]), { meanOverall: null, perCriterion: {} });
  });
});
