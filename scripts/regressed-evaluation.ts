/**
 * For the docs' pictures (render:comment, render:report): a real same-job evaluation, as
 * `compare-ref` makes it. The base serves the reference corpus, the head a copy minus one
 * guide, so the retries cases lose their source document and there are real regressions,
 * with measured timing verdicts. Needs dist/ built (the reference server's bundles).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { quote } from 'shell-quote';
import { resolveConfig } from '../src/config/run-options.ts';
import { evaluate, type Evaluation } from '../src/pipeline/evaluate.ts';

export const repoRoot = path.resolve(import.meta.dirname, '..');

/** The evaluation, and the commit the base arm stands for. `work` holds the corpus copy and the indexes. */
export async function regressedEvaluation(work: string): Promise<{ evaluation: Evaluation; sha: string }> {
  const corpus = path.join(work, 'corpus');
  cpSync(path.join(repoRoot, 'datasets/reference/corpus'), corpus, { recursive: true });
  rmSync(path.join(corpus, 'guides/retries.md'));
  const node = process.execPath;
  const arm = (docs: string, index: string) => ({
    build: { command: quote([node, 'examples/reference-server/dist/build.js', '--docs', docs, '--out', index]), cwd: repoRoot, timeoutMs: 60_000 },
    server: { command: quote([node, 'examples/reference-server/dist/server.js', '--index', index]), cwd: repoRoot, env: {} },
  });
  const head = arm(corpus, path.join(work, 'head.json'));
  const base = arm(path.join(repoRoot, 'datasets/reference/corpus'), path.join(work, 'base.json'));
  const config = resolveConfig({ cases: 'datasets/reference/cases.yaml', serverCommand: head.server.command, baseline: null, out: path.join(work, 'r.json'), markdown: path.join(work, 'r.md') }, repoRoot);
  const sha = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  const evaluation = await evaluate(
    { ...config, build: head.build, server: head.server },
    { onPhase: (phase, detail) => console.error(`[${phase}] ${detail}`) },
    { base: { ...base, ref: sha, sha } },
  );
  return { evaluation, sha };
}
