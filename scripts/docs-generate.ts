/**
 * The parts of the docs that would go stale if typed, rendered by the project's own code:
 * - `<!-- generated:NAME -->…<!-- /generated:NAME -->` regions in README.md, docs/**.md and
 *   src/README.md: the report sample (docs/report.md), the source tree (docs/development.md,
 *   src/README.md);
 * - whole files: docs/comment-example.md, the sticky comment of the same run.
 * The samples come from a recorded run (docs/samples/without-retries.json, see
 * scripts/docs-generate/sample-run.ts) compared with baselines/reference.json, so they are
 * deterministic. `npm run docs:generate` rewrites them; `-- --record` first runs the sample
 * again with dist/cli.js (after a change to the reference server or the report format).
 * test/docs-generated.test.ts fails when any of them is not what this script would write.
 * docs/comment.png is screenshotted from docs/comment-example.md by `npm run render:comment`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseReport } from '../src/report/read-report.ts';
import { docPages, renderRegions } from './doc-regions.ts';
import { commentExample } from './docs-generate/comment-example.ts';
import { reportSample } from './docs-generate/report-sample.ts';
import { BASELINE, recordSampleRun, ROOT, sampleEvaluation } from './docs-generate/sample-run.ts';
import { floorPlan, otherFolders, sourceTree } from './docs-generate/source-tree.ts';

export const COMMENT_EXAMPLE = 'docs/comment-example.md';

/** Every generated region by name, rendered for a page in `from` (its folder, relative to the root). */
export function regions(from: string): Record<string, () => string> {
  return {
    'report-sample': () => reportSample(sampleEvaluation()),
    'source-tree': () => sourceTree(from),
    'floor-plan': floorPlan,
    'other-folders': otherFolders,
  };
}

/** The pages that may hold generated regions. */
export function generatedPages(): string[] {
  return [...docPages(), path.join(ROOT, 'src/README.md')];
}

export function renderPage(text: string, file: string): string {
  return renderRegions(text, file, 'generated', regions(path.relative(ROOT, path.dirname(file)).split(path.sep).join('/')));
}

/** docs/comment-example.md's text. */
export function renderCommentExample(): string {
  const baseline = parseReport(readFileSync(path.join(ROOT, BASELINE), 'utf8'), BASELINE);
  return commentExample(sampleEvaluation(), { sha: baseline.git.sha ?? '', createdAt: baseline.createdAt });
}

if (import.meta.main) {
  if (process.argv.includes('--record')) recordSampleRun();
  const write = (file: string, text: string) => {
    const before = readFileSync(file, 'utf8');
    if (text === before) return;
    writeFileSync(file, text);
    process.stdout.write(`updated ${path.relative(ROOT, file)}\n`);
  };
  for (const file of generatedPages()) write(file, renderPage(readFileSync(file, 'utf8'), file));
  write(path.join(ROOT, COMMENT_EXAMPLE), renderCommentExample());
}
