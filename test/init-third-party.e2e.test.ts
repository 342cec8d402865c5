/**
 * `init --expect` and `inspect` on docs MCP servers nobody here wrote, each of another
 * shape, and `run` with the config init wrote, scoring judged cases:
 *  - @workos/mcp-docs-server (npm, stdio): a string query, markdown answers with each hit's
 *    id in a heading ("## 📄 integrations/auth0-saml") and headings inside the snippets too;
 *    a fetch tool known only by its one `path` argument;
 *  - qmd (@tobilu/qmd, npm): the query inside an array of objects (--search-args), the ids
 *    in structuredContent;
 *  - a fixture of ours on the official SDK (test/fixtures/keyword-docs-server.mjs) for the
 *    shape no installable server here has: `queryKeywords: string[]` and markdown
 *    "Source: `path`" lines beside links.
 * docusaurus-plugin-mcp-server (URL lines over HTTP) has its init test beside its profile's.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { quote } from 'shell-quote';
import { ROOT, runCli } from './support/cli.ts';
import { FIXTURE_CASES, FIXTURE_DOCS, installed, readReport, scratchDir } from './support/third-party.ts';

const run = (dir: string, extra: string[] = [], env: Record<string, string> = {}) =>
  runCli(['run', '--config', 'docs-mcp-eval.yml', '--no-baseline', '--repetitions', '1', '--warmup', '0', '--out', 'report.json', '--markdown', 'report.md', ...extra], { cwd: dir, env });

describe('init --expect and inspect on third-party servers', () => {
  it('@workos/mcp-docs-server: learns the heading that carries each id, and the written config scores a judged case', async () => {
    const server = quote([process.execPath, installed('@workos/mcp-docs-server/dist/index.js')]);
    const dir = scratchDir('init-workos');
    const init = await runCli(['init', '--server-command', server, '--query', 'SAML metadata', '--query', 'directory sync webhook', '--expect', 'integrations/auth0-saml'], { cwd: dir });
    assert.equal(init.code, 0, init.stderr + init.stdout);
    assert.match(init.stdout, /search tool: workos_search \(query: query \(string\)\)/);
    assert.match(init.stdout, /ids: pattern \^##\[ \\t\]\+📄\[ \\t\]\+\(\?P<id>.*learned from line \d+: ## 📄 integrations\/auth0-saml\); "integrations\/auth0-saml" ranks #\d of \d/);
    assert.match(init.stdout, /fetch tool: workos_docs \(path: "\{id\}"\)/);
    assert.match(readFileSync(path.join(dir, 'cases.yaml'), 'utf8'), /- id: integrations\/auth0-saml/);

    const inspect = await runCli(['inspect', '--config', 'docs-mcp-eval.yml', '--query', 'SAML metadata'], { cwd: dir });
    assert.equal(inspect.code, 0, inspect.stderr);
    assert.match(inspect.stdout, /workos_search\(query: string, maxResults\?: number\)/);
    assert.match(inspect.stdout, /call: workos_search \{"query":"SAML metadata","maxResults":5\}/);
    assert.match(inspect.stdout, /ids \(from the config: \{"from":"regex"/);
    assert.match(inspect.stdout, /\d\. integrations\/auth0-saml {3}\(line \d+: ## 📄 integrations\/auth0-saml\)/);

    const r = await run(dir);
    assert.equal(r.code, 0, r.stderr);
    const report = readReport(path.join(dir, 'report.json'));
    const judged = report.cases.find((c) => c.id === 'sample-1')!;
    assert.ok(judged.rankedIds.includes('integrations/auth0-saml'), JSON.stringify(judged.rankedIds));
    assert.equal(judged.metrics?.hit, 1);
    assert.ok(report.cases.every((c) => c.status === 'ok' && c.fetch?.ok === true), 'workos_docs(path) fetched each found page');
  });

  describe('qmd', () => {
    const dir = scratchDir('init-qmd');
    const env = { XDG_CACHE_HOME: path.join(dir, 'cache'), XDG_CONFIG_HOME: path.join(dir, 'config') };
    const qmd = [process.execPath, installed('@tobilu/qmd/dist/cli/qmd.js')];
    before(() => {
      const built = spawnSync(qmd[0]!, [...qmd.slice(1), 'collection', 'add', FIXTURE_DOCS, '--name', 'docs'], { env: { ...process.env, ...env } });
      assert.equal(built.status, 0, String(built.stderr));
    });

    it('the query inside an array of objects, ids learned in structuredContent, judged fixture cases scored', async () => {
      const args = JSON.stringify({ searches: [{ type: 'lex', query: '{query}' }], limit: '{limit}', rerank: false });
      const init = await runCli(['init', '--server-command', quote([...qmd, 'mcp']), '--search-tool', 'query', '--search-args', args, '--query', 'exponential backoff jitter', '--expect', 'docs/guides/retries.md'], { cwd: dir, env });
      assert.equal(init.code, 0, init.stderr + init.stdout);
      assert.match(init.stdout, /ids: JSON path \$\.results\[\*\]\.file \(in structuredContent\); "docs\/guides\/retries\.md" ranks #1/);
      const config = readFileSync(path.join(dir, 'docs-mcp-eval.yml'), 'utf8');
      assert.match(config, /searches:\n\s+- type: lex\n\s+query: "\{query\}"/);
      const r = await run(dir, ['--cases', FIXTURE_CASES], env);
      assert.equal(r.code, 0, r.stderr);
      const report = readReport(path.join(dir, 'report.json'));
      assert.equal(report.cases.length, 6);
      assert.equal(report.summary.metrics['mrr@5'], 1, 'as with the built-in qmd profile');
    });
  });

  it('keyword fixture (SDK): {words} fills an array of keywords, the "Source:" line is learned past the links, judged cases scored', async () => {
    const dir = scratchDir('init-keywords');
    const server = quote([process.execPath, path.join(ROOT, 'test/fixtures/keyword-docs-server.mjs'), '--docs', FIXTURE_DOCS]);
    const inspect = await runCli(['inspect', '--server-command', server], { cwd: dir });
    assert.equal(inspect.code, 0, inspect.stderr);
    assert.match(inspect.stdout, /search_documentation\(queryKeywords: string\[\]\)/);
    assert.match(inspect.stdout, /tools: 2 · resources: not offered · prompts: not offered/);

    const init = await runCli(['init', '--server-command', server, '--query', 'exponential backoff jitter', '--query', 'dead-letter queue', '--expect', 'docs/guides/retries.md'], { cwd: dir });
    assert.equal(init.code, 0, init.stderr + init.stdout);
    assert.match(init.stdout, /search tool: search_documentation \(query: queryKeywords \(array of strings: the query's words\)\)/);
    assert.match(init.stdout, /"exponential backoff jitter": top ids \["docs\/guides\/retries\.md"/);
    assert.match(readFileSync(path.join(dir, 'docs-mcp-eval.yml'), 'utf8'), /queryKeywords: "\{words\}"/);
    writeFileSync(path.join(dir, 'judged.yaml'), readFileSync(FIXTURE_CASES, 'utf8'));
    const r = await run(dir, ['--cases', 'judged.yaml']);
    assert.equal(r.code, 0, r.stderr);
    const report = readReport(path.join(dir, 'report.json'));
    assert.ok(report.cases.every((c) => c.status === 'ok'));
    assert.ok((report.summary.metrics['hit@5'] ?? 0) >= 0.5, `hit@5 ${report.summary.metrics['hit@5']}`);
    assert.ok(report.cases.some((c) => c.fetch?.ok === true), 'read_page(path) fetched a found page');

    // A pattern that finds nothing says so, with what came back: in the case, in run health, with --verbose.
    const wrong = readFileSync(path.join(dir, 'docs-mcp-eval.yml'), 'utf8').replace(/pattern: .*/, "pattern: '^ID: (?P<id>\\S+)'");
    writeFileSync(path.join(dir, 'docs-mcp-eval.yml'), wrong);
    const missed = await run(dir, ['--cases', 'judged.yaml', '--verbose', '--category', 'lexical']);
    assert.equal(missed.code, 1, missed.stderr);
    assert.match(missed.stderr, /unparsable: ids not found in the result: the server returned \d+ bytes of text; pattern \^ID: \(\?P<id>\\S\+\) matched nothing/);
    assert.match(missed.stderr, /returned: ## Results for: /);
    // (stdout is the markdown report here: its escapes dropped for the match)
    assert.match(missed.stdout.replace(/\\/g, ''), /the ids could not be read from the results: check where the ids are \(search\.ids\); .*docs-mcp-eval inspect --query .*\(e\.g\. hmac-signature: ids not found in the result: .*; it began: /);
    assert.doesNotMatch(missed.stdout + missed.stderr, /no results/);
  });
});
