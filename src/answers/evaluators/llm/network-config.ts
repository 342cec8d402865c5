/**
 * The connection part of a network evaluator's config, and the "off unless configured" rule.
 *
 * Two different failures, handled differently:
 *  - a malformed config (typo'd option, a key pasted into the dataset, a bad URL) is the
 *    dataset's bug: the factory always throws, so validation fails the run before it starts;
 *  - an unconfigured environment (the key variable is not set, e.g. a fork's CI without
 *    secrets) is a fact about where the run happens: the factory throws a clear error naming
 *    the variable, unless the evaluator says `optional: true`, in which case it is skipped and
 *    every criterion it scores gets an error result with `metadata.skipped: true` (an error
 *    result is not counted in the aggregate, and the report still shows why it is missing).
 */
import type { EvaluationCriteria, EvaluationResult, Evaluator, EvaluatorConfig } from '../../../model/evaluation.ts';
import { assertKnownOptions } from '../options.ts';
import { apiKeyProblem, ENV_NAME, type Env } from './secrets.ts';

/**
 * A config problem. Messages do not repeat the evaluator type: the framework's plan
 * prefixes each with `evaluators[i] (type):`.
 */
export class NetworkConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NetworkConfigError';
  }
}

/** What an error result carries as its score, as the runner's own error results do; never counted. */
export const ERROR_SCORE = 'error';

export interface Connection {
  baseUrl: string;
  apiKeyEnv: string;
  model: string;
  timeoutMs: number;
  maxAttempts: number;
}

const CONNECTION_KEYS = ['baseUrl', 'baseUrlEnv', 'apiKeyEnv', 'model', 'timeoutMs', 'maxAttempts', 'optional'];
const SECRET_KEYS = /^(api[-_]?key|key|token|secret|password|authorization)$/i;

/** Reads options type-checked; refuses unknown options and anything that looks like a secret. */
export class OptionReader {
  readonly config: EvaluatorConfig;
  constructor(config: EvaluatorConfig, ownKeys: readonly string[]) {
    this.config = config;
    for (const key of Object.keys(config)) {
      // The value is deliberately not quoted: it may be the key itself.
      if (SECRET_KEYS.test(key)) {
        throw new NetworkConfigError(`option ${key} is not allowed: never write an API key in a dataset; put it in an environment variable and name that variable in apiKeyEnv`);
      }
    }
    try {
      assertKnownOptions(config, [...CONNECTION_KEYS, ...ownKeys]);
    } catch (error) {
      throw new NetworkConfigError(error instanceof Error ? error.message : String(error));
    }
  }
  fail(message: string): never {
    throw new NetworkConfigError(message);
  }
  string(key: string): string | undefined {
    const value = this.config[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value.trim() === '') this.fail(`option ${key} must be a non-empty string`);
    return value;
  }
  number(key: string, min: number, max: number, integer = false): number | undefined {
    const value = this.config[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
      this.fail(`option ${key} must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}`);
    }
    return value;
  }
  boolean(key: string): boolean | undefined {
    const value = this.config[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'boolean') this.fail(`option ${key} must be true or false`);
    return value;
  }
  envName(key: string): string | undefined {
    const value = this.config[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || !ENV_NAME.test(value)) {
      this.fail(`option ${key} must be the NAME of an environment variable (letters, digits, _), not a key or URL`);
    }
    return value;
  }
}

/** baseUrl must be http(s), without credentials; plain http only to this machine (the key would travel in clear). */
export function checkBaseUrl(reader: OptionReader, url: string, key: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return reader.fail(`${key} is not a URL`);
  }
  if (parsed.username || parsed.password) reader.fail(`${key} must not carry credentials; use apiKeyEnv`);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && loopback)) {
    reader.fail(`${key} must be https:// (http:// only for localhost: the API key is sent with every request)`);
  }
  return url;
}

export type Resolved = { connection: Connection; optional: boolean } | { skip: string; optional: true };

/**
 * Reads and checks the connection options, then decides: ready, skipped (optional), or a
 * thrown NetworkConfigError. `env` is read here only to decide; the client re-reads the
 * key per request so it never sits on an object that might be serialised.
 */
export function resolveConnection(reader: OptionReader, env: Env, defaults: { timeoutMs: number }): Resolved {
  const model = reader.string('model') ?? reader.fail('option model is required (e.g. gpt-4o-mini)');
  const literalUrl = reader.string('baseUrl');
  const urlEnv = reader.envName('baseUrlEnv');
  if (literalUrl !== undefined && urlEnv !== undefined) reader.fail('give baseUrl or baseUrlEnv, not both');
  const apiKeyEnv = reader.envName('apiKeyEnv');
  const timeoutMs = reader.number('timeoutMs', 1, 600_000, true) ?? defaults.timeoutMs;
  const maxAttempts = reader.number('maxAttempts', 1, 10, true) ?? 3;
  const optional = reader.boolean('optional') ?? false;
  if (literalUrl !== undefined) checkBaseUrl(reader, literalUrl, 'option baseUrl');

  const missing: string[] = [];
  if (literalUrl === undefined && urlEnv === undefined) missing.push('no baseUrl (or baseUrlEnv) is configured');
  if (apiKeyEnv === undefined) missing.push('no apiKeyEnv is configured');
  const fromEnv = urlEnv === undefined ? undefined : env[urlEnv]?.trim();
  if (urlEnv !== undefined && !fromEnv) missing.push(`the environment variable ${urlEnv} (baseUrlEnv) is not set`);
  if (fromEnv) checkBaseUrl(reader, fromEnv, `the environment variable ${urlEnv} (baseUrlEnv)`);
  const keyProblem = apiKeyEnv === undefined ? undefined : apiKeyProblem(env, apiKeyEnv);
  if (keyProblem !== undefined) missing.push(keyProblem);

  const baseUrl = literalUrl ?? fromEnv;
  if (missing.length > 0 || baseUrl === undefined || apiKeyEnv === undefined) {
    const why = missing.join('; ');
    if (optional) return { skip: why, optional: true };
    reader.fail(`not configured: ${why}. Configure it, or set \`optional: true\` to skip this evaluator where it is not configured`);
  }
  return { connection: { baseUrl, apiKeyEnv, model, timeoutMs, maxAttempts }, optional };
}

/** The evaluator an optional, unconfigured network evaluator becomes: it says why, and costs nothing. */
export function skippedEvaluator(type: string, reason: string, scope: (criteria: EvaluationCriteria[]) => EvaluationCriteria[]): Evaluator {
  return {
    type,
    evaluate(_input, criteria) {
      return Promise.resolve(
        scope(criteria).map(
          (c): EvaluationResult => ({
            criterionName: c.name,
            score: ERROR_SCORE,
            evaluatorType: type,
            error: `${type} skipped (optional): ${reason}`,
            metadata: { skipped: true },
          }),
        ),
      );
    },
  };
}
