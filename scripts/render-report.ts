/**
 * Maintainer tool: the screenshot of the HTML page in the docs (docs/report.png). Runs the
 * real same-job evaluation with one guide deleted (scripts/regressed-evaluation.ts, as
 * render:comment does for the comment), so the page has regressions to show, writes the page with the project's own code and a fixed main-branch
 * history, opens it in Debian's Chromium, shows the regressed cases and the first one's
 * detail, and screenshots that part of the page.
 *
 *   npm run render:report            (needs dist/ built: node scripts/build.ts)
 *
 * Not a test, so CI does not run it. Writes docs/report.png and prints its size.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { evaluationPage } from '../src/publish/html/page-data.ts';
import { writePage } from '../src/publish/html/write-page.ts';
import { launchChromium } from '../test/support/chromium.ts';
import { fixedHistory } from '../test/support/page-fixtures.ts';
import { regressedEvaluation, repoRoot } from './regressed-evaluation.ts';

const out = path.join(repoRoot, 'docs/report.png');
const work = mkdtempSync(path.join(tmpdir(), 'dme-render-report-'));

try {
  const { evaluation } = await regressedEvaluation(work);
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
