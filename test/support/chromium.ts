/**
 * Debian's Chromium, driven by playwright-core, for the page tests: found at
 * /usr/bin/chromium (or DME_CHROMIUM), installed with apt-get where it is missing and we
 * may (root, apt-get present), as .ci/run does. One persistent context per test file on a
 * fresh empty profile, no sandbox (containers), no GPU, no background traffic of its own;
 * every request the pages make is recorded, and anything that is not the page's own file
 * is refused.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function installable(): boolean {
  return process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
}

/** The Chromium binary: installs Debian's package when it is missing and this process may. */
export function chromiumPath(): string {
  const given = process.env['DME_CHROMIUM'];
  if (given) {
    if (!existsSync(given)) throw new Error(`DME_CHROMIUM=${given}: no such file`);
    return given;
  }
  const debian = '/usr/bin/chromium';
  if (existsSync(debian)) return debian;
  if (!installable()) throw new Error(`no Chromium at ${debian}: install it (apt-get install chromium) or set DME_CHROMIUM to a Chromium binary`);
  process.stderr.write('browser test: installing Debian\'s chromium (apt-get install chromium), once\n');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (!existsSync(debian)) throw new Error(`apt-get install chromium left no ${debian}`);
  return debian;
}

export interface Browser {
  context: BrowserContext;
  /** Every request any page made, as URLs. */
  requests: string[];
  /** Console errors and uncaught exceptions, per page. */
  problems: string[];
  open(file: string): Promise<Page>;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<Browser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'dme-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 1280, height: 900 },
    timeout: 60_000,
  });
  const requests: string[] = [];
  const problems: string[] = [];
  context.on('request', (r) => requests.push(r.url()));
  // Nothing leaves the machine: a request for anything but a file is refused (and shows in `requests`).
  await context.route(/^(?!file:)/, (route) => route.abort('blockedbyclient'));
  return {
    context,
    requests,
    problems,
    async open(file) {
      const page = await context.newPage();
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`console: ${m.text()}`);
      });
      page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
      await page.goto(`file://${file}`, { waitUntil: 'load' });
      return page;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
