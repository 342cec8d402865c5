/**
 * The history dashboard as a document: the HTML page's own head (the same policy, style and
 * script: write-page.ts), a plain-HTML table of the keys that reads without JavaScript,
 * the trends' place, and the data for the page script (page/dashboard.ts draws the
 * charts). Every text from the branch is escaped (text.ts); the only links are the keys'
 * own pages, made from a plain key name (dashboard-data.ts keyPageLink). A few hundred KB
 * at most, so it is one string.
 */
import { loadPageAssets } from './page-assets.ts';
import { dashboardMeta, type DashboardInput } from './dashboard-data.ts';
import { DASHBOARD_ID, type DashboardKey, type DashboardMeta } from './page-types.ts';
import { escapeHtml, html } from './text.ts';
import { documentEnd, documentStart, scriptJson } from './write-page.ts';

const when = (date: string) => html(date.slice(0, 16).replace('T', ' '), 40);
const shortSha = (sha: string) => (/^[0-9a-f]{7,64}$/i.test(sha) ? sha.slice(0, 7).toLowerCase() : html(sha, 12));

function keyRow(k: DashboardKey): string {
  const runs = `${k.runs}${k.skipped > 0 ? ` <small>(${k.skipped} unreadable line${k.skipped === 1 ? '' : 's'} skipped)</small>` : ''}`;
  const newest = k.newest ? `${when(k.newest.date)}${k.newest.sha ? ` · <code>${shortSha(k.newest.sha)}</code>` : ''}` : '—';
  const page = k.link ? `<a href="${escapeHtml(k.link)}">newest report</a>` : '—';
  return `<tr><th scope="row"><code>${html(k.key, 80)}</code></th><td>${k.dataset === null ? '—' : html(k.dataset, 120)}</td><td>${runs}</td><td>${newest}</td><td>${page}</td></tr>`;
}

/** The newest run of any key: the dashboard says how current it is (and stays the same for the same data). */
function newestRun(meta: DashboardMeta): string | undefined {
  return meta.keys.map((k) => k.newest?.date ?? '').reduce((a, b) => (b > a ? b : a), '') || undefined;
}

export function dashboardBody(meta: DashboardMeta): string {
  const newest = newestRun(meta);
  const line = `${meta.keys.length} key${meta.keys.length === 1 ? '' : 's'}${newest ? ` · newest run ${when(newest)} UTC` : ''}`;
  const notes = meta.notes.map((n) => `<p class="note">${html(n, 600)}</p>`).join('');
  const header = `<header><h1>${html(meta.title, 200)}</h1><p class="runline">${line}</p>${notes}</header>`;
  const head = ['Key', 'Dataset', 'Runs', 'Newest run (UTC)', 'Page'].map((c) => `<th scope="col">${c}</th>`).join('');
  const keys = `<section aria-labelledby="h-keys"><h2 id="h-keys">Keys</h2><p class="note">One folder per comment key on the data branch; each key's newest main-branch report is a page of its own.</p><div class="scroll"><table class="keys"><thead><tr>${head}</tr></thead><tbody>${meta.keys.map(keyRow).join('')}</tbody></table></div></section>`;
  const level = meta.trends.find((t) => t.level !== null)?.level ?? 0.99;
  const trends =
    meta.trends.length > 0
      ? `<section aria-labelledby="h-trend"><h2 id="h-trend">Trends</h2><p class="note">Main-branch runs, one line per key (each over its newest run's dataset). Timing and memory lines carry a band: the ${Math.round(level * 100)}% prediction interval for one run from that key's matching runs before it (same dataset and machine), once there are enough of them; a point outside it is what the history would flag.</p><div id="dashboard-charts" class="charts"></div><noscript><p>The trend charts need JavaScript.</p></noscript></section>`
      : '<section aria-labelledby="h-trend"><h2 id="h-trend">Trends</h2><p>No key has a readable run yet.</p></section>';
  return [header, '<main>', keys, trends, '</main>'].join('\n');
}

/** The dashboard page of `input`, whole. */
export async function dashboardDocument(input: DashboardInput): Promise<string> {
  const assets = await loadPageAssets();
  const meta = dashboardMeta(input);
  return [documentStart(assets, meta.title), dashboardBody(meta), `\n<script type="application/json" id="${DASHBOARD_ID}">${scriptJson(meta)}</script>\n`, documentEnd(assets)].join('');
}
