/**
 * It installs like a tool: the package is packed (`npm pack`, whose prepack step writes
 * the .d.ts types), installed into a new project with `--omit=dev`, and used from there as
 * a user would: `--version`, the embedded default, `inspect`, `init` and `run` with the
 * config it wrote, and the library's types from a TypeScript file. Every runtime library
 * is bundled into dist/, so the install brings the package alone: no dependency, no
 * registry access (the tarball is local), no src/ and no tests.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { before, describe, it } from 'node:test';
import { quote } from 'shell-quote';
import { TOOL_VERSION } from '../src/pipeline/version.ts';
import { ROOT } from './support/cli.ts';
import { findNode20 } from './support/node20.ts';
import { scratchDir } from './support/third-party.ts';

const exec = promisify(execFile);
// The npm that runs `npm test`, else the one on PATH.
const npm = (args: string[], cwd: string) => {
  const execpath = process.env['npm_execpath'];
  return execpath ? exec(process.execPath, [execpath, ...args], { cwd, timeout: 300_000 }) : exec('npm', args, { cwd, timeout: 300_000 });
};

/** Installed packages, scoped ones included (`@scope/name`). */
function packagesIn(modules: string): string[] {
  if (!existsSync(modules)) return [];
  return readdirSync(modules).filter((n) => !n.startsWith('.')).flatMap((n) => (n.startsWith('@') ? readdirSync(path.join(modules, n)).map((m) => `${n}/${m}`) : [n]));
}

describe('the packed package, installed with --omit=dev', () => {
  const dir = scratchDir('package');
  const project = path.join(dir, 'project');
  const installed = path.join(project, 'node_modules/docs-mcp-eval');
  const bin = path.join(project, 'node_modules/.bin/docs-mcp-eval');
  const cli = (args: string[], node = process.execPath) => exec(node, [bin, ...args], { cwd: project, timeout: 300_000 }).then(
    (r) => ({ code: 0, ...r }),
    (err: { code?: number; stdout?: string; stderr?: string }) => ({ code: err.code ?? -1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' }),
  );

  before(async () => {
    const { stdout } = await npm(['pack', '--pack-destination', dir, '--json', ROOT], dir);
    const [packed] = JSON.parse(stdout) as { filename: string }[];
    mkdirSync(project);
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'a-docs-project', version: '1.0.0', private: true, type: 'module' }));
    await npm(['install', '--omit=dev', '--no-audit', '--no-fund', path.join(dir, packed!.filename)], project);
  });

  it('brings the package alone, with types, without sources or tests', () => {
    const all = packagesIn(path.join(project, 'node_modules'));
    assert.ok(all.length <= 10, `${all.length} packages: ${all.join(', ')}`);
    assert.deepEqual(all, ['docs-mcp-eval']);
    const manifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')) as { dependencies?: object; types?: string };
    assert.equal(manifest.dependencies, undefined, 'everything it runs is bundled into dist/');
    assert.ok(existsSync(path.join(installed, 'types/index.d.ts')));
    assert.equal(existsSync(path.join(installed, 'src')), false, 'no src/');
    const files = readdirSync(installed, { recursive: true }).map(String);
    assert.deepEqual(files.filter((f) => /\.test\.[cm]?[jt]s$/.test(f) || f.startsWith('test/')), [], 'no tests');
    assert.match(readFileSync(path.join(installed, 'types/index.d.ts'), 'utf8'), /from '\.\/pipeline\/evaluate\.js'/, 'specifiers the package resolves');
  });

  it('runs from the project: --version (Node 24 and 20), the embedded default, inspect, init, and run with the written config', async () => {
    assert.equal((await cli(['--version'])).stdout.trim(), TOOL_VERSION);
    const node20 = findNode20();
    if (node20) assert.equal((await cli(['--version'], node20)).stdout.trim(), TOOL_VERSION);

    const embedded = await cli(['run', '--repetitions', '1', '--warmup', '0']);
    assert.equal(embedded.code, 0, embedded.stderr);
    assert.match(embedded.stdout, /Compared with baseline reference\.json/);
    const index = path.join(project, '.docs-mcp-eval/reference-index.json');
    assert.ok(existsSync(index), 'the embedded default built its index in the project');

    const server = quote([process.execPath, path.join(installed, 'examples/reference-server/dist/server.js'), '--index', index]);
    const inspect = await cli(['inspect', '--server-command', server, '--query', 'retry backoff']);
    assert.equal(inspect.code, 0, inspect.stderr);
    assert.match(inspect.stdout, /search_docs\(query: string/);
    const init = await cli(['init', '--server-command', server, '--query', 'retry backoff', '--query', 'verify webhook signatures']);
    assert.equal(init.code, 0, init.stderr);
    assert.match(readFileSync(path.join(project, 'docs-mcp-eval.yml'), 'utf8'), /\$schema=node_modules\/docs-mcp-eval\/datasets\/config\.schema\.json/);
    assert.ok(existsSync(path.join(project, 'node_modules/docs-mcp-eval/datasets/config.schema.json')), 'the schema the config points at is there');
    const run = await cli(['run', '--config', 'docs-mcp-eval.yml', '--no-baseline', '--repetitions', '1', '--warmup', '0']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /2 cases · 2 ok/);
  });

  it('the library and its types, from a TypeScript file of the project', async () => {
    writeFileSync(path.join(project, 'use.ts'), [
      "import { compareReports, renderReport, metricCatalog, type Report } from 'docs-mcp-eval';",
      'export function headline(before: Report, after: Report): string {',
      '  const rows: number = compareReports(before, after).rows.length;',
      "  return `${renderReport(after).split('\\n')[0]} ${rows} ${metricCatalog([5]).length}`;",
      '}',
      '',
    ].join('\n'));
    writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2023', strict: true, noEmit: true, skipLibCheck: true, types: [] }, files: ['use.ts'] }));
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    await exec(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project, timeout: 300_000 }).catch((err: { stdout?: string }) => assert.fail(`tsc: ${err.stdout}`));
    const lib = (await import(path.join(installed, 'dist/index.js'))) as { TOOL_VERSION: string };
    assert.equal(lib.TOOL_VERSION, TOOL_VERSION);
  });
});
