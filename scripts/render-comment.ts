/**
 * docs/comment.png: docs/comment-example.md (the sticky comment `npm run docs:generate`
 * renders for the sample run) as GitHub shows it, <details> collapsed, screenshotted in
 * headless Chromium through playwright-core. Needs a Chromium: Debian's
 * (`apt-get install -y chromium`), or DME_CHROMIUM=/path/to/chrome (test/support/chromium.ts finds it). The PNG carries the sha256
 * of the markdown it shows (a tEXt chunk), so test/docs-generated.test.ts can tell it is
 * stale without comparing pixels. `npm run render:comment` (or `-- --out file.png`); about
 * 5 s.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { marked } from 'marked';
import UPNG from 'upng-js';
import { findChromium } from '../test/support/chromium.ts';
import { writePngText } from './png-chunks.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
export const COMMENT_MARKDOWN = path.join(ROOT, 'docs/comment-example.md');
export const COMMENT_PNG = path.join(ROOT, 'docs/comment.png');
/** The tEXt keyword of the markdown's hash. */
export const SOURCE_KEY = 'docs-mcp-eval:source-sha256';
const WIDTH = 1000;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A page shaped like a GitHub comment (bordered box, header bar) with GitHub's markdown CSS inlined: it loads nothing. */
function page(markdown: string): string {
  const css = readFileSync(createRequire(import.meta.url).resolve('github-markdown-css/github-markdown-light.css'), 'utf8');
  const body = marked.parse(markdown, { gfm: true, async: false });
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
</style></head>
<body><div class="wrap"><div class="comment">
<div class="comment-header"><b>github-actions</b> bot commented</div>
<div class="markdown-body">
${body}
</div></div></div></body></html>
`;
}

/**
 * The screenshot in 256 colours (upng-js's quantizer): text, tables and emoji look the same,
 * at under half the bytes of Chromium's full-colour PNG (the docs keep it under 300 KB).
 */
function toPalette(png: Buffer): Buffer {
  const image = UPNG.decode(png.buffer.slice(png.byteOffset, png.byteOffset + png.length) as ArrayBuffer);
  return Buffer.from(UPNG.encode(UPNG.toRGBA8(image), image.width, image.height, 256));
}

/** The markdown screenshotted at 1000 px wide, as tall as it is, with its hash in a tEXt chunk. */
export async function renderCommentPng(markdown: string, chromium: string): Promise<Buffer> {
  const { chromium: launcher } = await import('playwright-core');
  const browser = await launcher.launch({ executablePath: chromium, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    // A short viewport: the full-page screenshot is then exactly as tall as the comment.
    const tab = await browser.newPage({ viewport: { width: WIDTH, height: 100 }, deviceScaleFactor: 1 });
    // Nothing may load from the network: the page is self-contained.
    await tab.route('**/*', (route) => (route.request().url().startsWith('data:') ? route.continue() : route.abort()));
    await tab.setContent(page(markdown), { waitUntil: 'load' });
    const png = await tab.screenshot({ fullPage: true, type: 'png' });
    return writePngText(toPalette(png), SOURCE_KEY, sha256(markdown));
  } finally {
    await browser.close();
  }
}

if (import.meta.main) {
  const chromium = findChromium();
  if (!chromium) {
    process.stderr.write('render:comment needs Chromium. On Debian/Ubuntu: apt-get update && apt-get install -y chromium fonts-noto-color-emoji\n(or set DME_CHROMIUM=/path/to/chromium)\n');
    process.exitCode = 1;
  } else {
    const named = process.argv[process.argv.indexOf('--out') + 1];
    const out = process.argv.includes('--out') && named ? path.resolve(named) : COMMENT_PNG;
    const png = await renderCommentPng(readFileSync(COMMENT_MARKDOWN, 'utf8'), chromium);
    writeFileSync(out, png);
    process.stderr.write(`wrote ${path.relative(process.cwd(), out)} (${Math.round(png.length / 1024)} KiB) from ${path.relative(process.cwd(), COMMENT_MARKDOWN)}\n`);
  }
}
