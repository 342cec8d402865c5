/**
 * Custom evaluators: a user's module, named in the dataset as
 * `{ type: custom, module: ./my-evaluator.js }` (resolved against the dataset's folder).
 * Its default export is an Evaluator object, a factory `(config, criteria) => Evaluator`
 * (may be async), or a class constructed with `(config, criteria)`.
 *
 * JavaScript works on every supported Node. TypeScript modules load only where Node strips
 * types itself (on by default from 22.18 and 23.6; always on 24); the bundled CLI does not
 * compile them. Loading executes the user's code: a dataset is trusted like a build script.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EvaluateOptions, EvaluationCriteria, EvaluationInput, EvaluationResult, Evaluator, EvaluatorConfig } from '../../model/evaluation.ts';

/** A loaded module, ready to build evaluators for any config that names it. */
export type CustomEvaluatorFactory = (config: EvaluatorConfig, criteria: EvaluationCriteria[]) => Promise<Evaluator>;

const TYPESCRIPT = /\.[cm]?ts$/;

export function isEvaluator(value: unknown): value is Evaluator {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { type?: unknown; evaluate?: unknown };
  return typeof candidate.type === 'string' && candidate.type !== '' && typeof candidate.evaluate === 'function';
}

/** The module's absolute path; throws when it cannot be loaded here, before anything runs. */
export function resolveCustomModule(modulePath: string, baseDir: string): string {
  const file = path.resolve(baseDir, modulePath);
  if (!existsSync(file)) throw new Error(`custom evaluator module not found: ${file}`);
  if (TYPESCRIPT.test(file) && !process.features.typescript) {
    throw new Error(`custom evaluator ${file} is TypeScript, which this Node (${process.version}) cannot import: use Node >= 22.18 or compile it to .js`);
  }
  return file;
}

/** Imports the module and checks what it exports; every error names the file. */
export async function loadCustomEvaluator(modulePath: string, baseDir: string): Promise<CustomEvaluatorFactory> {
  const file = resolveCustomModule(modulePath, baseDir);
  let loaded: Record<string, unknown>;
  try {
    // Dynamic by path (the user's plugin file), so not in answers/lazy.ts with the stage's fixed lazy loads.
    loaded = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`custom evaluator ${file} failed to load: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const exported = loaded.default;
  if (isEvaluator(exported)) return () => Promise.resolve(exported);
  if (typeof exported !== 'function') {
    throw new Error(
      `custom evaluator ${file}: the default export must be an Evaluator ({ type, evaluate(input, criteria) }), a factory function or a class; got ${describe(exported)}`,
    );
  }
  const build = exported as (...args: unknown[]) => unknown;
  return async (config, criteria) => {
    let made: unknown;
    try {
      made = isClass(build) ? Reflect.construct(build, [config, criteria]) : await build(config, criteria);
    } catch (error) {
      throw new Error(`custom evaluator ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    if (!isEvaluator(made)) {
      throw new Error(`custom evaluator ${file}: ${isClass(build) ? 'the class built' : 'the factory returned'} ${describe(made)}, not an Evaluator ({ type, evaluate })`);
    }
    return made;
  };
}

/** Classes, and old-style constructors whose prototype carries evaluate(). */
function isClass(fn: (...args: unknown[]) => unknown): boolean {
  if (/^class[\s{]/.test(Function.prototype.toString.call(fn))) return true;
  const proto = (fn as { prototype?: { evaluate?: unknown } }).prototype;
  return typeof proto?.evaluate === 'function';
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing (no default export)';
  if (value === null) return 'null';
  if (typeof value === 'object') return `an object with keys [${Object.keys(value).join(', ')}]`;
  return `a ${typeof value}`;
}

/** Builds (or returns the cached) evaluator a custom config names. */
export type CustomInstance = (file: string, config: EvaluatorConfig, criteria: EvaluationCriteria[]) => Promise<Evaluator>;

/**
 * The `custom` evaluator: checks the module path when the config is validated (sync, so
 * validation stays sync) and builds the user's evaluator on first use; `instance` caches
 * it, so a factory that loads something heavy runs once per config, not once per case.
 */
export function createCustomEvaluator(config: EvaluatorConfig, criteria: EvaluationCriteria[], baseDir: string, instance: CustomInstance): Evaluator {
  if (typeof config.module !== 'string' || config.module === '') {
    throw new Error('a custom evaluator needs module: <path to a .js file exporting the evaluator>');
  }
  const file = resolveCustomModule(config.module, baseDir);
  return {
    type: 'custom',
    async evaluate(input: EvaluationInput, given: EvaluationCriteria[], options?: EvaluateOptions): Promise<EvaluationResult[]> {
      const evaluator = await instance(file, config, criteria);
      return evaluator.evaluate(input, given, options);
    },
  };
}
