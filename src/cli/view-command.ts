/**
 * `docs-mcp-eval view [FILE] [--serve]`: where the HTML page is, opened in a browser; with
 * --serve, served on localhost (for a browser that cannot read files, or a remote
 * machine reached through a tunnel) until Ctrl-C. The server binds the loopback interface
 * only, answers GET and HEAD for the page alone, and refuses other Host headers (DNS
 * rebinding). It reads the file per request, so a new run's page shows on reload.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { UsageError } from '../shared/run-errors.ts';
import { openInBrowser } from './open-browser.ts';
import { parseFlags } from './parse-flags.ts';

const OPTIONS = {
  serve: { type: 'boolean' },
  port: { type: 'string' },
  'no-open': { type: 'boolean' },
} as const;

export const DEFAULT_PAGE = path.join('.docs-mcp-eval', 'report.html');

export const VIEW_HELP = `Usage: docs-mcp-eval view [FILE] [options]

Prints where the HTML page is (default ${DEFAULT_PAGE}, which run writes) and opens it
in the browser ($BROWSER, else the system's opener).

  --serve          serve it on http://127.0.0.1 instead, until Ctrl-C
  --port <n>       the port to serve on (default: a free one)
  --no-open        print where it is without opening a browser

Exit codes: 0 done (or served until Ctrl-C), 2 no such page or bad usage.
`;

function parsePort(text: string | undefined): number {
  if (text === undefined) return 0;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port takes 0-65535, got "${text}"`);
  return port;
}

async function pageFile(given: string | undefined, cwd: string): Promise<string> {
  const file = path.resolve(cwd, given ?? DEFAULT_PAGE);
  const found = await stat(file).catch(() => undefined);
  if (!found?.isFile()) {
    const hint = given === undefined ? ': `docs-mcp-eval run` writes it there, or name the page to view' : '';
    throw new UsageError(`no HTML page at ${file}${hint}`);
  }
  return file;
}

function handler(file: string, allowedHosts: () => Set<string>): (req: IncomingMessage, res: ServerResponse) => void {
  const page = new Set(['/', `/${encodeURIComponent(path.basename(file))}`]);
  return (req, res) => {
    const headers = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };
    const reply = (status: number, text: string) => res.writeHead(status, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end(`${text}\n`);
    if (!allowedHosts().has(req.headers.host ?? '')) return reply(421, 'wrong Host header: this server answers for localhost only');
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply(405, 'only GET and HEAD');
    if (!page.has(new URL(req.url ?? '/', 'http://localhost').pathname)) return reply(404, `not found: this server serves ${path.basename(file)} at /`);
    stat(file).then(
      (s) => {
        res.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8', 'content-length': s.size });
        if (req.method === 'HEAD') return res.end();
        createReadStream(file).on('error', () => res.destroy()).pipe(res);
      },
      () => reply(404, `the page ${file} is gone`),
    );
  };
}

/** Serves the page until SIGINT or SIGTERM; resolves once the server has closed. */
async function serve(file: string, port: number, open: boolean): Promise<number> {
  let bound = 0;
  const hosts = () => new Set([`127.0.0.1:${bound}`, `localhost:${bound}`]);
  const server = createServer(handler(file, hosts));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'EADDRINUSE' ? new UsageError(`--port ${port} is taken: pick another, or leave --port out for a free one`) : err));
    server.listen(port, '127.0.0.1', () => resolve());
  });
  bound = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${bound}/`;
  process.stdout.write(`${url}\n`);
  process.stderr.write(`docs-mcp-eval: serving ${file} at ${url} (Ctrl-C to stop)\n`);
  if (open) await openInBrowser(url);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      server.close(() => resolve());
      server.closeAllConnections();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  process.stderr.write('docs-mcp-eval: stopped serving\n');
  return 0;
}

export async function viewCommand(argv: string[], cwd: string = process.cwd()): Promise<number> {
  const parsed = parseFlags(argv, OPTIONS, true);
  if (parsed.positionals.length > 1) throw new UsageError(`view takes one page, got ${parsed.positionals.length}`);
  const v = parsed.values;
  const port = parsePort(v.port);
  if (v.port !== undefined && !v.serve) throw new UsageError('--port needs --serve');
  const file = await pageFile(parsed.positionals[0], cwd);
  if (v.serve) return serve(file, port, !v['no-open']);
  process.stdout.write(`${file}\n`);
  if (!v['no-open']) await openInBrowser(pathToFileURL(file).href);
  return 0;
}
