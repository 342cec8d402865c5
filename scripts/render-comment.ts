/**
 * Maintainer tool: shows what a PR gets. Runs a real evaluation of the reference server
 * against a corpus with one guide deleted (so the comment has regressions to show),
 * renders the sticky comment with the project's own code, then screenshots it as
 * GitHub-flavoured markdown in headless Chromium.
 *
 * Writes docs/comment-example.md (the raw markdown), docs/comment.png (as GitHub shows
 * it: <details> collapsed) and docs/comment-expanded.png (every <details> open).
 * Needs Debian's chromium; not a test, so it is not run by CI.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { marked } from 'marked';
import { quote } from 'shell-quote';
import { resolveConfig } from '../src/config/run-options.ts';
import { evaluate } from '../src/pipeline/evaluate.ts';
import { renderComment } from '../src/publish/comment/index.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const docsDir = path.join(repoRoot, 'docs');
const WIDTH = 1000;

function findChromium(): string | null {
  const names = process.env.CHROMIUM ? [process.env.CHROMIUM] : ['chromium', 'chromium-browser', 'google-chrome'];
  for (const name of names) {
    if (name.includes('/')) return existsSync(name) ? name : null;
    for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
      const candidate = path.join(dir, name);
      if (dir && existsSync(candidate)) return candidate;
    }
  }
  return null;
}

async function generateMarkdown(work: string): Promise<string> {
  // A same-job comparison, as `compare-ref` makes it: the base serves the reference
  // corpus, the head a copy minus one guide, so the retries cases lose their source
  // document and the comment shows real regressions, with measured timing verdicts.
  const corpus = path.join(work, 'corpus');
  cpSync(path.join(repoRoot, 'datasets/reference/corpus'), corpus, { recursive: true });
  rmSync(path.join(corpus, 'guides/retries.md'));
  const node = process.execPath;
  const arm = (docs: string, index: string) => ({
    build: { command: quote([node, 'examples/reference-server/dist/build.js', '--docs', docs, '--out', index]), cwd: repoRoot, timeoutMs: 60_000 },
    server: { command: quote([node, 'examples/reference-server/dist/server.js', '--index', index]), cwd: repoRoot, env: {} },
  });
  const head = arm(corpus, path.join(work, 'head.json'));
  const base = arm(path.join(repoRoot, 'datasets/reference/corpus'), path.join(work, 'base.json'));
  const config = resolveConfig({ cases: 'datasets/reference/cases.yaml', serverCommand: head.server.command, baseline: null, out: path.join(work, 'r.json'), markdown: path.join(work, 'r.md') }, repoRoot);
  const sha = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  const evaluation = await evaluate(
    { ...config, build: head.build, server: head.server },
    { onPhase: (phase, detail) => console.error(`[${phase}] ${detail}`) },
    { base: { ...base, ref: sha, sha } },
  );
  return renderComment(evaluation, {
    key: 'default',
    baseline: { source: 'same-job', sha, ref: sha },
    runUrl: 'https://github.com/OWNER/REPO/actions/runs/2',
    headSha: sha,
  });
}

/**
 * A page shaped like a GitHub comment (bordered box, header bar) around the rendered
 * markdown, with GitHub's own markdown CSS inlined so the page loads nothing.
 */
function page(markdown: string, open: boolean, measure: boolean): string {
  const require = createRequire(import.meta.url);
  const css = readFileSync(require.resolve('github-markdown-css/github-markdown-light.css'), 'utf8');
  let body = marked.parse(markdown, { gfm: true, async: false });
  if (open) body = body.replaceAll('<details>', '<details open>');
  // Only the measuring pass runs a script: it records the page height for --dump-dom.
  const script = measure ? '<script>window.addEventListener("load",()=>{document.body.dataset.height=String(document.documentElement.scrollHeight)})</script>' : '';
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>docs-mcp-eval comment</title>
<style>${css}</style>
<style>
  html, body { margin: 0; background: #fff; }
  .wrap { padding: 16px 24px; }
  .comment { border: 1px solid #d1d9e0; border-radius: 6px; }
  .comment-header { background: #f6f8fa; border-bottom: 1px solid #d1d9e0; border-radius: 6px 6px 0 0;
    padding: 8px 16px; font: 14px -apple-system, "Segoe UI", "Noto Sans", "Liberation Sans", Helvetica, Arial, sans-serif; color: #59636e; }
  .comment-header b { color: #1f2328; }
  .markdown-body { padding: 16px; font-family: -apple-system, "Segoe UI", "Noto Sans", "Liberation Sans", Helvetica, Arial, sans-serif, "Noto Color Emoji"; }
</style>${script}</head>
<body><div class="wrap"><div class="comment">
<div class="comment-header"><b>github-actions</b> bot commented</div>
<div class="markdown-body">
${body}
</div></div></div></body></html>
`;
}

function chromiumArgs(profile: string, height: number): string[] {
  return [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    `--user-data-dir=${profile}`, '--hide-scrollbars', `--window-size=${WIDTH},${height}`,
  ];
}

function run(chromium: string, args: string[]): string {
  return execFileSync(chromium, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
}

/** Two passes: lay the page out to learn its height, then screenshot exactly that tall. */
function screenshot(chromium: string, work: string, markdown: string, open: boolean, png: string): void {
  const name = open ? 'expanded' : 'collapsed';
  const measureHtml = path.join(work, `${name}-measure.html`);
  writeFileSync(measureHtml, page(markdown, open, true));
  const dom = run(chromium, [...chromiumArgs(mkdtempSync(path.join(work, 'profile-')), 800), '--dump-dom', `file://${measureHtml}`]);
  const height = Number(/data-height="(\d+)"/.exec(dom)?.[1]);
  if (!Number.isInteger(height) || height <= 0) throw new Error(`could not measure the ${name} page height`);
  const html = path.join(work, `${name}.html`);
  writeFileSync(html, page(markdown, open, false));
  run(chromium, [...chromiumArgs(mkdtempSync(path.join(work, 'profile-')), height), `--screenshot=${png}`, `file://${html}`]);
  if (!existsSync(png)) throw new Error(`chromium wrote no ${png}`);
  console.error(`wrote ${path.relative(repoRoot, png)} (${WIDTH}×${height})`);
}

async function main(): Promise<void> {
  const chromium = findChromium();
  if (!chromium) {
    console.error('render:comment needs Chromium. On Debian/Ubuntu: apt-get update && apt-get install -y chromium fonts-noto-color-emoji');
    console.error('(or set CHROMIUM=/path/to/chromium)');
    process.exit(1);
  }
  const work = mkdtempSync(path.join(tmpdir(), 'render-comment-'));
  try {
    const markdown = await generateMarkdown(work);
    mkdirSync(docsDir, { recursive: true });
    writeFileSync(path.join(docsDir, 'comment-example.md'), markdown);
    console.error('wrote docs/comment-example.md');
    screenshot(chromium, work, markdown, false, path.join(docsDir, 'comment.png'));
    screenshot(chromium, work, markdown, true, path.join(docsDir, 'comment-expanded.png'));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
