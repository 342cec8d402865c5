// Preloaded into the harness (node --import bench/scale/rss-probe.mjs dist/cli.js ...) by
// bench/scale/run.ts. It samples V8 heap figures every PROBE_MS, and on exit (also after
// process.exit) writes the process's own peak RSS to $DME_SCALE_PROBE_OUT as JSON: VmHWM
// from /proc/self/status (the kernel's high-water mark, so no peak between samples is
// missed) and process.resourceUsage().maxRSS as a cross-check. Only the harness loads
// it: the server child inherits the variable but not the --import flag.
// It also watches the CLI's own phase lines on stderr ("docs-mcp-eval: server: ..." and
// so on) and records time, VmHWM, VmRSS and heap at each, so run.ts can say which phase
// sets the peak. With DME_SCALE_PROBE_TRACE=1 it prints a heap line per second to stderr.
import { readFileSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import v8 from 'node:v8';
import { performance } from 'node:perf_hooks';
import { setInterval } from 'node:timers';

const out = process.env.DME_SCALE_PROBE_OUT;
const trace = process.env.DME_SCALE_PROBE_TRACE === '1';
const PROBE_MS = 50;
const MB = 1024 * 1024;
const started = performance.now();

function status() {
  const fields = {};
  try {
    for (const line of readFileSync('/proc/self/status', 'utf8').split('\n')) {
      const m = /^(VmHWM|VmRSS):\s+(\d+) kB/.exec(line);
      if (m) fields[m[1]] = Number(m[2]) * 1024;
    }
  } catch {
    // not Linux: resourceUsage().maxRSS stands alone
  }
  return fields;
}

const peak = { heapUsed: 0, heapTotal: 0, external: 0, arrayBuffers: 0, rss: 0 };
let ticks = 0;
function sample() {
  const m = process.memoryUsage();
  for (const key of Object.keys(peak)) peak[key] = Math.max(peak[key], m[key]);
  if (trace && ++ticks % Math.round(1000 / PROBE_MS) === 0) {
    const s = ((performance.now() - started) / 1000).toFixed(1);
    process.stderr.write(`[probe ${s}s] rss ${(m.rss / MB).toFixed(1)} heapUsed ${(m.heapUsed / MB).toFixed(1)} heapTotal ${(m.heapTotal / MB).toFixed(1)} external ${(m.external / MB).toFixed(1)} MB\n`);
  }
}
setInterval(sample, PROBE_MS).unref();

/** The CLI's phase lines (src/pipeline/evaluate.ts Phase, src/cli/main.ts) -> the phase that just ended. */
const MARKS = [
  [/^docs-mcp-eval: server: /m, 'suite loaded'],
  [/^docs-mcp-eval: run: /m, 'server up'],
  [/^docs-mcp-eval: score: /m, 'cases run'],
  [/^docs-mcp-eval: compare: /m, 'scored'],
  [/^docs-mcp-eval: report written /m, 'report written'],
];
const marks = [];
function mark(phase) {
  const m = process.memoryUsage();
  const proc = status();
  marks.push({ phase, ms: performance.now() - started, vmHwmBytes: proc.VmHWM ?? null, rssBytes: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal });
}
const write = process.stderr.write.bind(process.stderr);
process.stderr.write = (chunk, ...rest) => {
  if (typeof chunk === 'string' && chunk.startsWith('docs-mcp-eval: ')) {
    for (const [pattern, phase] of MARKS) if (pattern.test(chunk)) mark(phase);
  }
  return write(chunk, ...rest);
};

process.on('exit', (code) => {
  sample();
  mark('exit');
  const proc = status();
  const heap = v8.getHeapStatistics();
  const stats = v8.getHeapSpaceStatistics();
  const spaces = Object.fromEntries(stats.map((s) => [s.space_name, s.space_used_size]));
  // Resident bytes of each space: the young generation's share of the RSS is the point.
  const physical = Object.fromEntries(stats.map((s) => [s.space_name, s.physical_space_size]));
  const result = {
    code,
    wallMs: performance.now() - started,
    vmHwmBytes: proc.VmHWM ?? null,
    vmRssAtExitBytes: proc.VmRSS ?? null,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    peakSampled: peak,
    marks,
    heapAtExit: { used: heap.used_heap_size, total: heap.total_heap_size, limit: heap.heap_size_limit, spaces, physical },
  };
  if (out) writeFileSync(out, JSON.stringify(result));
});
