/**
 * Samples the resident memory of a server's whole process tree while the eval runs.
 * The tree matters: behind `sh -c`, `npx` or `uv run` the memory is in a child, and the
 * wrapper alone would report a few MB. RSS is summed per process, so pages shared
 * between processes (the node binary, a fork's copy-on-write pages) count once per
 * process: an upper bound, the same way for every server compared.
 */
import type pidusage from 'pidusage';
import type { MemoryResult, RssSample } from '../model/report.ts';
import { trackTree } from './process-tree.ts';
import { loadPidusage } from './lazy.ts';

/** pidusage, loaded by the first sample (after the spawn, not on the path to it), then kept: a sample is a hot path. */
let usageModule: Promise<typeof pidusage> | undefined;
const loadUsage = (): Promise<typeof pidusage> => (usageModule ??= loadPidusage().then((m) => m.default));

export interface RssSamplerOptions {
  /** Aimed interval between samples, ms. */
  intervalMs?: number;
  /**
   * performance.now() at the server's spawn, so sample times are "ms since spawn" as the
   * report says; defaults to the sampler's start.
   */
  startedAt?: number;
  /** Samples kept before the series is halved (see below). */
  maxSamples?: number;
}

export interface RssSampler {
  /** Stops sampling (waiting for a tick in flight) and returns what was measured. */
  stop(): Promise<MemoryResult>;
  /**
   * Every pid ever seen in the tree that still runs as the same process: what a caller
   * must kill to leave nothing behind, including children that escaped their parent.
   */
  seenPids(): number[];
  /** The peak so far, without stopping: what a watcher (a test, a live display) can wait on. */
  peakBytes(): number;
  /** How many ticks have completed so far (each reads the whole tree once). */
  ticks(): number;
}

export function startRssSampler(rootPid: number, options: RssSamplerOptions = {}): RssSampler {
  const intervalMs = options.intervalMs ?? 100;
  const startedAt = options.startedAt ?? performance.now();
  const maxSamples = options.maxSamples ?? 100_000;
  const tracker = trackTree(rootPid);
  let samples: RssSample[] = [];
  let peakBytes = 0;
  // Once the series is full it is halved (every other sample dropped) and only every
  // `stride`-th tick recorded from then on: memory stays bounded, the series stays
  // evenly spaced and still covers the whole run. The peak is taken from every tick.
  let stride = 1;
  let tickIndex = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();

  async function sample(): Promise<void> {
    let bytes = 0;
    let processes = 0;
    try {
      const pids = await tracker.refresh();
      if (pids.length > 0) {
        // One batch call. A pid that exited meanwhile comes back undefined (or, alone,
        // rejects): the sample is simply what is left.
        const usage = await loadUsage();
        const stats: Record<string, pidusage.Status | undefined> = await usage(pids).catch(() => ({}));
        for (const stat of Object.values(stats)) {
          // Zombies report 0: they have exited and are not counted as processes.
          if (stat === undefined || !(stat.memory > 0)) continue;
          bytes += stat.memory;
          processes++;
        }
      }
    } catch {
      // A tick must never throw (e.g. /proc unreadable): record what we have.
    }
    peakBytes = Math.max(peakBytes, bytes);
    if (tickIndex++ % stride !== 0) return;
    samples.push({ t: Math.round(performance.now() - startedAt), bytes, processes });
    if (samples.length >= maxSamples) {
      samples = samples.filter((_, i) => i % 2 === 0);
      stride *= 2;
    }
  }

  // setTimeout chaining, not setInterval: a slow tick delays the next instead of
  // overlapping it. unref(): the sampler alone must not keep the eval alive.
  function schedule(delay: number): void {
    timer = setTimeout(() => {
      const begun = performance.now();
      inFlight = sample().then(() => {
        if (!stopped) schedule(Math.max(0, intervalMs - (performance.now() - begun)));
      });
    }, delay);
    timer.unref();
  }
  schedule(0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
      return { peakBytes, intervalMs, samples };
    },
    seenPids: () => tracker.seenAlive(),
    peakBytes: () => peakBytes,
    ticks: () => tickIndex,
  };
}
