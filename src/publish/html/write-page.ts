/**
 * Writes the page: one self-contained HTML file, streamed to disk as the JSON report is
 * (publish/write-report-json.ts), so a 10,000-case page never exists as one string. The
 * static part (headline, delta, facts) is plain HTML; the data follows as JSON in
 * non-executed script elements, each case stringified alone; then the page script. A
 * Content-Security-Policy meta tag allows that one script and that one style (by hash)
 * and nothing else: no fetch, no image, no font, no form, from anywhere.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import path from 'node:path';
import { nodeCrypto } from '../../shared/lazy-crypto.ts';
import type { CaseResult } from '../../model/report.ts';
import { casesId, META_ID, pageMeta, slimCase, type PageInput, type PageMeta } from './page-data.ts';
import { loadPageAssets, type PageAssets } from './page-assets.ts';
import { gatesList, headlineCards, pageHeader } from './render-headline.ts';
import { deltaSection, sideBySideSection } from './render-delta.ts';
import { categorySection, environmentSection, latencySection } from './render-facts.ts';
import { escapeHtml } from './text.ts';

/** JSON for a <script type="application/json"> element: no "<" at all, so no "</script>" or "<!--" can end or bend it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function sha256(text: string): string {
  return `'sha256-${nodeCrypto().createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

export function contentSecurityPolicy(assets: PageAssets): string {
  // img-src data: serves the empty icon only: without one, a browser asks a served page's origin for /favicon.ico.
  return [`default-src 'none'`, `script-src ${sha256(assets.script)}`, `style-src ${sha256(assets.style)}`, `img-src data:`, `base-uri 'none'`, `form-action 'none'`].join('; ');
}

/** Everything before the body's content: the policy, the title, the one style. A dashboard starts the same way. */
export function documentStart(assets: PageAssets, title: string): string {
  return [
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy(assets))}">\n`,
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title>\n<style>${assets.style}</style></head>\n<body>\n`,
  ].join('');
}

/** The page script (the one the policy allows) and the end of the document. */
export function documentEnd(assets: PageAssets): string {
  return `<script>${assets.script}</script>\n</body></html>\n`;
}

/** The plain-HTML sections, in reading order. */
export function staticBody(meta: PageMeta): string {
  const comparison = meta.comparison ? deltaSection(meta.comparison) : '';
  const side = meta.kind === 'compare' ? sideBySideSection(meta) : '';
  const trends = meta.trends.length > 0 ? `<section aria-labelledby="h-trend"><h2 id="h-trend">History trend</h2><p class="note">Main-branch runs of this dataset, newest last. The band is the ${Math.round((meta.trends.find((t) => t.level !== null)?.level ?? 0.99) * 100)}% prediction interval for one run from the matching runs before it (same dataset and machine); a point outside it is what the history would flag.</p><div id="trend-charts" class="charts"></div><noscript><p>The trend charts need JavaScript.</p></noscript></section>` : '';
  const cases = `<section aria-labelledby="h-cases" id="cases"><h2 id="h-cases">Cases</h2><div id="case-app"><noscript><p>The case table (sorting, filters, each case's ranked lists and answers) needs JavaScript; the JSON report holds the same data.</p></noscript></div></section>`;
  return [pageHeader(meta), '<main>', headlineCards(meta), gatesList(meta), comparison, side, cases, latencySection(meta), trends, categorySection(meta), environmentSection(meta), '</main>'].join('\n');
}

type Write = (chunk: string) => Promise<void>;

async function writeCases(write: Write, id: string, cases: readonly CaseResult[], full: boolean): Promise<void> {
  await write(`<script type="application/json" id="${id}">[`);
  for (const [i, c] of cases.entries()) await write(`${i === 0 ? '' : ','}\n${scriptJson(full ? c : slimCase(c))}`);
  await write(']</script>\n');
}

/**
 * Writes the page of `input` to `file` (its directory made when missing). The first
 * run's cases go in whole; the others' without what only the first run's detail shows
 * (page-data.ts slimCase). Returns the bytes written.
 */
export async function writePage(input: PageInput, file: string): Promise<number> {
  const assets = await loadPageAssets();
  const meta = pageMeta(input);
  await mkdir(path.dirname(file), { recursive: true });
  const out = createWriteStream(file);
  // Settles when the file is closed, or fails with the stream's error (a disk that filled up) whenever it comes.
  const closed = finished(out);
  closed.catch(() => {});
  const write: Write = async (chunk) => {
    if (out.errored) throw out.errored;
    if (!out.write(chunk)) await Promise.race([once(out, 'drain'), closed]);
  };
  try {
    await write(documentStart(assets, meta.title));
    await write(staticBody(meta));
    await write(`\n<script type="application/json" id="${META_ID}">${scriptJson(meta)}</script>\n`);
    for (const [i, run] of input.runs.entries()) await writeCases(write, casesId(i), run.report.cases, i === 0);
    await write(documentEnd(assets));
  } finally {
    out.end();
  }
  await closed;
  return out.bytesWritten;
}
