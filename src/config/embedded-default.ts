/**
 * The embedded default: this repository's own reference server, corpus, cases and
 * baseline, so `docs-mcp-eval run` with no arguments does the whole job.
 */
import path from 'node:path';
import { quote } from 'shell-quote';
import type { BuildConfig, ServerConfig } from './config.ts';
import { DEFAULTS } from './config.ts';

export interface EmbeddedDefault {
  cases: string;
  build: BuildConfig;
  server: ServerConfig;
  baseline: string;
}

export function embeddedDefault(root: string, workDir: string): EmbeddedDefault {
  const index = path.join(workDir, 'reference-index.json');
  // process.execPath, not `node` from PATH: the bundles run on whichever Node runs us.
  const node = process.execPath;
  return {
    cases: path.join(root, 'datasets/reference/cases.yaml'),
    build: {
      command: quote([node, path.join(root, 'examples/reference-server/dist/build.js'), '--docs', path.join(root, 'datasets/reference/corpus'), '--out', index]),
      cwd: root,
      timeoutMs: DEFAULTS.buildTimeoutMs,
      output: index,
    },
    server: {
      command: quote([node, path.join(root, 'examples/reference-server/dist/server.js'), '--index', index]),
      cwd: root,
      env: {},
    },
    baseline: path.join(root, 'baselines/reference.json'),
  };
}
