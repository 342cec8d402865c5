/**
 * The evaluator framework (seed 004), its public face: run evaluators over an answer,
 * validate their configs, register your own.
 */
export { runEvaluation, aggregateRun, validateEvaluatorConfigs, EvaluatorConfigError, type EvaluationRunConfig } from './runner.ts';
export { aggregateCase, type CaseAggregate, type RunAggregate } from './aggregate.ts';
export { normalizeScore } from './normalize.ts';
export { planEvaluation, type EvaluationPlan, type PlannedEvaluator } from './plan.ts';
export { createRegistry, CUSTOM, type EvaluatorDefinition, type EvaluatorFactory, type EvaluatorRegistry, type EvaluatorTypeOptions, type RegistryOptions } from './registry.ts';
export { loadCustomEvaluator, isEvaluator, type CustomEvaluatorFactory } from './custom.ts';
export { BUILTIN_EVALUATORS, VALIDATIONS_CRITERION } from './builtin/index.ts';
export { NOT_APPLICABLE } from './builtin/shared.ts';
export { assertKnownOptions, booleanOption, choiceOption, numberOption, stringListOption, stringOption } from './options.ts';
export { checkFieldPath, fieldText, readField } from './fields.ts';
export type * from '../../model/evaluation.ts';
