/**
 * The history dashboard: its data (a line per key, each with the key's own bands, checked
 * against hand-computed intervals) and its document (the page's own policy and script,
 * hostile names as text, links only to plain keys' pages).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { HistoryEntry } from '../../report/history-entry.ts';
import { DASHBOARD_KEYS, dashboardMeta, keyPageLink, type DashboardKeyInput } from './dashboard-data.ts';
import { loadPageAssets } from './page-assets.ts';
import { DASHBOARD_ID, type DashboardMeta } from './page-types.ts';
import { dashboardDocument } from './render-dashboard.ts';
import { contentSecurityPolicy } from './write-page.ts';

function run(i: number, metrics: Record<string, number | null>, over: Partial<HistoryEntry> = {}): HistoryEntry {
  return { date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(), sha: `${i.toString(16).padStart(2, '0')}${'c'.repeat(38)}`, dataset: 'docs', datasetHash: 'h', k: 5, environment: 'e', metrics, ...over };
}

const key = (name: string, entries: HistoryEntry[], hasPage = true, skipped = 0): DashboardKeyInput => ({ key: name, history: { entries, skipped }, hasPage });

// search.p50 of `alpha`'s runs: five before the sixth, whose band they make.
const ALPHA_P50 = [100, 110, 90, 105, 95, 200];
const alpha = ALPHA_P50.map((v, i) => run(i, { 'mrr@5': 0.5 + i / 100, 'search.p50': v, 'rss.peak': 50e6 }));
const beta = [0, 1, 2].map((i) => run(10 + i, { 'mrr@5': 0.7, 'search.p50': 40 + i, 'rss.peak': null }, { dataset: 'other', datasetHash: 'o' }));

describe('dashboardMeta', () => {
  const meta = dashboardMeta({ title: 't', keys: [key('beta', beta), key('alpha', alpha, false)], historyOptions: { minRuns: 5 } });
  const trend = (id: string) => meta.trends.find((t) => t.metric === id);

  it('a trend per headline metric with a value, a line per key that has one, keys by name', () => {
    assert.deepEqual(meta.trends.map((t) => t.metric), ['mrr@5', 'search.p50', 'rss.peak']);
    assert.deepEqual(trend('search.p50')!.lines.map((l) => [l.key, l.points.length]), [['alpha', 6], ['beta', 3]]);
    assert.deepEqual(trend('rss.peak')!.lines.map((l) => l.key), ['alpha'], 'beta never measured its memory');
  });

  it("a key's band comes from its own earlier runs, once there are minRuns of them (hand-computed 99% interval)", () => {
    const points = trend('search.p50')!.lines[0]!.points;
    assert.deepEqual(points.map((p) => p.band === null), [true, true, true, true, true, false]);
    // ln of 100, 110, 90, 105, 95: geometric mean 99.749, sd 0.079317; t(0.995, 4) = 4.604095; half width t·sd·√(1 + 1/5).
    const band = points[5]!.band!;
    assert.equal(band.runs, 5);
    assert.ok(Math.abs(band.center - 99.7492) < 1e-3, `${band.center}`);
    assert.ok(Math.abs(band.lower - 66.8613) < 1e-3, `${band.lower}`);
    assert.ok(Math.abs(band.upper - 148.8141) < 1e-3, `${band.upper}`);
    assert.equal(points[5]!.outside, 'above', '200 lies above 148.8');
    assert.ok(trend('search.p50')!.lines[1]!.points.every((p) => p.band === null), 'beta has three runs: no band yet');
    assert.equal(trend('mrr@5')!.level, null, 'quality is drawn without a band');
    assert.equal(trend('search.p50')!.level, 0.99);
  });

  it('the key table: runs, newest run, dataset, and a link only to a page that is there', () => {
    assert.deepEqual(
      meta.keys.map((k) => [k.key, k.runs, k.dataset, k.link, k.newest?.date]),
      [
        ['alpha', 6, 'docs', null, alpha[5]!.date],
        ['beta', 3, 'other', 'beta/report.html', beta[2]!.date],
      ],
    );
  });

  it('keys at another k get their own trend; a key with no readable line has a row and no line', () => {
    const at10 = [run(0, { 'mrr@10': 0.4 }, { k: 10 })];
    const m = dashboardMeta({ title: 't', keys: [key('ten', at10), key('five', beta), key('broken', [], true, 3)] });
    assert.deepEqual(m.trends.map((t) => t.metric), ['mrr@5', 'mrr@10', 'search.p50']);
    assert.deepEqual(m.trends[1]!.lines.map((l) => l.key), ['ten']);
    assert.deepEqual(m.keys.find((k) => k.key === 'broken'), { key: 'broken', link: 'broken/report.html', dataset: null, runs: 0, skipped: 3, newest: null });
  });

  it('links only plain key names, and says how many keys it left out', () => {
    assert.equal(keyPageLink('nightly-1.2_x'), 'nightly-1.2_x/report.html');
    for (const bad of ['..', '<img src=x>', 'a/b', 'javascript:alert(1)', '', 'x'.repeat(65)]) assert.equal(keyPageLink(bad), null, bad);
    const many = Array.from({ length: DASHBOARD_KEYS + 2 }, (_, i) => key(`k${String(i).padStart(3, '0')}`, [run(0, { 'mrr@5': 1 })]));
    const m = dashboardMeta({ title: 't', keys: many });
    assert.equal(m.keys.length, DASHBOARD_KEYS);
    assert.deepEqual(m.notes, [`2 more keys are on the branch but not shown (at most ${DASHBOARD_KEYS}).`]);
  });
});

describe('dashboardDocument', () => {
  const HOSTILE = '<img src=x onerror=alert(1)>"\'</script><!--\u202Eevil';
  const hostile = [run(0, { 'search.p50': 5, [HOSTILE]: 1 }, { dataset: HOSTILE, sha: HOSTILE, date: `2026-01-01T00:00:00Z${HOSTILE}` })];

  it("carries the HTML page's policy and script, and the data the page script reads", async () => {
    const html = await dashboardDocument({ title: `docs-mcp-eval: acme/docs ${HOSTILE}`, keys: [key(HOSTILE, hostile), key('default', alpha)] });
    const assets = await loadPageAssets();
    assert.ok(html.includes(`content="${contentSecurityPolicy(assets).replace(/'/g, '&#39;')}"`));
    assert.ok(html.includes(`<script>${assets.script}</script>`));
    const data = new RegExp(`<script type="application/json" id="${DASHBOARD_ID}">([^<]*)</script>`).exec(html);
    assert.ok(data, 'the data element has no "<" at all');
    const meta = JSON.parse(data[1]!) as DashboardMeta;
    assert.deepEqual(meta.keys.map((k) => k.key).sort(), [HOSTILE, 'default'].sort());
    assert.ok(!meta.trends.some((t) => t.metric === HOSTILE), 'a metric id that is no headline metric is not drawn');
    // The static part: hostile text escaped, and the only links are the plain key's page.
    const body = html.slice(html.indexOf('<body>'), html.indexOf('<script'));
    assert.ok(!body.includes('<img') && !body.includes('<!--'), body);
    assert.match(body, /&lt;img src=x onerror=alert\(1\)&gt;/);
    assert.match(body, /⟨U\+202E⟩evil/);
    assert.deepEqual([...body.matchAll(/<a [^>]*>/g)].map((m) => m[0]), ['<a href="default/report.html">']);
  });

  it('is the same for the same branch: nothing in it depends on when it was written', async () => {
    const input = { title: 't', keys: [key('default', alpha)] };
    assert.equal(await dashboardDocument(input), await dashboardDocument(input));
  });
});
