/**
 * A content-addressed cache of judge and embedding calls, on disk so a CI job can keep it
 * between runs (actions/cache on `.docs-mcp-eval/cache/`). The key is the sha256 of the
 * canonical request (keys sorted): the endpoint (the API root), the route, the whole
 * request (model, messages or inputs, the response schema, every sampling parameter),
 * the caller's prompt version and the sample index, so a changed prompt, criterion,
 * scale, model, endpoint or answer is a new key and a stale answer can never be served.
 * The endpoint is in the key because a model name is only a name: pointed at another
 * server (or at nothing), a run must ask, not replay what another server said. The API
 * key is never part of it. The value is the parsed response.
 *
 * Only usable answers are written (the judge stores an answer after it parsed), so a
 * refused or malformed answer is asked again next run. Writes go through a temporary
 * file and a rename, so a killed run never leaves half a file; an unreadable entry is a
 * miss, never an error.
 */
import { nodeCrypto, sha256Hex } from '../../shared/lazy-crypto.ts';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Bumped when the stored value's shape changes: old entries then simply miss. */
const CACHE_VERSION = 2;

export interface CallCache {
  readonly dir: string;
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
}

/** JSON with object keys sorted at every depth: equal requests give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

export function cacheKey(request: unknown): string {
  return sha256Hex(canonicalJson({ v: CACHE_VERSION, request }));
}

export function createCallCache(dir: string): CallCache {
  const file = (key: string) => path.join(dir, key.slice(0, 2), `${key}.json`);
  return {
    dir,
    async get<T>(key: string): Promise<T | undefined> {
      try {
        const stored = JSON.parse(await readFile(file(key), 'utf8')) as { key?: string; value?: T };
        return stored.key === key ? stored.value : undefined;
      } catch {
        return undefined;
      }
    },
    async set(key, value) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${nodeCrypto().randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, JSON.stringify({ key, value }));
      await rename(temporary, target);
    },
  };
}
