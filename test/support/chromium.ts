/**
 * Chromium for everything here that drives a browser (the page tests, render:report,
 * render:comment), driven by playwright-core. One finder: DME_CHROMIUM, else Debian's
 * /usr/bin/chromium, else the usual names on PATH; the tests also install Debian's package
 * with apt-get where it is missing and we may (root, apt-get present), as .ci/run does. One
 * persistent context per test file on a fresh empty profile, no sandbox (containers), no
 * GPU, no background traffic of its own; every request the pages make is recorded, and
 * anything that is not the page's own file is refused.
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

const DEBIAN = '/usr/bin/chromium';

/** DME_CHROMIUM (when that file exists), else Debian's, else the first of the usual names on PATH; null when there is none. */
export function findChromium(): string | null {
  const given = process.env['DME_CHROMIUM'];
  if (given) return existsSync(given) ? given : null;
  if (existsSync(DEBIAN)) return DEBIAN;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    for (const dir of (process.env['PATH'] ?? '').split(path.delimiter)) {
      if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
    }
  }
  return null;
}

/** The Chromium binary (findChromium): installs Debian's package when there is none and this process may. */
export function chromiumPath(): string {
  const given = process.env['DME_CHROMIUM'];
  if (given && !existsSync(given)) throw new Error(`DME_CHROMIUM=${given}: no such file`);
  const found = findChromium();
  if (found) return found;
  if (!installable()) throw new Error(`no Chromium at ${DEBIAN} or on PATH: install it (apt-get install chromium) or set DME_CHROMIUM to a Chromium binary`);
  process.stderr.write('browser test: installing Debian\'s chromium (apt-get install chromium), once\n');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (!existsSync(DEBIAN)) throw new Error(`apt-get install chromium left no ${DEBIAN}`);
  return DEBIAN;
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
