/**
 * Opening a URL in the user's browser: $BROWSER when set (a command, the URL appended, as
 * Python's webbrowser and xdg-utils read it), else the system's opener (open, xdg-open,
 * start). The browser outlives us (detached, not waited for). Where none can be started
 * (no display, no opener), it says so: the printed path or URL is the way in.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { parse } from 'shell-quote';

function opener(url: string): { command: string; args: string[] } | string {
  const browser = process.env['BROWSER'];
  if (browser) {
    const words = parse(browser).filter((w): w is string => typeof w === 'string');
    if (words.length === 0) return `BROWSER=${browser} names no command`;
    return { command: words[0]!, args: [...words.slice(1), url] };
  }
  if (process.platform === 'darwin') return { command: 'open', args: [url] };
  if (process.platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', url] };
  if (!process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY']) return 'no display (DISPLAY and WAYLAND_DISPLAY are unset) and no BROWSER';
  return { command: 'xdg-open', args: [url] };
}

export async function openInBrowser(url: string): Promise<boolean> {
  const how = opener(url);
  if (typeof how === 'string') {
    process.stderr.write(`docs-mcp-eval: not opening a browser: ${how}; open ${url} yourself\n`);
    return false;
  }
  const child = spawn(how.command, how.args, { detached: true, stdio: 'ignore' });
  try {
    await once(child, 'spawn');
  } catch (err) {
    process.stderr.write(`docs-mcp-eval: could not start ${how.command} (${err instanceof Error ? err.message : String(err)}); open ${url} yourself\n`);
    return false;
  }
  child.unref();
  process.stderr.write(`docs-mcp-eval: opened ${url} with ${how.command}\n`);
  return true;
}
