/**
 * The network evaluators inside the framework: registered on a real registry, planned and
 * run by the real runner against the loopback double. Factories read process.env, so the
 * key variable is set for these tests only.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRegistry } from '../registry.ts';
import { runEvaluation, validateEvaluatorConfigs } from '../runner.ts';
import type { EvaluationCriteria, EvaluatorConfig } from '../../../model/evaluation.ts';
import { registerNetworkEvaluators } from './register.ts';
import { startOpenAiDouble, type OpenAiDouble } from '../../../../test/support/openai-double/index.ts';

const KEY_ENV = 'DOCS_MCP_EVAL_REGISTER_TEST_KEY';
const MISSING_ENV = 'DOCS_MCP_EVAL_REGISTER_TEST_UNSET';
const CRITERIA: EvaluationCriteria[] = [
  { name: 'helpfulness', description: 'Answers the question', scale: 'likert5', weight: 2 },
  { name: 'meaning', description: 'Means what the reference means', scale: 'numeric' },
];

describe('network evaluators in the framework', () => {
  let double: OpenAiDouble;
  const registry = registerNetworkEvaluators(createRegistry());
  const connection = (): Partial<EvaluatorConfig> => ({ baseUrl: double.baseUrl, apiKeyEnv: KEY_ENV });

  before(async () => {
    double = await startOpenAiDouble();
    process.env[KEY_ENV] = double.apiKey;
    delete process.env[MISSING_ENV];
  });
  after(async () => {
    delete process.env[KEY_ENV];
    await double.close();
  });

  it('registers llm_judge and semantic_similarity beside the built-ins', () => {
    assert.ok(registry.types().includes('llm_judge') && registry.types().includes('semantic_similarity'));
  });

  it('runs both through runEvaluation and aggregates their scores', async () => {
    const evaluators: EvaluatorConfig[] = [
      { type: 'llm_judge', criteria: ['helpfulness'], model: 'gpt-4o-mini', ...connection() },
      { type: 'semantic_similarity', criterion: 'meaning', model: 'text-embedding-3-small', ...connection() },
    ];
    const result = await runEvaluation(
      { prompt: 'How to install?', response: 'npm install acme', groundTruth: 'npm install acme', criteria: CRITERIA },
      { evaluators, criteria: CRITERIA, registry },
    );
    assert.deepEqual(result.results.map((r) => [r.criterionName, r.evaluatorType, r.score, r.error]), [
      ['helpfulness', 'llm_judge', 5, undefined],
      ['meaning', 'semantic_similarity', 1, undefined],
    ]);
    assert.equal(result.normalized['helpfulness'], 1);
    assert.ok(Math.abs((result.normalized['meaning'] ?? 0) - 1) < 1e-9);
    assert.deepEqual(double.violations, []);
  });

  it('default criteria apply when a config names none', () => {
    const problems = validateEvaluatorConfigs(
      [
        { type: 'llm_judge', model: 'gpt-4o-mini', ...connection() },
        { type: 'semantic_similarity', model: 'text-embedding-3-small', ...connection() },
      ],
      [],
      registry,
    );
    assert.deepEqual(problems, []);
  });

  it('validation reports an unconfigured evaluator (naming the variable), unless it is optional', () => {
    const unconfigured: EvaluatorConfig = { type: 'llm_judge', criteria: ['helpfulness'], model: 'gpt-4o-mini', baseUrl: 'https://api.openai.com/v1', apiKeyEnv: MISSING_ENV };
    assert.deepEqual(validateEvaluatorConfigs([unconfigured], CRITERIA, registry), [
      `evaluators[0] (llm_judge): not configured: the environment variable ${MISSING_ENV} (apiKeyEnv) is not set. Configure it, or set \`optional: true\` to skip this evaluator where it is not configured`,
    ]);
    assert.deepEqual(validateEvaluatorConfigs([{ ...unconfigured, optional: true }], CRITERIA, registry), []);
  });

  it('an optional, unconfigured judge is skipped: its criterion is null, the others still count', async () => {
    const result = await runEvaluation(
      { response: 'npm install acme', groundTruth: 'npm install acme', criteria: CRITERIA },
      {
        evaluators: [
          { type: 'llm_judge', criteria: ['helpfulness'], model: 'gpt-4o-mini', baseUrl: 'https://api.openai.com/v1', apiKeyEnv: MISSING_ENV, optional: true },
          { type: 'semantic_similarity', criterion: 'meaning', model: 'text-embedding-3-small', ...connection() },
        ],
        criteria: CRITERIA,
        registry,
      },
    );
    const judged = result.results.find((r) => r.criterionName === 'helpfulness');
    assert.equal(judged?.metadata?.['skipped'], true);
    assert.match(judged?.error ?? '', new RegExp(`llm_judge skipped \\(optional\\): the environment variable ${MISSING_ENV}`));
    assert.equal(result.normalized['helpfulness'], null);
    assert.ok(Math.abs((result.overallScore ?? 0) - 1) < 1e-9);
  });
});
