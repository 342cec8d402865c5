/// <reference lib="dom" />
/**
 * The HTML page in a real browser (Debian's Chromium through playwright-core, one launch):
 * the embedded default's page as `run --html` writes it, a page of hostile texts with
 * regressions, an errored case and a main-branch history, and a page of 10,000 cases.
 * Every case row is there, filters and sorting work, a case's detail shows both ranked
 * lists, the charts draw, the keyboard reaches everything, axe finds no serious or
 * critical violation, nothing runs that the data wrote, and nothing is fetched.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { Report } from '../src/model/report.ts';
import { compareReports } from '../src/compare/compare-reports.ts';
import { evaluationPage } from '../src/publish/html/page-data.ts';
import { writePage } from '../src/publish/html/write-page.ts';
import { formatValue } from '../src/report/format.ts';
import { runCli } from './support/cli.ts';
import { seriousViolations } from './support/axe.ts';
import { launchChromium, type Browser } from './support/chromium.ts';
import { bigReport, fixedHistory, HOSTILE, hostileReports } from './support/page-fixtures.ts';
import { docsRun, taskCase, taskReport, withoutRun } from './support/task-reports.ts';

/** Every case id the table shows, scrolling its virtualised body from top to bottom. */
function allRowIds(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const scroller = document.getElementById('case-scroll')!;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const ids = new Set<string>();
    scroller.scrollTop = 0;
    for (;;) {
      await frame();
      for (const tr of document.querySelectorAll<HTMLElement>('tr.row')) ids.add(tr.dataset['caseId']!);
      if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) break;
      scroller.scrollTop += scroller.clientHeight;
    }
    scroller.scrollTop = 0;
    await frame();
    return [...ids];
  });
}

/** Pixels of each canvas in the series' first colour (#1f5fbf): a line was drawn, not only axes. */
function seriesPixels(page: Page, selector: string): Promise<number[]> {
  return page.evaluate((sel) => {
    return [...document.querySelectorAll<HTMLCanvasElement>(`${sel} canvas`)].map((canvas) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let n = 0;
      for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i]! - 31) < 40 && Math.abs(data[i + 1]! - 95) < 40 && Math.abs(data[i + 2]! - 191) < 40 && data[i + 3]! > 100) n++;
      return n;
    });
  }, selector);
}

async function select(page: Page, id: string, value: string): Promise<string> {
  await page.selectOption(`#${id}`, value);
  return (await page.textContent('#case-count')) ?? '';
}

describe('the HTML page in Chromium', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-page-'));
  const files = { run: path.join(dir, 'run.html'), hostile: path.join(dir, 'hostile.html'), big: path.join(dir, 'big.html'), task: path.join(dir, 'task.html'), taskBoth: path.join(dir, 'task-both.html') };
  let browser: Browser;
  let report: Report;
  let hostile: ReturnType<typeof hostileReports>;
  let cliStderr = '';

  before(async () => {
    const run = await runCli(['run', '--out', path.join(dir, 'r.json'), '--markdown', path.join(dir, 'r.md'), '--html', files.run]);
    assert.equal(run.code, 0, run.stderr);
    cliStderr = run.stderr;
    report = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8')) as Report;
    hostile = hostileReports();
    const comparison = compareReports(hostile.baseline, hostile.current, { baselineLabel: HOSTILE.script });
    await writePage(evaluationPage({ report: hostile.current, comparison, baselineReport: hostile.baseline }, { history: fixedHistory(hostile.baseline, 12) }), files.hostile);
    await writePage(evaluationPage({ report: bigReport(10_000), comparison: null, baselineNote: 'none' }), files.big);
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('run --html: every case of the embedded default, MRR@5 and the verdicts', async () => {
    assert.match(cliStderr, /HTML page written to .*run\.html/);
    const page = await browser.open(files.run);
    await page.waitForSelector('html[data-ready=true]');
    const ids = await allRowIds(page);
    assert.deepEqual(ids.sort(), report.cases.map((c) => c.id).sort());
    const mrr = await page.textContent('[data-metric="mrr@5"] .value');
    assert.equal(mrr, formatValue(report.summary.metrics['mrr@5'], 'ratio'));
    const verdicts = await page.locator('table.delta tbody tr .badge').allTextContents();
    assert.ok(verdicts.length >= 10 && verdicts.every((v) => /same|noise|better|worse|not comparable/.test(v)), verdicts.join(', '));
    assert.equal(await page.locator('table.cases').getAttribute('aria-rowcount'), String(report.cases.length + 1));
    await page.close();
  });

  it('reads without JavaScript: the headline and the delta table are in the HTML itself', () => {
    const html = readFileSync(files.run, 'utf8');
    const staticPart = html.slice(0, html.indexOf('<script'));
    assert.match(staticPart, /data-metric="mrr@5"[^]*?<span class="value">0\.\d{3}<\/span>/);
    assert.match(staticPart, /<table class="delta">[^]*MRR@5[^]*= same/);
    assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; script-src &#39;sha256-/);
  });

  it('filters by verdict, category, tag, change and status, and sorts', async () => {
    const page = await browser.open(files.hostile);
    await page.waitForSelector('html[data-ready=true]');
    const total = hostile.current.cases.length;
    assert.equal(await page.textContent('#case-count'), `${total} of ${total} cases`);
    assert.equal(await select(page, 'filter-outcome', 'regressed'), `${hostile.regressed.length} of ${total} cases`);
    assert.deepEqual((await allRowIds(page)).sort(), [...hostile.regressed].sort());
    await select(page, 'filter-outcome', '');
    assert.equal(await select(page, 'filter-status', 'errored'), `1 of ${total} cases`);
    assert.deepEqual(await allRowIds(page), [hostile.errored]);
    await select(page, 'filter-status', '');
    const category = hostile.current.cases.find((c) => c.kind === 'answer')!.category;
    const inCategory = hostile.current.cases.filter((c) => c.category === category).length;
    assert.equal(await select(page, 'filter-category', category), `${inCategory} of ${total} cases`);
    await select(page, 'filter-category', '');
    const tagged = hostile.current.cases.filter((c) => c.tags.includes('typescript')).length;
    assert.equal(await select(page, 'filter-tag', 'typescript'), `${tagged} of ${total} cases`);
    await select(page, 'filter-tag', '');
    const changed = Number(/^(\d+)/.exec(await select(page, 'filter-change', 'changed'))![1]);
    assert.ok(changed >= hostile.regressed.length + 1 && changed < total, `${changed} changed`);
    await select(page, 'filter-change', '');
    await page.fill('#filter-text', 'webhook');
    const webhook = hostile.current.cases.filter((c) => `${c.id}\n${c.name}\n${c.query}`.toLowerCase().includes('webhook')).length;
    assert.equal(await page.textContent('#case-count'), `${webhook} of ${total} cases`);
    await page.fill('#filter-text', '');
    await page.click('table.cases th:has-text("Verdict") button');
    assert.equal(await page.locator('table.cases th:has-text("Verdict")').getAttribute('aria-sort'), 'ascending');
    const top = await page.locator('tr.row').first().getAttribute('data-case-id');
    assert.ok(hostile.regressed.includes(top!), `regressed first, got ${top}`);
    await page.close();
  });

  it("opens a case's detail with both ranked lists, rank moves and relevance marks", async () => {
    const page = await browser.open(files.hostile);
    await page.waitForSelector('html[data-ready=true]');
    const id = hostile.regressed[1]!; // fell from rank 1 to the last
    await page.click(`tr[data-case-id="${id}"] button.case-link`);
    await page.waitForSelector('#detail-title');
    assert.equal(new URL(page.url()).hash, `#case=${encodeURIComponent(id)}`);
    const head = await page.locator('.detail-part:has(h4:text("Ranked ids")) thead th').allTextContents();
    assert.equal(head.length, 3, head.join(' | '));
    const ranks = page.locator('.detail-part:has(h4:text("Ranked ids")) tbody tr');
    const c = hostile.current.cases.find((x) => x.id === id)!;
    assert.equal(await ranks.count(), c.rankedIds.length);
    const firstRow = await ranks.first().locator('td').allTextContents();
    assert.match(firstRow[0]!, /▲1/, 'the current rank 1 moved up one');
    assert.match(firstRow[1]!, /✓ 1/, "the baseline's rank 1 is judged relevant");
    assert.match((await ranks.last().locator('td').first().textContent())!, /✓ 1.*▼/, 'the relevant id fell to the last rank');
    assert.ok(await page.locator('.detail-part:has(h4:text("Latency samples")) tbody tr').count() >= 2, 'latency samples of both runs');
    await page.close();
  });

  it("an agent task's detail: every run, its assertions and the trajectory step by step, the model's words as text", async () => {
    const call = { id: 'c1', tool: 'search_docs', source: 'docs' as const, args: { query: '<img src=x onerror=alert(1)>' }, ok: true, ms: 1.5, result: 'guides/retries.md: <b>Retries</b>', chars: 34 };
    const failed = docsRun(0, false, {
      assertions: [{ type: 'file_contains', label: 'retry.ts', soft: false, passed: false, message: 'retry.ts does not contain "backoff"' }],
      final: '</textarea><script>window.pwned = 1</script>',
      trajectory: { system: '', prompt: 'write retry.ts', steps: [{ turn: 1, text: 'Looking it up', toolCalls: [call], finishReason: 'tool_calls', usage: { promptTokens: 90, completionTokens: 10, cachedTokens: 0 }, ms: 12, cached: false }] },
    });
    const file = files.task;
    await writePage(evaluationPage({ report: taskReport([taskCase('t-retry', [failed], 'coding')]), comparison: null, baselineNote: 'none' }), file);
    // The task ran without docs too: both arms are shown.
    const both = taskReport([{ ...taskCase('t-both', [docsRun(0, true)]), task: { ...taskCase('t-both', [docsRun(0, true)]).task!, withoutDocs: [withoutRun(0, false)] } }]);
    const fileBoth = files.taskBoth;
    await writePage(evaluationPage({ report: both, comparison: null, baselineNote: 'none' }), fileBoth);
    const page = await browser.open(file);
    await page.waitForSelector('html[data-ready=true]');
    await page.click('tr[data-case-id="t-retry"] button.case-link');
    const part = page.locator('.detail-part:has(h4:text("Agent task"))');
    await part.waitFor();
    assert.match((await part.locator('details.task-run summary').textContent())!, /repetition 1: failed · 2 turn\(s\)/);
    assert.equal(await part.locator('details.task-run').getAttribute('open'), '', 'a failed run is open');
    assert.match((await part.locator('ul.validations li').textContent())!, /✗ file_contains · retry\.ts: retry\.ts does not contain "backoff"/);
    assert.match((await part.locator('ol.trajectory li.step').textContent())!, /Turn 1 · tool_calls · 100 tokens[^]*search_docs \(docs, 1\.5 ms[^]*<img src=x onerror=alert\(1\)>[^]*<b>Retries<\/b>/);
    assert.match((await part.textContent())!, /<\/textarea><script>window\.pwned = 1<\/script>/, 'the final message shown as text');
    assert.equal(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined);
    assert.equal(await page.locator('.detail img').count(), 0);
    await page.close();
    const other = await browser.open(fileBoth);
    await other.waitForSelector('html[data-ready=true]');
    await other.click('tr[data-case-id="t-both"] button.case-link');
    await other.locator('details.task-run').first().waitFor();
    const runs = await other.locator('details.task-run summary').allTextContents();
    assert.deepEqual(runs.map((r) => /with(out)? docs, repetition 1: \w+/.exec(r)?.[0]), ['with docs, repetition 1: passed', 'without docs, repetition 1: failed']);
    await other.close();
  });

  it('draws the charts: latency CDFs, RSS over time, the history trend with its band', async () => {
    const page = await browser.open(files.hostile);
    await page.waitForSelector('html[data-ready=true]');
    const latency = await seriesPixels(page, '#latency-charts');
    assert.ok(latency.length >= 2 && latency.every((n) => n > 50), `latency charts: ${latency.join(', ')}`);
    const trend = await seriesPixels(page, '#trend-charts');
    assert.ok(trend.length >= 3 && trend.every((n) => n > 20), `trend charts: ${trend.join(', ')}`);
    assert.ok((await seriesPixels(page, '#memory-chart')).every((n) => n > 20));
    const summaries = await page.locator('#trend-charts .chart-summary').allTextContents();
    assert.ok(summaries.some((s) => /outside the band: .*\(above\)/.test(s)), summaries.join('\n'));
    await page.close();
  });

  it('works from the keyboard: filters, rows, the detail and back', async () => {
    const page = await browser.open(files.run);
    await page.waitForSelector('html[data-ready=true]');
    let reached = false;
    for (let i = 0; i < 200 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.id === 'filter-text');
    }
    assert.ok(reached, 'Tab reaches the search field');
    await page.focus('button.case-link >> nth=0');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-position')), '2');
    await page.keyboard.press('End');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-position')), String(report.cases.length - 1));
    await page.keyboard.press('Home');
    const id = await page.evaluate(() => document.activeElement?.closest('tr')?.dataset['caseId']);
    await page.keyboard.press('Enter');
    await page.waitForSelector('#detail-title');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'detail-title');
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('#case-detail').isHidden(), true);
    assert.equal(await page.evaluate(() => document.activeElement?.closest('tr')?.dataset['caseId']), id);
    await page.close();
  });

  it('axe finds no serious or critical violation, with a case open', async () => {
    for (const file of [files.run, files.hostile]) {
      const page = await browser.open(file);
      await page.waitForSelector('html[data-ready=true]');
      await page.click('button.case-link >> nth=0');
      await page.waitForSelector('#detail-title');
      assert.deepEqual(await seriousViolations(page), [], path.basename(file));
      await page.close();
    }
  });

  it('shows hostile text as text: nothing runs, nothing links, controls are visible, a 1 MB line is cut', async () => {
    const page = await browser.open(files.hostile);
    await page.waitForSelector('html[data-ready=true]');
    assert.deepEqual(await allRowIds(page).then((ids) => ids.length), hostile.current.cases.length, 'the script end inside the data broke nothing');
    const hostileId = hostile.regressed[0]!;
    await page.click(`tr[data-case-id="${hostileId}"] button.case-link`);
    await page.waitForSelector('#detail-title');
    const errored = hostile.errored;
    await page.evaluate((eid) => (location.hash = `case=${encodeURIComponent(eid)}`), errored);
    await page.waitForFunction((eid) => document.getElementById('detail-title')?.textContent?.includes(eid), errored);
    const answer = hostile.current.cases.find((c) => c.kind === 'answer' && c.answer)!.id;
    await page.evaluate((aid) => (location.hash = `case=${encodeURIComponent(aid)}`), answer);
    await page.waitForFunction(() => document.querySelector('.reasoning'));
    const state = await page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: string }).__pwned,
      scripts: document.scripts.length,
      images: document.images.length,
      links: [...document.querySelectorAll('a')].map((a) => a.getAttribute('href')),
      text: document.body.innerText,
      overflow: document.documentElement.scrollWidth - window.innerWidth,
    }));
    assert.equal(state.pwned, undefined);
    assert.equal(state.images, 0, 'no <img> from the data');
    assert.ok(state.scripts <= 2 + hostile.current.cases.length, 'no script element from the data');
    assert.ok(state.links.every((href) => href === null || !/^\s*javascript:/i.test(href)), state.links.join(', '));
    assert.match(state.text, /safe⟨U\+202E⟩txt\.exe⟨U\+202C⟩/);
    assert.match(state.text, /more characters not shown/);
    assert.ok(state.text.length < 600_000, `the 1 MB lines are cut (${state.text.length} characters shown)`);
    assert.ok(state.overflow <= 1, `no horizontal overflow (${state.overflow}px)`);
    await page.close();
  });

  it('10,000 cases: under 30 MB, and the table keeps only the rows in view', async () => {
    const bytes = statSync(files.big).size;
    assert.ok(bytes < 30 * 1024 * 1024, `${(bytes / 1048576).toFixed(1)} MiB`);
    const page = await browser.open(files.big);
    await page.waitForSelector('html[data-ready=true]', { timeout: 60_000 });
    assert.equal(await page.textContent('#case-count'), '10000 of 10000 cases');
    assert.ok((await page.locator('tr.row').count()) < 100);
    await page.evaluate(() => {
      const s = document.getElementById('case-scroll')!;
      s.scrollTop = s.scrollHeight;
    });
    await page.waitForFunction(() => [...document.querySelectorAll('tr.row')].pop()?.getAttribute('aria-rowindex') === '10001');
    await page.fill('#filter-text', '-09999');
    assert.equal(await page.textContent('#case-count'), '1 of 10000 cases');
    await page.close();
  });

  it('logs no error and fetches nothing: every request was a page file', () => {
    assert.deepEqual(browser.problems, []);
    const pages = new Set(Object.values(files).map((f) => `file://${f}`));
    assert.deepEqual(browser.requests.filter((url) => !pages.has(url.replace(/#.*$/, ''))), []);
  });
});
