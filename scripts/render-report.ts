/**
 * Maintainer tool: the screenshot of the HTML page in the docs (docs/report.png). Writes the
 * page of the docs' sample run (the reference server without guides/retries.md, recorded in
 * docs/samples/, against baselines/reference.json: scripts/docs-generate/sample-run.ts), with
 * a fixed main-branch history, using the project's own code; opens it in Debian's Chromium,
 * shows the regressed cases and the first one's detail, and screenshots that part of the page.
 *
 *   npm run render:report            (a few seconds; Chromium as the browser test finds it)
 *
 * Not a test, so CI does not run it. Writes docs/report.png and prints its size.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { evaluationPage } from '../src/publish/html/page-data.ts';
import { writePage } from '../src/publish/html/write-page.ts';
import { launchChromium } from '../test/support/chromium.ts';
import { fixedHistory } from '../test/support/page-fixtures.ts';
import { BASELINE, ROOT, sampleEvaluation } from './docs-generate/sample-run.ts';
import { parseReport } from '../src/report/read-report.ts';

const out = path.join(ROOT, 'docs/report.png');
const work = mkdtempSync(path.join(tmpdir(), 'dme-render-report-'));

try {
  const evaluation = sampleEvaluation();
  evaluation.baselineReport = parseReport(readFileSync(path.join(ROOT, BASELINE), 'utf8'), BASELINE);
  const page = path.join(work, 'report.html');
  await writePage(evaluationPage(evaluation, { history: fixedHistory(evaluation.baselineReport, 20) }), page);

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
  console.error(`wrote ${path.relative(ROOT, out)} (${(statSync(out).size / 1024).toFixed(0)} KiB)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
