/**
 * Git's smart HTTP on the double's server URL (`<serverUrl>/<owner>/<repo>.git`), served
 * by git's own CGI program, `git http-backend`, over the real bare repository. In front of
 * it, GitHub's access rules as a job's token meets them: reads are open (a public
 * repository), a push needs a token that may write contents (401 without credentials, 403
 * for a read-only token). Credentials come as `Authorization: basic
 * base64(x-access-token:<token>)`, the way actions/checkout configures git.
 */
import { spawn } from 'node:child_process';
import type { DoubleState } from './state.ts';

export interface GitHttpRequest {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  raw: Buffer;
}

export interface GitHttpReply {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** `git:<service>` for a path under `/<owner>/<repo>.git/`, else undefined. */
export function gitRoute(state: DoubleState, pathname: string, query: string): string | undefined {
  const prefix = `/${state.owner}/${state.repo}.git/`;
  if (!pathname.toLowerCase().startsWith(prefix.toLowerCase())) return undefined;
  const rest = pathname.slice(prefix.length);
  if (rest === 'info/refs') return `git:info/refs ${new URLSearchParams(query).get('service') ?? 'dumb'}`;
  return `git:${rest}`;
}

/** The token of a Basic `x-access-token:<token>` header, '' without one. */
export function tokenOf(authorization: string | undefined): string {
  const m = /^basic\s+(\S+)$/i.exec(authorization ?? '');
  if (!m) return '';
  const [, password = ''] = /^[^:]*:(.*)$/s.exec(Buffer.from(m[1] ?? '', 'base64').toString('utf8')) ?? [];
  return password;
}

function text(status: number, body: string, headers: Record<string, string> = {}): GitHttpReply {
  return { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers }, body: Buffer.from(body) };
}

/** GitHub's answer before git ever sees the request, or undefined to let it through. */
function refuse(state: DoubleState, route: string, authorization: string | undefined): GitHttpReply | undefined {
  const token = tokenOf(authorization);
  const access = token ? state.gitTokens.get(token) : undefined;
  if (token && !access) return text(401, 'Invalid username or token. Password authentication is not supported for Git operations.\n', { 'www-authenticate': 'Basic realm="GitHub"' });
  if (!route.endsWith('receive-pack')) return undefined;
  if (!access) return text(401, 'Authentication required\n', { 'www-authenticate': 'Basic realm="GitHub"' });
  if (access !== 'write') return text(403, `Permission to ${state.owner}/${state.repo}.git denied to ${state.botLogin}.\n`);
  return undefined;
}

/** Splits a CGI response into status, headers and body. */
function parseCgi(out: Buffer): GitHttpReply {
  const end = out.indexOf('\r\n\r\n') >= 0 ? out.indexOf('\r\n\r\n') : out.indexOf('\n\n');
  const gap = out.indexOf('\r\n\r\n') >= 0 ? 4 : 2;
  const head = end >= 0 ? out.subarray(0, end).toString('latin1') : '';
  const headers: Record<string, string> = {};
  let status = 200;
  for (const line of head.split(/\r?\n/)) {
    const m = /^([^:]+):\s*(.*)$/.exec(line);
    if (!m) continue;
    const name = (m[1] ?? '').toLowerCase();
    if (name === 'status') status = Number.parseInt(m[2] ?? '200', 10);
    else headers[name] = m[2] ?? '';
  }
  return { status, headers, body: end >= 0 ? out.subarray(end + gap) : out };
}

export async function handleGitHttp(state: DoubleState, projectRoot: string, route: string, req: GitHttpRequest): Promise<GitHttpReply> {
  const refused = refuse(state, route, req.headers['authorization']);
  if (refused) return refused;
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_PROJECT_ROOT: projectRoot,
    GIT_HTTP_EXPORT_ALL: '1',
    PATH_INFO: req.path,
    REQUEST_METHOD: req.method,
    QUERY_STRING: req.query,
    CONTENT_TYPE: req.headers['content-type'] ?? '',
    CONTENT_LENGTH: String(req.raw.length),
    REMOTE_ADDR: '127.0.0.1',
    REMOTE_USER: 'x-access-token',
  };
  if (req.headers['content-encoding']) env['HTTP_CONTENT_ENCODING'] = req.headers['content-encoding'];
  if (req.headers['git-protocol']) env['GIT_PROTOCOL'] = req.headers['git-protocol'];
  const child = spawn('git', ['http-backend'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  let err = '';
  child.stdout.on('data', (c: Buffer) => out.push(c));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  child.stdin.on('error', () => {});
  child.stdin.end(req.raw);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0 && out.length === 0) return text(500, `git http-backend failed (${code}): ${err}`);
  return parseCgi(Buffer.concat(out));
}
