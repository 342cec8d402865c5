/**
 * node:crypto on first use. Loading it brings Node's cipher, key and webcrypto internals
 * (~7 ms measured on the Action's path to the server spawn, docs/benchmarks.md), and
 * hashing and random tokens are needed later, or never.
 * process.getBuiltinModule (Node 20.16+) loads a built-in synchronously from ES modules;
 * createRequire serves older Node 20s.
 */
import type * as NodeCrypto from 'node:crypto';
import { createRequire } from 'node:module';

type Crypto = typeof NodeCrypto;
let loaded: Crypto | undefined;

function load(): Crypto {
  // Typed as always there (@types/node 24), but absent before Node 20.16.
  const hasBuiltin = typeof (process as { getBuiltinModule?: unknown }).getBuiltinModule === 'function';
  return hasBuiltin ? process.getBuiltinModule('node:crypto') : (createRequire(import.meta.url)('node:crypto') as Crypto);
}

export function nodeCrypto(): Crypto {
  return (loaded ??= load());
}

/** The SHA-256 of a text, in hex: cache keys and content nonces. */
export function sha256Hex(text: string): string {
  return nodeCrypto().createHash('sha256').update(text).digest('hex');
}
