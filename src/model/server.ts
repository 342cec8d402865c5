/** The server under test and its index build, as the config describes them (absolute paths). */

export interface ServerConfig {
  /** A command line (parsed with shell quoting rules; no shell operators); '' for a hosted HTTP server. */
  command: string;
  cwd: string;
  /** Added to the inherited environment. */
  env: Record<string, string>;
  /** Streamable HTTP endpoint; absent: stdio. */
  url?: string;
  /** HTTP headers (environment variables already expanded). */
  headers?: Record<string, string>;
  /** CPUs the server (and all it starts) may run on, a taskset list; absent: anywhere (server/cpu-affinity.ts). */
  cpus?: string;
}

export interface BuildConfig {
  /** Run through the shell, so `a && b` works. */
  command: string;
  cwd: string;
  timeoutMs: number;
  /** What the build writes (the index: a file or a folder); its size after the build is the report's index.bytes. */
  output?: string;
}
