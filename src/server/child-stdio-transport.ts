/**
 * The MCP stdio client transport over a server process that is already running.
 * It behaves as the SDK's StdioClientTransport (same framing through the SDK's own
 * ReadBuffer and serializeMessage, same close sequence, same error reporting), with
 * two differences the harness needs:
 *  - the process is spawned before this module (and with it the SDK and zod, ~25 ms of
 *    start-up) is even loaded, so the server boots while the protocol code loads
 *    (stdio-session.ts); its stdout stays paused, losing nothing, until start();
 *  - `onArrival` is called as bytes come off the pipe, before the buffer parses them,
 *    so a response is timed where the server's work ends (timed-transport.ts).
 * Ending what outlives close() is the owner's job (the whole tree, server-process.ts).
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** close(): how long a server has to leave by itself once its stdin is closed (the SDK's bound). */
const LEAVE_MS = 2_000;

export class ChildStdioTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: ((message: JSONRPCMessage) => void) | undefined;
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #spawned: Promise<void>;
  readonly #onArrival: () => void;
  readonly #buffer = new ReadBuffer();
  #open = false;

  /** `spawned` settles as the child's 'spawn' or 'error' event did (listened to from the spawn on). */
  constructor(child: ChildProcessWithoutNullStreams, spawned: Promise<void>, onArrival: () => void = () => undefined) {
    this.#child = child;
    this.#spawned = spawned;
    this.#onArrival = onArrival;
  }

  async start(): Promise<void> {
    if (this.#open) throw new Error('ChildStdioTransport already started');
    const child = this.#child;
    child.once('close', () => {
      this.#open = false;
      this.onclose?.();
    });
    child.stdin.on('error', (error) => this.onerror?.(error));
    child.stdout.on('error', (error) => this.onerror?.(error));
    child.stdout.on('data', (chunk: Buffer) => {
      this.#onArrival();
      try {
        this.#buffer.append(chunk);
        this.#deliver();
      } catch (error) {
        this.onerror?.(error as Error);
        this.close().catch(() => undefined);
      }
    });
    try {
      await this.#spawned;
    } catch (error) {
      this.onerror?.(error as Error);
      throw error;
    }
    this.#open = child.exitCode === null && child.signalCode === null;
  }

  #deliver(): void {
    for (;;) {
      try {
        const message = this.#buffer.readMessage();
        if (message === null) return;
        this.onmessage?.(message);
      } catch (error) {
        this.onerror?.(error as Error); // one unparsable line; the next may be fine
      }
    }
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (!this.#open) throw new Error('Not connected');
      if (this.#child.stdin.write(serializeMessage(message))) resolve();
      else this.#child.stdin.once('drain', resolve);
    });
  }

  /** Closes the server's stdin and gives it a moment to leave, as MCP's stdio shutdown asks. */
  async close(): Promise<void> {
    const child = this.#child;
    if (this.#open) {
      this.#open = false;
      const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
      try {
        child.stdin.end();
      } catch {
        // Already closed.
      }
      if (child.exitCode === null && child.signalCode === null) {
        await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, LEAVE_MS).unref())]);
      }
    }
    this.#buffer.clear();
  }
}
