/**
 * Evaluator types by name. A registry starts with the built-ins and `custom` (a user's
 * module); anyone can register more (the LLM judge, semantic similarity, a plugin)
 * without touching the runner. A factory builds an evaluator from its dataset config and
 * resolved criteria, and throws on a bad option: validation is "can every config be built".
 */
import path from 'node:path';
import { BUILTIN_EVALUATORS } from './builtin/index.ts';
import { resolveCriteria, type CriteriaDefaults } from './criteria.ts';
import { createCustomEvaluator, loadCustomEvaluator, type CustomEvaluatorFactory, type CustomInstance } from './custom.ts';
import type { EvaluationCriteria, Evaluator, EvaluatorConfig } from '../../model/evaluation.ts';

export type EvaluatorFactory = (config: EvaluatorConfig, criteria: EvaluationCriteria[]) => Evaluator;

export interface EvaluatorTypeOptions extends CriteriaDefaults {
  /** Replace an existing registration of the same type instead of throwing. */
  replace?: boolean;
}

export interface EvaluatorDefinition extends CriteriaDefaults {
  type: string;
  factory: EvaluatorFactory;
}

export interface EvaluatorRegistry {
  /** Where `custom` modules' relative paths start: the dataset's folder. */
  readonly baseDir: string;
  register(type: string, factory: EvaluatorFactory, options?: EvaluatorTypeOptions): void;
  get(type: string): EvaluatorDefinition | undefined;
  types(): string[];
  /**
   * Builds the evaluator a config names. Without `criteria`, they are resolved from the
   * config alone (inline definitions and the type's default criterion). Throws on an
   * unknown type, unknown criteria or bad options.
   */
  create(config: EvaluatorConfig, criteria?: EvaluationCriteria[]): Evaluator;
  /**
   * Imports every custom module the configs name and builds its evaluator (the user's
   * factory runs here, and is cached for the run), so a broken module or a factory that
   * rejects its options fails before any server starts. Pass the run's criteria so each
   * factory gets the criteria it will score. Returns problems (empty when all is well).
   */
  preload(configs: readonly EvaluatorConfig[], criteria?: readonly EvaluationCriteria[]): Promise<string[]>;
}

export interface RegistryOptions {
  /** Default: the working directory. Pass the dataset file's folder. */
  baseDir?: string;
  /** Register the built-in evaluators (default true); `custom` is always there. */
  builtins?: boolean;
}

export const CUSTOM = 'custom';

export function createRegistry(options: RegistryOptions = {}): EvaluatorRegistry {
  const baseDir = path.resolve(options.baseDir ?? process.cwd());
  const definitions = new Map<string, EvaluatorDefinition>();
  const modules = new Map<string, Promise<CustomEvaluatorFactory>>();
  // Per config object (suite and case configs live for the whole run), per criteria set.
  const instances = new WeakMap<EvaluatorConfig, Map<string, Promise<Evaluator>>>();
  const instance: CustomInstance = (file, config, criteria) => {
    let loaded = modules.get(file);
    if (!loaded) {
      loaded = loadCustomEvaluator(file, baseDir);
      modules.set(file, loaded);
    }
    let byCriteria = instances.get(config);
    if (!byCriteria) {
      byCriteria = new Map();
      instances.set(config, byCriteria);
    }
    const key = criteria.map((c) => c.name).join('\n');
    let built = byCriteria.get(key);
    if (!built) {
      built = loaded.then((factory) => factory(config, criteria));
      byCriteria.set(key, built);
    }
    return built;
  };

  const registry: EvaluatorRegistry = {
    baseDir,
    register(type, factory, typeOptions = {}) {
      if (typeof type !== 'string' || !/^[A-Za-z][\w.:-]*$/.test(type)) throw new Error(`evaluator type must be a name like my_evaluator; got ${JSON.stringify(type)}`);
      if (typeof factory !== 'function') throw new Error(`evaluator type ${type}: the factory must be a function (config, criteria) => Evaluator`);
      if (definitions.has(type) && typeOptions.replace !== true) throw new Error(`evaluator type ${type} is already registered (pass { replace: true } to override it)`);
      const { replace: _replace, ...defaults } = typeOptions;
      definitions.set(type, { type, factory, ...defaults });
    },
    get: (type) => definitions.get(type),
    types: () => [...definitions.keys()].sort(),
    create(config, criteria) {
      const definition = definitions.get(config.type);
      if (!definition) throw new Error(`unknown evaluator type '${config.type}'; known: ${registry.types().join(', ')}`);
      let resolved = criteria;
      if (!resolved) {
        const result = resolveCriteria(config, [], definition);
        if (result.problems.length > 0) throw new Error(result.problems.join('; '));
        resolved = result.criteria;
      }
      return definition.factory(config, resolved);
    },
    async preload(configs, criteria = []) {
      const problems: string[] = [];
      const custom = definitions.get(CUSTOM);
      for (const config of configs) {
        if (config.type !== CUSTOM || typeof config.module !== 'string' || !custom) continue;
        // Unresolvable criteria are validateEvaluatorConfigs' to report; build with what resolves.
        const resolved = resolveCriteria(config, criteria, custom).criteria;
        try {
          await instance(path.resolve(baseDir, config.module), config, resolved);
        } catch (error) {
          problems.push(error instanceof Error ? error.message : String(error));
        }
      }
      return [...new Set(problems)];
    },
  };

  registry.register(CUSTOM, (config, criteria) => createCustomEvaluator(config, criteria, baseDir, instance));
  if (options.builtins !== false) {
    for (const { type, factory, ...defaults } of BUILTIN_EVALUATORS) registry.register(type, factory, defaults);
  }
  return registry;
}
