/**
 * What the Action loads before it spawns the server: the files dist/action.js imports
 * statically, transitively (dynamic import() chunks load later, when used). The MCP SDK
 * with zod is loaded only once the server is spawned (server/stdio-session.ts), and
 * @actions/core's OIDC client with undici and the node:http facade never
 * (scripts/build.ts, noOidc), and re2js, yaml, Ajv and Student's t come from dist/lazy/
 * on first use (shared/lazy-require.ts): each cost 5-25 ms of cold start (npm run bench).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

const DIST = path.resolve(import.meta.dirname, '../dist');
const STATIC_IMPORT = /(?:^|[;}\n])\s*import\s*(?:[^'"()]*?from\s*)?"(\.[^"]+)"/g;

function startupFiles(entry: string): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    const text = readFileSync(file, 'utf8');
    files.set(file, text);
    for (const m of text.matchAll(STATIC_IMPORT)) visit(path.join(path.dirname(file), m[1]!));
  };
  visit(path.join(DIST, entry));
  return files;
}

describe("the Action's start-up path (before the server is spawned)", () => {
  const files = startupFiles('action.js');
  const text = [...files.values()].join('\n');

  it('holds neither the MCP SDK nor zod', () => {
    assert.doesNotMatch(text, /ZodError|Request timed out|notifications\/initialized/);
  });

  it("holds neither undici nor an ESM import of node:http (its facade loads Node's own undici)", () => {
    assert.doesNotMatch(text, /EventSource is experimental|from"(node:)?https?"/);
  });

  it('holds none of the packages loaded on first use (yaml, Student\'s t)', () => {
    assert.doesNotMatch(text, /YAMLParseError|gammaincinv/);
  });

  it('stays small', () => {
    const bytes = [...files.values()].reduce((sum, t) => sum + Buffer.byteLength(t), 0);
    assert.ok(bytes < 700 * 1024, `start-up path is ${(bytes / 1024).toFixed(0)} KiB`);
  });
});
