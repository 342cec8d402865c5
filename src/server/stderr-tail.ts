/**
 * A bounded tail of a child's output: the last lines a human needs to see why a build
 * failed or a server died. Memory is capped by bytes (not only lines) because one
 * pathological line, or a 50 MB flood, must not grow the eval's heap; the total byte
 * count is still kept so the report can say how much was dropped.
 */
import type { Readable } from 'node:stream';

export interface TailOptions {
  /** Lines text() returns at most. */
  maxLines?: number;
  /** Bytes kept at most; the oldest are dropped first. */
  maxBytes?: number;
  /** Stream name for the truncation header ("… 3.2 MB of stderr, last 40 lines:"). */
  label?: string;
}

export interface OutputTail {
  write(chunk: Buffer | string): void;
  /** Feeds every 'data' chunk of the stream; returns the stream for chaining. */
  attach(stream: Readable): Readable;
  /** A line of our own (a timeout, a kill) kept after the output, never evicted by it. */
  note(line: string): void;
  /** Bytes seen since creation, dropped ones included. */
  readonly totalBytes: number;
  /** Bytes held now (<= maxBytes). */
  readonly keptBytes: number;
  /** The tail: a header when something was dropped, the last lines, then the notes. */
  text(): string;
}

// CSI sequences (colours, cursor moves) and OSC sequences (hyperlinks, titles): noise in a report.
// eslint-disable-next-line no-control-regex -- matching ESC is the point
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g;

export function createOutputTail(options: TailOptions = {}): OutputTail {
  const maxLines = options.maxLines ?? 40;
  const maxBytes = options.maxBytes ?? 8 * 1024;
  const label = options.label ?? 'stderr';
  // Chunks as received; their byte sum stays <= maxBytes after each write, so the
  // buffer never holds more than maxBytes plus nothing (big chunks are sliced first).
  const chunks: Buffer[] = [];
  let kept = 0;
  let total = 0;
  const notes: string[] = [];

  function write(chunk: Buffer | string): void {
    let buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    total += buf.length;
    if (buf.length === 0) return;
    // subarray would pin the whole (possibly huge) chunk in memory: copy the slice.
    if (buf.length > maxBytes) buf = Buffer.from(buf.subarray(buf.length - maxBytes));
    chunks.push(buf);
    kept += buf.length;
    while (kept > maxBytes) {
      const first = chunks[0];
      if (first === undefined) break;
      const excess = kept - maxBytes;
      if (first.length <= excess) {
        chunks.shift();
        kept -= first.length;
      } else {
        chunks[0] = Buffer.from(first.subarray(excess));
        kept -= excess;
      }
    }
  }

  function text(): string {
    let buf = Buffer.concat(chunks, kept);
    const dropped = total > kept;
    // A cut may land inside a UTF-8 sequence: skip continuation bytes instead of printing U+FFFD.
    let start = 0;
    while (dropped && start < buf.length && ((buf[start] ?? 0) & 0xc0) === 0x80) start++;
    buf = buf.subarray(start);
    let lines = buf
      .toString('utf8')
      .replace(ANSI, '')
      .split(/\r?\n/)
      // A progress bar redraws with \r: keep what the terminal would finally show.
      .map((line) => line.slice(line.lastIndexOf('\r') + 1));
    // The first line is partial when bytes were dropped before it.
    if (dropped && lines.length > 1) lines = lines.slice(1);
    if (lines.at(-1) === '') lines.pop();
    const truncated = dropped || lines.length > maxLines;
    lines = lines.slice(-maxLines);
    const header = truncated ? [`… ${formatBytes(total)} of ${label}, last ${lines.length} lines:`] : [];
    return [...header, ...lines, ...notes].join('\n');
  }

  return {
    write,
    attach(stream) {
      stream.on('data', (chunk: Buffer | string) => write(chunk));
      return stream;
    },
    note(line) {
      notes.push(line);
    },
    get totalBytes() {
      return total;
    },
    get keptBytes() {
      return kept;
    },
    text,
  };
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  if (n < 1024 * 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MiB`;
  return `${(n / 1024 / 1024 / 1024).toFixed(1)} GiB`;
}
