/**
 * Maintainer tool: the screenshot of the HTML page in the docs (docs/report.png). Runs a
 * real same-job evaluation of the reference server against a corpus with one guide
 * deleted (so the page has regressions to show, as scripts/render-comment.ts does for
 * the comment), writes the page with the project's own code and a fixed main-branch
 * history, opens it in Debian's Chromium, shows the regressed cases and the first one's
 * detail, and screenshots that part of the page.
 *
 *   npm run render:report            (needs dist/ built: node scripts/build.ts)
 *
 * Not a test, so CI does not run it. Writes docs/report.png and prints its size.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { quote } from 'shell-quote';
import { resolveConfig } from '../src/config/run-options.ts';
import { evaluate } from '../src/pipeline/evaluate.ts';
import { evaluationPage } from '../src/publish/html/page-data.ts';
import { writePage } from '../src/publish/html/write-page.ts';
import { launchChromium } from '../test/support/chromium.ts';
import { fixedHistory } from '../test/support/page-fixtures.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const out = path.join(repoRoot, 'docs/report.png');
const work = mkdtempSync(path.join(tmpdir(), 'dme-render-report-'));

try {
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
  const evaluation = await evaluate({ ...config, build: head.build, server: head.server }, { onPhase: (phase, detail) => console.error(`[${phase}] ${detail}`) }, { base: { ...base, ref: sha, sha } });
  const page = path.join(work, 'report.html');
  await writePage(evaluationPage(evaluation, { history: fixedHistory(evaluation.baseReport ?? evaluation.report, 20) }), page);

  const browser = await launchChromium();
  try {
    const tab = await browser.open(page);
    await tab.setViewportSize({ width: 1200, height: 900 });
    await tab.waitForSelector('html[data-ready=true]');
    await tab.selectOption('#filter-outcome', 'regressed');
    await tab.click('tr.row >> nth=0 >> button.case-link');
    await tab.waitForSelector('#detail-title');
    const cases = tab.locator('#cases');
    const box = (await cases.boundingBox())!;
    // boundingBox is relative to the viewport; a full-page clip to the page.
    const scrollY = await tab.evaluate(() => window.scrollY);
    await tab.screenshot({ path: out, fullPage: true, clip: { x: box.x, y: box.y + scrollY, width: box.width, height: Math.min(box.height, 1500) } });
    if (browser.problems.length > 0) throw new Error(`the page logged: ${browser.problems.join('; ')}`);
  } finally {
    await browser.close();
  }
  console.error(`wrote ${path.relative(repoRoot, out)} (${(statSync(out).size / 1024).toFixed(0)} KiB)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
