/**
 * action.yml and the workflow files are checked with GitHub's own parser
 * (@actions/workflow-parser, the one behind the Actions VS Code extension), not by eye;
 * then the facts this project relies on are asserted on the parsed result.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { loadWorkflowParser } from './support/workflow-parser.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const WORKFLOWS = path.join(ROOT, '.github/workflows');
const parser = await loadWorkflowParser();

function errorsOf(result: { context: { errors: { getErrors(): { message: string }[] } } }): string[] {
  return result.context.errors.getErrors().map((e) => e.message);
}

/** The repository's workflows and the example ones users copy. */
const EXAMPLES = [path.join(ROOT, 'examples/sharded-workflow/docs-mcp-eval-sharded.yml')];
const ALL_WORKFLOWS = [...readdirSync(WORKFLOWS).filter((f) => f.endsWith('.yml')).map((f) => path.join(WORKFLOWS, f)), ...EXAMPLES];

describe('workflow files', () => {
  for (const file of ALL_WORKFLOWS) {
    const name = path.basename(file);
    it(`${name} parses without errors`, () => {
      const content = readFileSync(file, 'utf8');
      const result = parser.parseWorkflow({ name, content }, new parser.NoOperationTraceWriter());
      assert.deepEqual(errorsOf(result), []);
      assert.ok(result.value, 'a template came out');
    });
  }

  it('runs the Action on itself for pull requests, pushes to main and a nightly schedule', () => {
    const wf = parse(readFileSync(path.join(WORKFLOWS, 'docs-mcp-eval.yml'), 'utf8')) as {
      on: Record<string, unknown>;
      jobs: Record<string, { steps: { uses?: string }[] }>;
    };
    assert.ok('pull_request' in wf.on && 'push' in wf.on && 'schedule' in wf.on);
    assert.ok(Object.values(wf.jobs).some((job) => job.steps.some((s) => s.uses === './')));
  });

  it('releases on a version tag: tests, a fresh dist/, npm with provenance, then the major tag moves', () => {
    const text = readFileSync(path.join(WORKFLOWS, 'release.yml'), 'utf8');
    const wf = parse(text) as { on: { push: { tags: string[] } }; jobs: { publish: { permissions: Record<string, string>; steps: { run?: string; uses?: string; name?: string }[] } } };
    assert.deepEqual(wf.on.push.tags, ['v*.*.*']);
    const job = wf.jobs.publish;
    assert.equal(job.permissions['id-token'], 'write', 'provenance needs an OIDC token');
    assert.equal(job.permissions['contents'], 'write', 'moving the major tag');
    const runs = job.steps.map((s) => s.run ?? s.uses ?? '');
    const at = (pattern: RegExp) => runs.findIndex((r) => pattern.test(r));
    assert.ok(at(/^npm test$/) >= 0 && at(/git status --porcelain -- dist/) > at(/^npm test$/));
    assert.ok(at(/npm publish --provenance/) > at(/git status --porcelain -- dist/), 'publish only a fresh dist/');
    assert.ok(at(/git push -f origin "refs\/tags\/\$\{major\}"/) > at(/npm publish --provenance/), 'the major tag moves after the publish');
  });

  it('pass step outputs and event text to run: scripts through env:, never inside the script', () => {
    // An expression inside `run:` is spliced into the shell script before it runs: an output or a
    // PR's title holding `"; curl … #` would be code. Through `env:` it is a variable's value.
    const untrusted = /\$\{\{[^}]*\b(steps\.|needs\.|github\.event\.|github\.head_ref|inputs\.)/;
    for (const file of ALL_WORKFLOWS) {
      const wf = parse(readFileSync(file, 'utf8')) as { jobs: Record<string, { steps?: { run?: string; name?: string }[] }> };
      for (const [job, { steps = [] }] of Object.entries(wf.jobs)) {
        for (const step of steps) assert.doesNotMatch(step.run ?? '', untrusted, `${path.basename(file)} job ${job} step ${step.name ?? ''}`);
      }
    }
  });

  it('comments from workflow_run without checking out the PR head', () => {
    const text = readFileSync(path.join(WORKFLOWS, 'docs-mcp-eval-comment.yml'), 'utf8');
    const wf = parse(text) as { on: { workflow_run: { workflows: string[] } } };
    assert.deepEqual(wf.on.workflow_run.workflows, ['docs-mcp-eval']);
    assert.doesNotMatch(text, /head_sha|head_branch|pull_request\.head/, 'never checks out PR code');
  });
});

describe('the workflow examples of the README and docs/action.md', () => {
  const workflowBlocks = (file: string) => [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/```yaml\n(# \.github\/workflows\/[^\n]+\n[\s\S]*?)```/g)].map((m) => m[1]!);
  const blocks = [...workflowBlocks('README.md'), ...workflowBlocks('docs/action.md')].map((text) => parse(text) as { on: Record<string, unknown>; permissions: Record<string, string> });

  it("the README's quick start is the one docs/action.md explains", () => {
    assert.equal(workflowBlocks('README.md')[0], workflowBlocks('docs/action.md')[0]);
  });

  it('declare the permissions the token-permissions table says each needs', () => {
    const run = blocks.find((b) => 'pull_request' in b.on);
    const comment = blocks.find((b) => 'workflow_run' in b.on);
    assert.deepEqual(run?.permissions, { contents: 'read', actions: 'read', 'pull-requests': 'write' });
    assert.deepEqual(comment?.permissions, { contents: 'read', actions: 'read', 'pull-requests': 'write' });
  });
});

describe('the README\'s two commands', () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const block = /```\n(npm ci && npm run eval[^\n]*)\n(npm test[^\n]*)\n```/.exec(readme);

  it('.ci/run runs exactly them, nothing installed beside', () => {
    assert.ok(block, 'the README opens with the two commands');
    const commands = [block[1], block[2]].map((line) => line!.replace(/\s+#.*$/, '').split('&&').map((c) => c.trim())).flat();
    const ci = readFileSync(path.join(ROOT, '.ci/run'), 'utf8').split('\n').filter((l) => l.startsWith('npm '));
    assert.deepEqual(ci.map((l) => l.replace(/ --no-audit --no-fund$/, '')), commands);
  });

  it('npm test installs the third-party servers its tests need (pretest)', () => {
    const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    assert.equal(scripts['pretest'], 'node scripts/ensure-third-party.ts');
  });
});

describe('action.yml', () => {
  const content = readFileSync(path.join(ROOT, 'action.yml'), 'utf8');

  it('parses as an action with the node24 runtime and the bundled entry point', () => {
    const result = parser.parseAction({ name: 'action.yml', content }, new parser.NoOperationTraceWriter());
    assert.deepEqual(errorsOf(result), []);
    const action = parse(content) as { runs: { using: string; main: string }; inputs: Record<string, unknown>; outputs: Record<string, unknown> };
    assert.equal(action.runs.using, 'node24');
    assert.equal(action.runs.main, 'dist/action.js');
  });

  it('documents every input and output in docs/action.md', () => {
    const readme = readFileSync(path.join(ROOT, 'docs/action.md'), 'utf8');
    const action = parse(content) as { inputs: Record<string, unknown>; outputs: Record<string, unknown> };
    const missing = [...Object.keys(action.inputs), ...Object.keys(action.outputs)].filter((name) => !readme.includes(`| \`${name}\` |`));
    assert.deepEqual(missing, [], 'docs/action.md lacks a table row for these inputs/outputs');
  });
});
