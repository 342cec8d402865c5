import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { branchLayout } from './branch-layout.ts';
import { pagesLinks } from './pages-url.ts';

describe('pagesLinks', () => {
  const at = (serverUrl: string, owner: string, repo: string, root = '', key = 'default') => pagesLinks({ serverUrl, owner, repo, branch: 'docs-mcp-eval-data', layout: branchLayout(root, key) });

  it("on github.com: the project site's address, the owner lower-cased as Pages serves it", () => {
    assert.deepEqual(at('https://github.com', 'Acme', 'docs'), { dashboard: 'https://acme.github.io/docs/', page: 'https://acme.github.io/docs/default/report.html', pages: true });
    assert.deepEqual(at('https://github.com/', 'acme', 'docs', 'bench/mcp', 'nightly'), { dashboard: 'https://acme.github.io/docs/bench/mcp/', page: 'https://acme.github.io/docs/bench/mcp/nightly/report.html', pages: true });
  });

  it("the <owner>.github.io repository is the user's or organization's own site, at the root", () => {
    assert.equal(at('https://github.com', 'Acme', 'acme.github.io').dashboard, 'https://acme.github.io/');
  });

  it('elsewhere (GitHub Enterprise Server): the files in the branch', () => {
    assert.deepEqual(at('https://git.example.com', 'acme', 'docs', 'bench'), {
      dashboard: 'https://git.example.com/acme/docs/blob/docs-mcp-eval-data/bench/index.html',
      page: 'https://git.example.com/acme/docs/blob/docs-mcp-eval-data/bench/default/report.html',
      pages: false,
    });
  });
});
