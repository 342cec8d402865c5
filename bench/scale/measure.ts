/**
 * Runs the real CLI bundle (dist/cli.js run) once as a child process and measures the
 * harness itself: wall time and peak RSS of that one process (the MCP server it spawns
 * is a separate process and is not counted).
 *
 * Peak RSS, two independent ways:
 *  - rss-probe.mjs, preloaded with --import, writes VmHWM from /proc/self/status on exit
 *    (the kernel's high-water mark of this pid: nothing between samples is missed, and
 *    it is read at the last moment, after the report is written), plus the V8 heap
 *    figures and VmHWM at each CLI phase line.
 *  - this side polls /proc/<pid>/status VmHWM every POLL_MS while the child runs, a
 *    fallback for when the probe wrote nothing (killed, out of memory, not Linux).
 * `/usr/bin/time -v` is not used: its "maximum resident set size" comes from wait4's
 * rusage, which also covers the child's waited-for descendants (the server), so it is
 * the larger of harness and server rather than the harness alone.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const CLI = path.join(ROOT, 'dist/cli.js');
const SERVER = path.join(ROOT, 'bench/scale/synthetic-server.mjs');
const PROBE = pathToFileURL(path.join(import.meta.dirname, 'rss-probe.mjs')).href;
const POLL_MS = 100;

export interface PhaseMark {
  phase: string;
  ms: number;
  vmHwmBytes: number | null;
  rssBytes: number;
  heapUsed: number;
  heapTotal: number;
}

interface ProbeResult {
  code: number;
  vmHwmBytes: number | null;
  maxRssBytes: number;
  peakSampled: { heapUsed: number; heapTotal: number; external: number; arrayBuffers: number; rss: number };
  marks: PhaseMark[];
  /** V8 heap at exit: used and resident (physical) bytes per space. */
  heapAtExit?: { spaces: Record<string, number>; physical?: Record<string, number> };
}

export interface HarnessRun {
  exitCode: number | null;
  signal: string | null;
  wallMs: number;
  /** Harness peak RSS, bytes: the probe's VmHWM at exit, else the polled VmHWM. */
  peakRssBytes: number | null;
  peakSource: 'probe VmHWM at exit' | 'polled /proc VmHWM' | 'none';
  /** The polled figure, for a cross-check (it may miss the very end). */
  polledHwmBytes: number | null;
  probe: ProbeResult | null;
  reportFile: string;
  reportBytes: number | null;
  stderrFile: string;
}

function readHwm(pid: number): number | null {
  try {
    const m = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null; // exited, or no /proc
  }
}

/** Extra node flags for the harness, e.g. DME_SCALE_NODE_FLAGS="--max-old-space-size=128". */
export function harnessNodeFlags(): string[] {
  return (process.env['DME_SCALE_NODE_FLAGS'] ?? '').split(/\s+/).filter((f) => f !== '');
}

/** `dist/cli.js run` over `casesFile` against the synthetic server; outputs go to `dir`. */
export async function runHarness(casesFile: string, dir: string): Promise<HarnessRun> {
  const reportFile = path.join(dir, 'r.json');
  const probeFile = path.join(dir, 'probe.json');
  const stderrFile = path.join(dir, 'stderr.log');
  const serverCommand = `${JSON.stringify(process.execPath)} ${JSON.stringify(SERVER)}`;
  const args = [
    ...harnessNodeFlags(),
    '--import', PROBE,
    CLI, 'run',
    '--cases', casesFile,
    '--server-command', serverCommand,
    '--repetitions', '1',
    '--warmup', '5',
    '--no-baseline',
    '--out', reportFile,
    '--markdown', path.join(dir, 'r.md'),
  ];
  // Straight to files: a pipe the parent drains would add the parent's own buffering.
  const stdout = openSync(path.join(dir, 'stdout.md'), 'w');
  const stderr = openSync(stderrFile, 'w');
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, DME_SCALE_PROBE_OUT: probeFile },
    stdio: ['ignore', stdout, stderr],
  });
  let polled: number | null = null;
  const poll = () => {
    if (child.pid === undefined) return;
    const hwm = readHwm(child.pid);
    if (hwm !== null) polled = Math.max(polled ?? 0, hwm);
  };
  const timer = setInterval(poll, POLL_MS);
  const { exitCode, signal } = await new Promise<{ exitCode: number | null; signal: string | null }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, sig) => resolve({ exitCode: code, signal: sig }));
  });
  const wallMs = performance.now() - t0;
  clearInterval(timer);
  closeSync(stdout);
  closeSync(stderr);

  const probe = existsSync(probeFile) ? (JSON.parse(readFileSync(probeFile, 'utf8')) as ProbeResult) : null;
  const fromProbe = probe?.vmHwmBytes ?? (probe ? probe.maxRssBytes : null);
  return {
    exitCode,
    signal,
    wallMs,
    peakRssBytes: fromProbe ?? polled,
    peakSource: fromProbe !== null ? 'probe VmHWM at exit' : polled !== null ? 'polled /proc VmHWM' : 'none',
    polledHwmBytes: polled,
    probe,
    reportFile,
    reportBytes: existsSync(reportFile) ? statSync(reportFile).size : null,
    stderrFile,
  };
}
