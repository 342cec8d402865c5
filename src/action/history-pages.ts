/**
 * history-pages in the branch store: what a mainline run adds to its commit on the data
 * branch (publish/git-branch/branch-pages.ts: the run's page, the dashboard of every key,
 * .nojekyll), and the job summary's line that links to them (on github.com the GitHub
 * Pages addresses, which need Pages enabled for the branch; elsewhere the files in the
 * branch). A dashboard that could not be rebuilt is a warning: the run's history is saved.
 */
import type { BranchLayout } from '../publish/history/branch-layout.ts';
import { pagesLinks } from '../publish/history/pages-url.ts';
import { branchPages } from '../publish/git-branch/branch-pages.ts';
import type { AlsoWrite } from '../publish/git-branch/save-run.ts';
import type { TrustedRunSave } from './history-store.ts';
import type { RunContext } from './run-context.ts';

export interface HistoryPagesWrite {
  alsoWrite: AlsoWrite;
  /** After the save: the summary's lines, and a warning for a dashboard that could not be rebuilt. */
  report(warn: (message: string) => void): string[];
}

export function historyPagesWrite(ctx: RunContext, layout: BranchLayout, run: TrustedRunSave): HistoryPagesWrite {
  const { event, inputs } = ctx;
  let problem: string | undefined;
  const pages = branchPages({
    layout,
    title: `docs-mcp-eval history: ${event.owner}/${event.repo}`,
    reportPage: run.pagePath,
    historyOptions: run.historyMinRuns === undefined ? undefined : { minRuns: run.historyMinRuns },
    onProblem: (message) => (problem = message),
  });
  return {
    // Only the attempt that was pushed counts: a retry starts with no problem.
    alsoWrite: (tip, update) => {
      problem = undefined;
      return pages(tip, update);
    },
    report(warn) {
      if (problem) warn(problem);
      const links = pagesLinks({ serverUrl: event.serverUrl, owner: event.owner, repo: event.repo, branch: inputs.historyBranch, layout });
      const page = run.pagePath === undefined ? ` (this run wrote no page: \`${layout.pageFile}\` stays as it was)` : '';
      // Owner, repository, branch and path are plain names (GitHub's and inputs.ts's checks): safe in a link as they are.
      const line = links.pages
        ? `Dashboard: [${links.dashboard}](${links.dashboard}) (every key's trends) · this key's newest report: [${layout.pageFile}](${links.page})${page}. GitHub Pages serves them once it publishes branch \`${inputs.historyBranch}\` (see docs/action.md#a-dashboard-on-github-pages-history-pages).`
        : `Dashboard: [\`${layout.dashboardFile}\`](${links.dashboard}) on branch \`${inputs.historyBranch}\` (every key's trends) · this key's newest report: [\`${layout.pageFile}\`](${links.page})${page}.`;
      return [line];
    },
  };
}
