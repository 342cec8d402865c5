import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRegistry } from '../../src/answers/evaluators/registry.ts';
import { runEvaluation, validateEvaluatorConfigs } from '../../src/answers/evaluators/runner.ts';
import type { EvaluationCriteria, EvaluatorConfig } from '../../src/model/evaluation.ts';

// As the README's dataset has it: the module path is relative to the dataset's folder.
const registry = createRegistry({ baseDir: import.meta.dirname });
const criteria: EvaluationCriteria[] = [{ name: 'concise', description: 'A sensible length', scale: 'numeric', weight: 0.5 }];
const evaluators: EvaluatorConfig[] = [{ type: 'custom', module: './answer-length.js', criteria: ['concise'], min: 10, max: 40 }];

describe('examples/custom-evaluator', () => {
  it('validates and preloads through the registry', async () => {
    assert.deepEqual(validateEvaluatorConfigs(evaluators, criteria, registry), []);
    assert.deepEqual(await registry.preload(evaluators, criteria), []);
  });

  it('scores an answer', async () => {
    const within = await runEvaluation({ response: 'Call refresh() first.', criteria }, { evaluators, criteria, registry });
    assert.equal(within.normalized.concise, 1);
    assert.equal(within.results[0]?.evaluatorType, 'answer_length');
    const short = await runEvaluation({ response: 'Yes.', criteria }, { evaluators, criteria, registry });
    assert.equal(short.normalized.concise, 0.4);
  });

  it('rejects bad options when preloaded, naming the file', async () => {
    const problems = await registry.preload([{ ...evaluators[0], type: 'custom', min: 50, max: 10 }], criteria);
    assert.match(problems[0] ?? '', /answer-length\.js: answer-length: min and max must be/);
  });
});
