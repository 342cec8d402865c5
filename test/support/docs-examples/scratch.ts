/**
 * Scratch folders the docs' commands run in, made once per test run and copied per example:
 * - `project`: a user's project as the docs picture it, with the reference server standing in
 *   for "your server": `dist/server.js` (its index `.index` unless given), `dist/index-docs.js`
 *   (builds `.index` from `docs/`), npm scripts `build`, `build-index` and `index`,
 *   `evals/cases.yaml` (the reference cases), `evals/baseline.json`, three configurations to
 *   compare (`evals/bm25.yml`, `evals/embeddings.yml` and `evals/hosted.yml`, the last over
 *   Streamable HTTP; one repetition each), two earlier reports (`reports/main.json`,
 *   `reports/branch.json`), and docs-mcp-eval installed (`node_modules/docs-mcp-eval`, its
 *   bin in `node_modules/.bin`);
 * - `repo`: a checkout of this repository (`dist/`, `datasets/`, `baselines/`, `examples/`,
 *   `src/`, `test/` linked read-only), as after `npm ci && npm run build`.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

function install(dir: string): void {
  mkdirSync(path.join(dir, 'node_modules/.bin'), { recursive: true });
  symlinkSync(ROOT, path.join(dir, 'node_modules/docs-mcp-eval'));
  symlinkSync(path.join(ROOT, 'dist/cli.js'), path.join(dir, 'node_modules/.bin/docs-mcp-eval'));
}

function makeProject(dir: string): void {
  const server = path.join(ROOT, 'examples/reference-server/dist');
  mkdirSync(path.join(dir, 'dist'), { recursive: true });
  mkdirSync(path.join(dir, 'evals'));
  writeFileSync(
    path.join(dir, 'dist/server.js'),
    `// Your docs MCP server: here the reference server, serving .index unless --index names another.\nif (!process.argv.includes('--index')) process.argv.push('--index', '.index');\nawait import(${JSON.stringify(path.join(server, 'server.js'))});\n`,
  );
  writeFileSync(
    path.join(dir, 'dist/index-docs.js'),
    `// Your index builder: here the reference server's, over docs/.\nprocess.argv.splice(2, 0, '--docs', 'docs');\nawait import(${JSON.stringify(path.join(server, 'build.js'))});\n`,
  );
  const scripts = { build: 'node -e ""', 'build-index': 'node dist/index-docs.js --out .index', index: 'node dist/index-docs.js --out .index' };
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ name: 'my-docs-server', private: true, type: 'module', scripts }, null, 2)}\n`);
  symlinkSync(path.join(ROOT, 'datasets/reference/corpus'), path.join(dir, 'docs'));
  cpSync(path.join(ROOT, 'datasets/reference/cases.yaml'), path.join(dir, 'evals/cases.yaml'));
  cpSync(path.join(ROOT, 'baselines/reference.json'), path.join(dir, 'evals/baseline.json'));
  // A config file's server runs in the file's folder unless server.cwd says otherwise (docs/servers.md, relative paths): here the project root.
  const config = (server: string) => `cases: cases.yaml\nserver:\n${server}\n  cwd: ..\ndefaults: { repetitions: 1, warmup: 1 }\nbaseline: none\n`;
  writeFileSync(path.join(dir, 'evals/bm25.yml'), config('  command: node dist/server.js --index .index'));
  writeFileSync(path.join(dir, 'evals/embeddings.yml'), config('  command: node dist/server.js --index .index'));
  writeFileSync(path.join(dir, 'evals/hosted.yml'), config('  command: node dist/server.js --index .index --http {port}\n  url: http://127.0.0.1:{port}/mcp'));
  mkdirSync(path.join(dir, 'reports'));
  cpSync(path.join(ROOT, 'baselines/reference.json'), path.join(dir, 'reports/main.json'));
  cpSync(path.join(ROOT, 'docs/samples/without-retries.json'), path.join(dir, 'reports/branch.json'));
  install(dir);
  execFileSync(process.execPath, ['dist/index-docs.js', '--out', '.index'], { cwd: dir, stdio: 'ignore' });
}

function makeRepo(dir: string): void {
  for (const name of ['dist', 'datasets', 'baselines', 'examples', 'package.json', 'src', 'test']) symlinkSync(path.join(ROOT, name), path.join(dir, name));
  install(dir);
}

export interface Scratch {
  /** A fresh copy of the template, for one example. */
  copy(kind: 'project' | 'repo'): string;
  root: string;
}

export function makeScratch(): Scratch {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dme-docs-examples-'));
  const templates = { project: path.join(root, 'project'), repo: path.join(root, 'repo') };
  mkdirSync(templates.project);
  mkdirSync(templates.repo);
  makeProject(templates.project);
  makeRepo(templates.repo);
  let n = 0;
  return {
    root,
    copy(kind) {
      const dir = path.join(root, `${kind}-${++n}`);
      cpSync(templates[kind], dir, { recursive: true, verbatimSymlinks: true });
      return dir;
    },
  };
}
