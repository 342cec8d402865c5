/**
 * The guard for "nothing fails silently at start": for every class of process we start
 * that cannot start (not found, not executable, a missing working directory; stdio and
 * HTTP servers, the build, the setup command, the base arm of a same-job A/B, init's and
 * inspect's server, the Action's server), the built CLI or Action is spawned on Node 24
 * and on Node 20, and must exit with a documented code and a stderr that names the
 * command and the cause: never exit 13 ("unsettled top-level await") or a bare stack.
 */
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { abRepository } from './support/ab-repo.ts';
import { runAction } from './support/action-runner.ts';
import { ROOT, runCli } from './support/cli.ts';
import { pushPayload } from './support/event-payloads.ts';
import { findNode20 } from './support/node20.ts';
import { useGitHubDouble } from './support/use-github-double.ts';
import type { GitHubDouble } from './support/github-double/index.ts';

const DOCUMENTED = new Set([0, 1, 2, 3, 130]);
const CASES = path.join(ROOT, 'datasets/reference/cases.yaml');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'dme-start-'));
const notExecutable = path.join(scratch, 'server.sh');
writeFileSync(notExecutable, '#!/bin/sh\nexec node server.js\n');
chmodSync(notExecutable, 0o644);
const out = (name: string) => ['--no-baseline', '--repetitions', '1', '--warmup', '0', '--out', path.join(scratch, `${name}.json`), '--markdown', path.join(scratch, `${name}.md`)];
const missingDir = path.join(scratch, 'no-such-dir');
// A build whose working directory (relative to the config file) does not exist.
const buildConfig = path.join(scratch, 'build-cwd.yml');
writeFileSync(buildConfig, `cases: ${JSON.stringify(CASES)}\nserver: { command: nope-srv }\nbuild: { command: "true", cwd: no-such-build-dir }\n`);

interface Failure {
  name: string;
  args: string[];
  code: number;
  /** Each must appear in stderr. */
  says: RegExp[];
}

const FAILURES: Failure[] = [
  { name: 'a stdio server not on PATH', args: ['run', '--cases', CASES, '--server-command', 'nope-srv --x', ...out('stdio')], code: 1, says: [/the server could not start/, /"nope-srv" was not found on PATH \(ENOENT\)/, /command: nope-srv --x/, /working directory: /, /next: /] },
  { name: 'a stdio server that is not executable', args: ['run', '--cases', CASES, '--server-command', notExecutable, ...out('noexec')], code: 1, says: [/is not executable/, /EACCES/, /chmod \+x/] },
  { name: 'a stdio server in a missing working directory', args: ['run', '--cases', CASES, '--server-command', 'node server.js', '--server-cwd', missingDir, ...out('cwd')], code: 1, says: [/its working directory does not exist/, new RegExp(`working directory: ${missingDir}`)] },
  { name: 'an HTTP server not on PATH', args: ['run', '--cases', CASES, '--server-url', 'http://127.0.0.1:1/mcp', '--server-command', 'nope-http-srv', ...out('http')], code: 1, says: [/"nope-http-srv" was not found on PATH/] },
  { name: 'a build command not found', args: ['run', '--cases', CASES, '--build-command', 'nope-build --all', '--server-command', 'nope-srv', ...out('build')], code: 1, says: [/the build command failed \(exit 127\)/, /did not find a command/, /command: nope-build --all/, /nope-build: not found/] },
  { name: 'a build in a missing working directory', args: ['run', '--config', buildConfig, ...out('build-cwd')], code: 1, says: [/the build command could not start: its working directory does not exist/, /no-such-build-dir/] },
  { name: 'a missing --cwd', args: ['run', '--cases', CASES, '--cwd', missingDir, '--server-command', 'node', ...out('workdir')], code: 2, says: [/--cwd: .*no-such-dir does not exist/] },
  { name: "init's server not on PATH", args: ['init', '--server-command', 'nope-init-srv', '--out', path.join(scratch, 'init.yml'), '--cases', path.join(scratch, 'init-cases.yaml')], code: 1, says: [/"nope-init-srv" was not found on PATH/] },
  { name: "inspect's server not on PATH", args: ['inspect', '--server-command', 'nope-inspect-srv'], code: 1, says: [/"nope-inspect-srv" was not found on PATH/] },
];

function checkFailure(f: Failure, r: { code: number | null; stderr: string }): void {
  assert.notEqual(r.code, 13, `exit 13 (an unsettled promise): ${r.stderr}`);
  assert.ok(r.code !== null && DOCUMENTED.has(r.code), `undocumented exit ${r.code}`);
  assert.equal(r.code, f.code, r.stderr);
  assert.doesNotMatch(r.stderr, /unsettled top-level await|unexpected error|^\s+at /m, 'a message, not a stack');
  for (const pattern of f.says) assert.match(r.stderr, pattern);
}

const node20 = findNode20();
for (const [label, node] of [['Node 24', process.execPath], ['Node 20', node20]] as const) {
  describe(`start failures on ${label}`, { skip: node ? false : 'no Node 20 on PATH' }, () => {
    for (const f of FAILURES) {
      it(`${f.name}: exit ${f.code}, named`, async () => checkFailure(f, await runCli(f.args, { node: node!, cwd: scratch })));
    }

    it('a setup command not found, and a base arm whose server is missing', async () => {
      // The head's server script is untracked: the base checkout has none, so its arm cannot start.
      const { repo } = abRepository('ranking-fault');
      writeFileSync(path.join(repo, 'run.sh'), '#!/bin/sh\nexec sh start.sh\n', { mode: 0o755 });
      const ab = ['run', '--cases', CASES, '--cwd', repo, '--compare-ref', 'main', '--server-command', './run.sh', '--build-command', 'true', ...out('ab')];
      checkFailure({ name: 'setup', args: [], code: 1, says: [/the setup command in the base checkout failed \(exit 127\)/, /nope-setup: not found/] }, await runCli([...ab, '--setup-command', 'nope-setup'], { node: node!, cwd: repo }));
      checkFailure({ name: 'base arm', args: [], code: 1, says: [/could not start: .*run\.sh does not exist \(ENOENT\)/, /working directory: .*dme-base-/] }, await runCli(ab, { node: node!, cwd: repo }));
    });
  });
}

describe('the Action with a server that is not on PATH', () => {
  let d: GitHubDouble;
  useGitHubDouble((double) => (d = double));

  for (const [label, node] of [['Node 24', process.execPath], ['Node 20', node20]] as const) {
    it(`fails its step with an error annotation naming the command and the cause (${label})`, { skip: node ? false : 'no Node 20 on PATH' }, async () => {
      const sha = d.state.mainCommits.at(-1)!;
      const run = d.state.addRun({ headSha: sha, event: 'push', pullRequests: [] });
      const r = await runAction({ double: d, event: 'push', payload: pushPayload(d, { before: d.state.mainCommits.at(-2) ?? sha, after: sha }), inputs: { cases: CASES, 'server-command': 'nope-action-srv', warmup: '0', repetitions: '1' }, sha, ref: 'refs/heads/main', runId: run.id, node: node! });
      assert.equal(r.code, 1, r.log.slice(-2000));
      assert.match(r.log, /::error::docs-mcp-eval: the server could not start: "nope-action-srv" was not found on PATH \(ENOENT\)/);
      assert.match(r.log, /command: nope-action-srv/);
    });
  }
});
