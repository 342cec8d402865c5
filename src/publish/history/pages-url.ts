/**
 * Where the job summary points for the dashboard (history-pages) and a key's newest page.
 * On github.com, GitHub Pages serves the data branch once it publishes it (a deploy job
 * after the run, or Deploy from a branch: docs/action.md): `https://<owner>.github.io/<repo>/…`,
 * or `https://<owner>.github.io/…` for the `<owner>.github.io` repository itself. The URL is
 * computed, not asked of the Pages API (the job's token cannot read the Pages settings, and a
 * custom domain is not known): the summary says it needs Pages. Elsewhere (GitHub
 * Enterprise Server, whose Pages addresses depend on its set-up), the files in the branch.
 * Pure.
 */
import type { BranchLayout } from './branch-layout.ts';

export interface PagesLinks {
  dashboard: string;
  /** The key's newest report page. */
  page: string;
  /** GitHub Pages addresses (github.com), else the files in the branch. */
  pages: boolean;
}

const GITHUB = 'https://github.com';
const path = (file: string) => file.split('/').map(encodeURIComponent).join('/');

export function pagesLinks(o: { serverUrl: string; owner: string; repo: string; branch: string; layout: BranchLayout }): PagesLinks {
  const { layout } = o;
  if (o.serverUrl.replace(/\/+$/, '').toLowerCase() === GITHUB) {
    const host = `${o.owner.toLowerCase()}.github.io`;
    const site = o.repo.toLowerCase() === host ? `https://${host}/` : `https://${host}/${encodeURIComponent(o.repo)}/`;
    return { dashboard: `${site}${layout.root === '' ? '' : `${path(layout.root)}/`}`, page: `${site}${path(layout.pageFile)}`, pages: true };
  }
  const blob = `${o.serverUrl.replace(/\/+$/, '')}/${encodeURIComponent(o.owner)}/${encodeURIComponent(o.repo)}/blob/${path(o.branch)}/`;
  return { dashboard: `${blob}${path(layout.dashboardFile)}`, page: `${blob}${path(layout.pageFile)}`, pages: false };
}
