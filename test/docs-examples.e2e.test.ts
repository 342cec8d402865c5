/**
 * The docs' examples are tests. Every fenced block of README.md, docs/ and the READMEs of
 * examples/ and datasets/ carries a marker saying what it is (test/support/docs-examples/
 * blocks.ts), and is checked as that: datasets, configs and profiles through the project's
 * loaders, workflows through GitHub's parser, shell commands and modules run in a scratch
 * folder (a user's project with the reference server standing in for theirs, or a checkout
 * of this repository) with their documented exit code and key output lines, a dataset
 * marked run= against the server it names (its judges against the loopback OpenAI double),
 * a workflow's Action step on a pull request against the loopback GitHub double, sample
 * output against what produced it. An unmarked block fails.
 */
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { attr, blocksOf, examplePages, type Block } from './support/docs-examples/blocks.ts';
import { checkConfig, checkDataset, checkProfile, checkSteps, checkWorkflow, type Checked } from './support/docs-examples/check-files.ts';
import { runBlock } from './support/docs-examples/run-block.ts';
import { runWorkflow } from './support/docs-examples/run-workflow.ts';
import type { GitHubDouble } from './support/github-double/index.ts';
import { startOpenAiDouble, type OpenAiDouble } from './support/openai-double/index.ts';
import { useGitHubDouble } from './support/use-github-double.ts';
import { makeScratch, ROOT, type Scratch } from './support/docs-examples/scratch.ts';

/** Whole generated files: output, not pages with examples. */
const GENERATED_FILES = new Set(['docs/comment-example.md']);
const pages = examplePages(ROOT).filter((p) => !GENERATED_FILES.has(p));
const text = new Map(pages.map((p) => [p, readFileSync(path.join(ROOT, p), 'utf8')]));
const blocks = pages.flatMap((p) => blocksOf(p, text.get(p)!));
const where = (b: Block) => `${b.page}:${b.line}`;
const of = (...kinds: string[]) => blocks.filter((b) => b.marker && kinds.includes(b.marker.kind));
const report = (b: Block, checked: Checked) => assert.deepEqual(checked.problems, [], `${where(b)} (${b.marker!.kind}): ${checked.problems.join('\n')}`);

describe('every fenced block of the docs says what it is', () => {
  for (const page of pages) {
    it(page, () => {
      const bad = blocks.filter((b) => b.page === page && !b.marker).map((b) => `${where(b)}: ${b.problem}`);
      assert.deepEqual(bad, []);
    });
  }
});

/** Outputs of examples by id (an invalid dataset's error), for `output of=ID` blocks. */
const outputs = new Map<string, string>();
let scratch: Scratch;
before(() => (scratch = makeScratch()));
after(() => rmSync(scratch.root, { recursive: true, force: true }));

describe('file examples load as the project loads them', () => {
  for (const b of of('dataset', 'config', 'profile', 'workflow', 'steps')) {
    it(`${where(b)} (${b.marker!.kind})`, async () => {
      const dir = scratch.copy('project');
      const kind = b.marker!.kind;
      const checked =
        kind === 'dataset' ? await checkDataset(b, dir)
        : kind === 'config' ? await checkConfig(b, dir)
        : kind === 'profile' ? await checkProfile(b, dir)
        : kind === 'workflow' ? await checkWorkflow(b.text, path.basename(b.page))
        : await checkSteps(b);
      const id = attr(b.marker!, 'id');
      if (id && checked.output !== undefined) outputs.set(id, checked.output);
      report(b, checked);
    });
  }
});

describe('commands, modules and datasets marked run= run as written', () => {
  // Each in its own copy of its scratch folder, two at a time (the slow part: real servers).
  const runnable = [...of('shell', 'module'), ...of('dataset').filter((b) => attr(b.marker!, 'run'))];
  const folder = (b: Block) => (b.marker!.kind === 'dataset' ? 'repo' : (attr(b.marker!, 'in') ?? 'project')) as 'project' | 'repo';
  const results = new Map<Block, Promise<Checked>>();
  let llm: OpenAiDouble | undefined;
  before(async () => {
    if (runnable.some((b) => attr(b.marker!, 'needs') === 'llm')) llm = await startOpenAiDouble();
    const queue = [...runnable];
    const worker = async () => {
      for (let b = queue.shift(); b; b = queue.shift()) {
        const result = runBlock(b, scratch.copy(folder(b)), llm);
        results.set(b, result);
        await result;
      }
    };
    await Promise.all([worker(), worker()]);
  });
  after(async () => {
    assert.deepEqual(llm?.violations ?? [], [], 'every request to the OpenAI double was one the API accepts');
    await llm?.close();
  });
  for (const b of runnable) it(`${where(b)} (${b.marker!.kind} in ${folder(b)})`, async () => report(b, await results.get(b)!));
});

describe('workflows marked run= run their docs-mcp-eval step against the GitHub double', () => {
  let double: GitHubDouble;
  useGitHubDouble((d) => (double = d));
  for (const b of of('workflow').filter((w) => attr(w.marker!, 'run'))) {
    it(`${where(b)} (${attr(b.marker!, 'run')})`, async () => report(b, await runWorkflow(b, scratch.copy('project'), double)));
  }
});

describe('sample output is what produced it', () => {
  for (const b of of('output')) {
    const generated = attr(b.marker!, 'generated');
    const from = attr(b.marker!, 'of');
    if (generated) {
      it(`${where(b)} sits in its generated region (test/docs-generated.test.ts keeps it current)`, () => {
        const lines = text.get(b.page)!.split('\n');
        const open = lines.slice(0, b.line).lastIndexOf(`<!-- generated:${generated} -->`);
        const close = lines.slice(0, b.line).lastIndexOf(`<!-- /generated:${generated} -->`);
        assert.ok(open >= 0 && open > close, `${where(b)}: not inside <!-- generated:${generated} -->`);
      });
    } else if (from) {
      it(`${where(b)} is the output of ${from}`, () => {
        assert.ok(outputs.has(from), `${where(b)}: no example with id=${from} printed anything`);
        assert.equal(b.text.trimEnd(), outputs.get(from)!.trimEnd(), `${where(b)}: not what ${from} prints`);
      });
    }
  }
});
