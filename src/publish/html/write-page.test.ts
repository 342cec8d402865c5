/**
 * The written page as a file: its data reads back exactly from the script elements, the
 * CSP hashes are those of the script and style it holds, hostile text in the static part
 * is escaped, and a page that cannot be written fails with the file's error.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { Report } from '../../model/report.ts';
import { compareReports } from '../../compare/compare-reports.ts';
import { evaluationPage, slimCase } from './page-data.ts';
import { casesId, META_ID, type PageMeta } from './page-types.ts';
import { scriptJson, writePage } from './write-page.ts';
import { escapeHtml, visible } from './text.ts';

const reference = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../baselines/reference.json'), 'utf8')) as Report;
const dir = mkdtempSync(path.join(os.tmpdir(), 'dme-page-unit-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function element(html: string, id: string): string {
  const m = new RegExp(`<script type="application/json" id="${id}">([^]*?)</script>`).exec(html);
  assert.ok(m, `#${id}`);
  return m[1]!;
}

describe('scriptJson', () => {
  it('holds no "<", so no script end or comment can close the element, and parses back to the same value', () => {
    const value = { a: '</script><!--<script>', b: 'x\u2028y\u2029z' };
    const json = scriptJson(value);
    assert.doesNotMatch(json, /<|\u2028|\u2029/);
    assert.deepEqual(JSON.parse(json), value);
  });
});

describe('text', () => {
  it('shows controls and escapes markup', () => {
    assert.equal(visible('a\u202Eb\u0007c\nd'), 'a⟨U+202E⟩b⟨U+0007⟩c\nd');
    assert.equal(escapeHtml(`<a href="x">'&`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;');
  });
});

describe('writePage', () => {
  const current: Report = structuredClone(reference);
  current.dataset.name = '<script>alert(1)</script> \u202Eevil';
  current.health = { ...current.health!, problems: [{ code: 'errors', severity: 'fail', message: '</textarea><img src=x onerror=alert(1)>' }] };
  const comparison = compareReports(reference, current, { baselineLabel: '<b>base</b>' });
  const file = path.join(dir, 'nested', 'page.html');
  const written = writePage(evaluationPage({ report: current, comparison, baselineReport: reference }), file);

  it('writes one file whose data reads back: the meta, the current cases whole, the baseline slim', async () => {
    const bytes = await written;
    const html = readFileSync(file, 'utf8');
    assert.equal(bytes, Buffer.byteLength(html));
    const meta = JSON.parse(element(html, META_ID)) as PageMeta;
    assert.deepEqual(meta.runs.map((r) => [r.name, r.role]), [['current', 'current'], ['<b>base</b>', 'baseline']]);
    assert.deepEqual(meta.comparison, JSON.parse(JSON.stringify(comparison)));
    assert.deepEqual(JSON.parse(element(html, casesId(0))), JSON.parse(JSON.stringify(current.cases)));
    assert.deepEqual(JSON.parse(element(html, casesId(1))), JSON.parse(JSON.stringify(reference.cases.map(slimCase))));
  });

  it("allows exactly its own script and style by hash, and nothing else", async () => {
    await written;
    const html = readFileSync(file, 'utf8');
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)![1]!.replace(/&#39;/g, "'");
    const script = /<script>([^]*?)<\/script>\n<\/body>/.exec(html)![1]!;
    const style = /<style>([^]*?)<\/style>/.exec(html)![1]!;
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    assert.equal(csp, `default-src 'none'; script-src ${hash(script)}; style-src ${hash(style)}; img-src data:; base-uri 'none'; form-action 'none'`);
    assert.equal(html.match(/<script>/g)?.length, 1, 'one executable script');
  });

  it('escapes hostile text in the static part (title, health, baseline label)', async () => {
    await written;
    const html = readFileSync(file, 'utf8');
    const staticPart = html.slice(0, html.indexOf('<script type="application/json"'));
    assert.doesNotMatch(staticPart, /<script>alert|<img|<\/textarea>|<b>base/);
    assert.match(staticPart, /&lt;script&gt;alert\(1\)&lt;\/script&gt; ⟨U\+202E⟩evil/);
    assert.match(staticPart, /&lt;\/textarea&gt;&lt;img src=x onerror=alert\(1\)&gt;/);
  });

  it('fails with the file system error when the page folder cannot be made', async () => {
    const blocker = path.join(dir, 'a-file');
    await writePage(evaluationPage({ report: reference, comparison: null }), blocker);
    await assert.rejects(writePage(evaluationPage({ report: reference, comparison: null }), path.join(blocker, 'page.html')), /EEXIST|ENOTDIR/);
  });

  it('fails, neither hangs nor crashes, when the disk fills up mid-page (/dev/full)', { skip: process.platform !== 'linux' }, async () => {
    await assert.rejects(writePage(evaluationPage({ report: reference, comparison: null }), '/dev/full'), /ENOSPC/);
  });
});
