/**
 * What the Action loads before it spawns the server: the files dist/action.js imports
 * statically, transitively (dynamic import() chunks load later, when used). The MCP SDK
 * with zod is loaded only once the server is spawned (server/stdio-session.ts), and
 * @actions/core's OIDC client with undici and the node:http facade never
 * (scripts/build.ts, noOidc), and re2js, yaml, Ajv, Student's t and picomatch come from
 * dist/lazy/ on first use (shared/lazy-require.ts): each cost 5-25 ms of cold start (npm
 * run bench). What runs after the run (scoring, comparison, rendering, publishing) loads
 * after it; node:crypto and node:util load when first used; and the start-up modules stay
 * in one chunk (scripts/startup-chunk.ts), since each file costs the ES module loader.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { startupBytes, startupFiles } from '../scripts/startup-path.ts';

const DIST = path.resolve(import.meta.dirname, '../dist');

describe("the Action's start-up path (before the server is spawned)", () => {
  const files = startupFiles(DIST, 'action.js');
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

  it('holds nothing of what runs after the run (scoring, comparison, rendering)', () => {
    assert.doesNotMatch(text, /Compared with baseline|Index build: not run/);
  });

  it('holds neither the HTML page writer nor its script (uPlot loads from dist/page/ when a page is written)', () => {
    assert.doesNotMatch(text, /Content-Security-Policy|dme-meta|u-cursor-pt/);
  });

  it('imports neither node:crypto nor node:util (each brings ~5-7 ms of Node internals)', () => {
    assert.doesNotMatch(text, /from"(node:)?(crypto|util)"/);
  });

  it('is the entry and its start-up chunk, not one file per combination of lazy parts', () => {
    assert.ok(files.size <= 3, `start-up path has ${files.size} files: ${[...files.keys()].map((f) => path.relative(DIST, f)).join(', ')}`);
  });

  it('stays small', () => {
    const bytes = startupBytes(DIST, 'action.js');
    assert.ok(bytes < 400 * 1024, `start-up path is ${(bytes / 1024).toFixed(0)} KiB`);
  });
});
