/// <reference lib="dom" />
/**
 * The history dashboard (history-pages) in Chromium, one launch: a synthetic history of two
 * keys whose runs make prediction bands (a band needs earlier runs), and a dashboard whose
 * key names, datasets, dates and title are hostile. Each key's line and band is drawn in its
 * colour, the numbers are in tables, nothing the data wrote runs or links, axe finds no
 * serious violation, and nothing is fetched.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { HistoryEntry } from '../src/report/history-entry.ts';
import { dashboardDocument } from '../src/publish/html/render-dashboard.ts';
import { oneLine } from '../src/publish/html/text.ts';
import { seriousViolations } from './support/axe.ts';
import { launchChromium, type Browser } from './support/chromium.ts';
import { HOSTILE } from './support/page-fixtures.ts';

function run(day: number, metrics: Record<string, number | null>, over: Partial<HistoryEntry> = {}): HistoryEntry {
  return { date: new Date(Date.UTC(2026, 2, 1 + day, 3)).toISOString(), sha: `${day.toString(16).padStart(2, '0')}${'d'.repeat(38)}`, dataset: 'docs', datasetHash: 'h', k: 5, environment: 'e', metrics, ...over };
}

/** Eight runs of alpha (the last far slower), seven of beta on other days: bands from the sixth run on. */
const ALPHA = [20, 22, 19, 21, 20, 21, 20, 60].map((p50, i) => run(2 * i, { 'mrr@5': 0.6, 'search.p50': p50 }));
const BETA = [40, 42, 39, 41, 40, 41, 40].map((p50, i) => run(2 * i + 1, { 'mrr@5': 0.7, 'search.p50': p50 }));

/**
 * Pixels of the canvases under `selector` near an RGB colour with an opacity in `alpha`
 * (the canvas is transparent: a line is opaque, a band's fill 15% opaque).
 */
function pixelsNear(page: Page, selector: string, rgb: readonly number[], alpha: readonly [number, number]): Promise<number[]> {
  return page.evaluate(
    ({ sel, rgb: [r, g, b], alpha: [lo, hi] }) =>
      [...document.querySelectorAll<HTMLCanvasElement>(`${sel} canvas`)].map((canvas) => {
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        let n = 0;
        for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i]! - r!) <= 40 && Math.abs(data[i + 1]! - g!) <= 40 && Math.abs(data[i + 2]! - b!) <= 40 && data[i + 3]! >= lo && data[i + 3]! <= hi) n++;
        return n;
      }),
    { sel: selector, rgb, alpha },
  );
}

const BLUE = [0x1f, 0x5f, 0xbf];
const ORANGE = [0xb3, 0x59, 0x00];
const LINE: [number, number] = [200, 255];
const FILL: [number, number] = [25, 50];

describe('the history dashboard in Chromium', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-dashboard-'));
  const files = { bands: path.join(dir, 'bands', 'index.html'), hostile: path.join(dir, 'hostile', 'index.html') };
  let browser: Browser;

  before(async () => {
    const write = async (file: string, html: Promise<string>) => {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, await html);
    };
    const history = (entries: HistoryEntry[]) => ({ entries, skipped: 0 });
    await write(files.bands, dashboardDocument({ title: 'docs-mcp-eval history: acme/docs', keys: [{ key: 'alpha', history: history(ALPHA), hasPage: true }, { key: 'beta', history: history(BETA), hasPage: false }] }));
    const names = [HOSTILE.textarea, HOSTILE.script, HOSTILE.bidi, 'javascript:alert(1)'];
    const hostileKeys = names.map((name, i) => ({
      key: name,
      history: history([run(i, { 'mrr@5': 0.5, 'search.p50': 10 + i }, { dataset: HOSTILE.textarea, sha: HOSTILE.script, date: `2026-03-0${i + 1}T00:00:00Z${HOSTILE.bidi}` })]),
      hasPage: true,
    }));
    await write(files.hostile, dashboardDocument({ title: `history ${HOSTILE.script}`, keys: hostileKeys }));
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("draws a chart per metric, a line per key in the key's colour, and each key's band once it has earlier runs", async () => {
    const page = await browser.open(files.bands);
    await page.waitForSelector('html[data-ready=true]');
    assert.deepEqual(await page.locator('#dashboard-charts figcaption').allTextContents(), ['MRR@5 over main-branch runs', 'Search p50 over main-branch runs']);
    const p50 = '#dashboard-charts figure:nth-of-type(2)';
    const lines = { alpha: await pixelsNear(page, p50, BLUE, LINE), beta: await pixelsNear(page, p50, ORANGE, LINE) };
    assert.ok(lines.alpha[0]! > 50 && lines.beta[0]! > 50, `lines drawn: ${JSON.stringify(lines)}`);
    const fills = { alpha: await pixelsNear(page, p50, BLUE, FILL), beta: await pixelsNear(page, p50, ORANGE, FILL) };
    assert.ok(fills.alpha[0]! > 1000 && fills.beta[0]! > 1000, `bands filled: ${JSON.stringify(fills)}`);
    const quality = await pixelsNear(page, '#dashboard-charts figure:nth-of-type(1)', BLUE, FILL);
    assert.ok(quality[0]! < 60, `no band on a quality metric (only the lines' soft edges): ${quality[0]}`);
    // The numbers: a table per key; from the sixth run on, a run has a band.
    const rows = (name: string) => page.locator(`${p50} details:has(summary:text("Search p50 · ${name}")) tbody tr`).evaluateAll((trs) => trs.map((tr) => [...(tr as HTMLTableRowElement).cells].map((c) => c.textContent ?? '')));
    const alpha = await rows('alpha');
    const beta = await rows('beta');
    assert.equal(alpha.length, 8);
    assert.equal(beta.length, 7);
    assert.deepEqual(alpha.map((r) => r[3] !== '—'), [false, false, false, false, false, true, true, true]);
    assert.deepEqual(beta.map((r) => r[3] !== '—'), [false, false, false, false, false, true, true]);
    assert.equal(alpha[7]![4], 'above');
    const summary = (await page.textContent(`${p50} .chart-summary`))!;
    assert.match(summary, /alpha: 8 runs, newest 60(\.0)? ?ms, outside the band: 0eddddd \(above\)/);
    assert.match(summary, /beta: 7 runs/);
    // The key table reads without the script; only alpha has a page.
    assert.deepEqual(await page.locator('table.keys tbody th').allTextContents(), ['alpha', 'beta']);
    assert.deepEqual(await page.locator('table.keys a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))), ['alpha/report.html']);
    assert.deepEqual(await seriousViolations(page), []);
    await page.close();
  });

  it('shows hostile names, datasets, dates and titles as text: nothing runs, nothing links', async () => {
    const page = await browser.open(files.hostile);
    await page.waitForSelector('html[data-ready=true]');
    const state = await page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: string }).__pwned,
      scripts: document.scripts.length,
      images: document.images.length,
      links: [...document.querySelectorAll('a')].map((a) => a.getAttribute('href')),
      keys: [...document.querySelectorAll('table.keys tbody th')].map((th) => th.textContent),
      legend: [...document.querySelectorAll('.u-legend .u-label')].map((l) => l.textContent),
      text: document.body.innerText,
    }));
    assert.equal(state.pwned, undefined);
    assert.equal(state.images, 0);
    assert.equal(state.scripts, 2, 'the data element and the page script, nothing from the data');
    assert.deepEqual(state.links, [], 'no hostile name is a plain key name: no link at all');
    assert.ok(state.keys.includes(HOSTILE.textarea) && state.keys.includes('javascript:alert(1)'), state.keys.join(' | '));
    assert.ok(state.legend.includes(oneLine(HOSTILE.textarea, 40)), `the legend shows the name as text: ${state.legend.join(' | ')}`);
    assert.match(state.text, /⟨U\+202E⟩/, 'bidi controls are shown, not obeyed');
    assert.equal(await page.title(), `history ${HOSTILE.script}`);
    await page.close();
  });

  it('logs no error and fetches nothing: every request was a dashboard file', () => {
    assert.deepEqual(browser.problems, []);
    const pages = new Set(Object.values(files).map((f) => `file://${f}`));
    assert.deepEqual(browser.requests.filter((url) => !pages.has(url)), []);
  });
});
