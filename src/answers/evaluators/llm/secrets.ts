/**
 * API keys live only in the environment: config names the variable (`apiKeyEnv`), the key
 * is read at request time and never stored on a config, result or report. Every message
 * built from a server's answer or a thrown error goes through `redact`, because servers and
 * proxies do echo credentials back (OpenAI's 401 quotes a masked key; others quote it whole).
 */

/** What a variable name may look like; anything else is probably the key pasted in by mistake. */
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export type Env = Record<string, string | undefined>;

/** Why the key cannot be used (naming the variable, never its value), or undefined when it can. */
export function apiKeyProblem(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  if (!value) return `the environment variable ${name} (apiKeyEnv) is not set`;
  // fetch would reject the header anyway, with a message that is ours to control only here.
  if (/[^\x21-\x7e]/.test(value)) return `the environment variable ${name} (apiKeyEnv) holds characters an HTTP header cannot carry`;
  return undefined;
}

export function readApiKey(env: Env, name: string): string | undefined {
  return apiKeyProblem(env, name) === undefined ? env[name]?.trim() : undefined;
}

// Common key shapes (OpenAI sk-…, bearer tokens), masked even when they are not our key:
// a proxy may echo another credential, and an error line in a public report is forever.
const KEY_SHAPES = [/\bsk-[A-Za-z0-9_*-]{8,}/g, /\b(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi];

export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join('[REDACTED]');
  }
  for (const shape of KEY_SHAPES) out = out.replace(shape, (_match, bearer?: string) => `${typeof bearer === 'string' ? bearer : ''}[REDACTED]`);
  return out;
}

/** A base URL as it may appear in messages: without user:password@. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return '(invalid URL)';
  }
}

/**
 * The API root as the report records it: scheme, host and path only. No credentials and
 * no query string (some gateways take a key there), no trailing slash.
 */
export function endpointName(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`;
  } catch {
    return '(invalid URL)';
  }
}
