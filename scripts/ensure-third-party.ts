/**
 * `npm test`'s pretest step: the third-party documentation MCP servers the built-in
 * profiles are tested against (test/third-party, pinned in its own lockfile) are
 * installed when missing or when the lockfile changed since they were, so the README's
 * two commands (`npm ci && npm run eval`, then `npm test`) pass on a fresh clone with
 * nothing installed by hand. Already installed and current: it only hashes the lockfile
 * (~1 ms) and installs nothing, so it works offline too.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../test/third-party');
const stamp = path.join(dir, 'node_modules/.docs-mcp-eval-lock-hash');
const hash = createHash('sha256').update(readFileSync(path.join(dir, 'package-lock.json'))).digest('hex');

if (existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash) process.exit(0);

process.stderr.write('pretest: installing the third-party MCP servers of test/third-party (npm ci --prefix test/third-party, ~10 s)\n');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// npm_execpath is the npm that runs this script; fall back to the one on PATH.
const execpath = process.env['npm_execpath'];
const [command, args] = execpath ? [process.execPath, [execpath]] : [npm, []];
execFileSync(command, [...args, 'ci', '--prefix', dir, '--no-audit', '--no-fund'], { stdio: 'inherit' });
writeFileSync(stamp, `${hash}\n`);
