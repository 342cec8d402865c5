/**
 * A build and a server that attack the Action running them (issue 23, weakness 5), run
 * by a copy of dist/action.js they can rewrite: they get none of the runner's secrets or
 * file commands (only what `server-env` passes on purpose), and their rewrite of every
 * file of the Action's dist/ changes nothing of what the Action runs afterwards: on
 * node24 the files are served from what was read before the build started (module
 * hooks), on Node 20 they were all loaded before it.
 */
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { quote } from 'shell-quote';
import type { Report } from '../src/model/report.ts';
import { ACTION, ROOT, runAction } from './support/action-runner.ts';
import { pushPayload } from './support/event-payloads.ts';
import type { GitHubDouble } from './support/github-double/index.ts';
import { findNode20 } from './support/node20.ts';
import { useGitHubDouble } from './support/use-github-double.ts';

const HOSTILE = path.join(ROOT, 'test/fixtures/hostile-step.mjs');
const WITHHELD = /^(INPUT_|ACTIONS_|GITHUB_TOKEN$|GITHUB_(OUTPUT|ENV|STATE|PATH|STEP_SUMMARY)$)/i;

/** A copy of the built package's dist/ (the one under test: DME_ACTION's) the attackers may rewrite. */
function actionCopy(dir: string): string {
  cpSync(path.dirname(ACTION), path.join(dir, 'pkg/dist'), { recursive: true });
  writeFileSync(path.join(dir, 'pkg/package.json'), JSON.stringify({ name: 'docs-mcp-eval', type: 'module' }));
  return path.join(dir, 'pkg/dist/action.js');
}

const node20 = findNode20();
const RUNTIMES = [
  { name: 'node24: served from memory by module hooks', node: process.execPath, skip: false as const },
  { name: 'Node 20 (no module hooks): loaded before the build', node: node20 ?? '', skip: node20 ? (false as const) : 'no Node 20 on PATH' },
];

describe('a hostile build and server against the Action', () => {
  let d: GitHubDouble;
  useGitHubDouble((double) => (d = double));

  for (const runtime of RUNTIMES) {
    it(`get no runner secrets and cannot change what the Action runs next (${runtime.name})`, { skip: runtime.skip }, async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-own-code-'));
      const out = path.join(dir, 'out');
      mkdirSync(out);
      const action = actionCopy(dir);
      const index = path.join(dir, 'index.json');
      const node = runtime.node;
      const sha = d.state.addCommit();
      const run = d.state.addRun({ headSha: sha, event: 'push', headBranch: d.state.defaultBranch, status: 'in_progress', conclusion: null });
      const r = await runAction({
        double: d,
        action,
        node,
        event: 'push',
        payload: pushPayload(d, { before: d.state.mainCommits.at(-2)!, after: sha }),
        sha,
        ref: `refs/heads/${d.state.defaultBranch}`,
        runId: run.id,
        inputs: {
          cases: path.join(ROOT, 'datasets/reference/cases.yaml'),
          'build-command': quote([node, HOSTILE, 'build', out, '--', node, path.join(ROOT, 'examples/reference-server/dist/build.js'), '--docs', path.join(ROOT, 'datasets/reference/corpus'), '--out', index]),
          'server-command': quote([node, HOSTILE, 'server', out, '--', path.join(ROOT, 'examples/reference-server/dist/server.js'), '--index', index]),
          'server-env': 'HOSTILE_NOTE=passed on purpose',
          'server-headers': 'Authorization=Bearer s3cret-header',
          'baseline-fallback': path.join(ROOT, 'baselines/reference.json'),
          'save-baseline': 'never',
          warmup: '0',
          repetitions: '1',
        },
        env: { GITHUB_TOKEN: 'ghs_env_token', ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-request-token', ACTIONS_ID_TOKEN_REQUEST_URL: 'http://127.0.0.1:9/oidc', GITHUB_ENV: path.join(dir, 'github-env') },
      });
      assert.equal(r.code, 0, r.log.slice(-3000));
      assert.ok(existsSync(path.join(out, 'build-rewrote')) && existsSync(path.join(out, 'server-rewrote')), 'the attacks ran and found the Action\'s dist/');
      assert.deepEqual(readdirSync(out).filter((f) => f.startsWith('pwned-')), [], 'no rewritten file of the Action ran');
      for (const step of ['build', 'server']) {
        const env = JSON.parse(readFileSync(path.join(out, `${step}-env.json`), 'utf8')) as Record<string, string>;
        assert.deepEqual(Object.keys(env).filter((k) => WITHHELD.test(k)), [], `${step}: withheld variables reached it`);
        assert.equal(JSON.stringify(env).includes('s3cret-header'), false, `${step}: the server-headers secret reached it`);
        assert.ok('PATH' in env && 'GITHUB_WORKSPACE' in env, `${step}: its ordinary environment is kept`);
      }
      assert.equal((JSON.parse(readFileSync(path.join(out, 'server-env.json'), 'utf8')) as Record<string, string>)['HOSTILE_NOTE'], 'passed on purpose');
      assert.equal('pwned' in r.outputs, false, 'no output of the server\'s');
      assert.equal(existsSync(path.join(dir, 'github-env')) && readFileSync(path.join(dir, 'github-env'), 'utf8').includes('pwned'), false);
      // code_parses ran tree-sitter from the WASM read before the build replaced it.
      const report = JSON.parse(readFileSync(r.outputs['report']!, 'utf8')) as Report;
      const parses = report.cases.flatMap((c) => c.answer?.validations.filter((v) => v.rule === 'code_parses') ?? []);
      assert.ok(parses.length > 0 && parses.every((v) => v.passed), JSON.stringify(parses.filter((v) => !v.passed)).slice(0, 600));
      assert.match(r.summary, /metric\(s\) worse/, 'the Action published as usual');
      // The HTML page embeds its script from dist/page/: the one read before the build rewrote it.
      const page = readFileSync(r.outputs['report-html']!, 'utf8');
      assert.ok(page.length > 0 && !page.includes('pwned'), 'the page carries none of the rewritten script');
    });
  }
});
