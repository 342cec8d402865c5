/**
 * A Transport wrapper that times each request where the server's time is seen:
 * from the moment the request is handed to the wire (send) to the moment its
 * response comes off it (before the SDK client validates and parses the result).
 * The client's own schema validation is therefore not billed to the server.
 * The same wrapper serves stdio and Streamable HTTP; each transport reports raw
 * arrivals its own way (stdio: the child's stdout; HTTP: arrivalMarkingFetch below).
 */
import type { FetchLike, Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';

type RequestId = string | number;

export interface RoundTrip {
  id: RequestId;
  method: string;
  ms: number;
}

export class TimedTransport implements Transport {
  readonly inner: Transport;
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: (<T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void) | undefined;
  /** Called once the inner transport has started (for stdio: the process is spawned; for HTTP: nothing sent yet). */
  onStart?: (() => void) | undefined;
  readonly #pending = new Map<RequestId, { method: string; t0: number }>();
  readonly #done = new Map<RequestId, RoundTrip>();
  #arrival: number | undefined;

  constructor(inner: Transport) {
    this.inner = inner;
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => {
      const now = performance.now();
      if ('id' in message && !('method' in message) && message.id !== undefined) {
        const started = this.#pending.get(message.id);
        if (started) {
          this.#pending.delete(message.id);
          // An arrival older than the request belongs to something else (a response that
          // came by a path nobody marks): timing it at onmessage is late but never negative.
          const t1 = this.#arrival !== undefined && this.#arrival >= started.t0 ? this.#arrival : now;
          this.#done.set(message.id, { id: message.id, method: started.method, ms: t1 - started.t0 });
        }
      }
      this.onmessage?.(message, extra);
    };
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  async start(): Promise<void> {
    await this.inner.start();
    this.onStart?.();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if ('id' in message && 'method' in message) {
      this.#pending.set(message.id, { method: message.method, t0: performance.now() });
    }
    await this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /**
   * Records when bytes came off the wire. A transport that can see raw arrivals (stdio:
   * the child's stdout 'data' event, observed before the SDK's buffer parses and
   * validates the line; HTTP: each chunk of a POST response body) calls this, so the
   * client's JSON parsing is not billed to the server. Without it, a response is timed
   * when it reaches onmessage.
   */
  markArrival(): void {
    this.#arrival = performance.now();
  }

  /**
   * Takes the newest completed round trip of `method`. The session runs one call at a
   * time, so the newest completed call is the one that just resolved.
   */
  takeLatest(method: string): RoundTrip | undefined {
    let latest: RoundTrip | undefined;
    for (const trip of this.#done.values()) if (trip.method === method) latest = trip;
    this.#done.clear();
    // Requests that never got an answer (timed out) must not pile up.
    if (this.#pending.size > 64) this.#pending.clear();
    return latest;
  }
}

/**
 * A fetch for the SDK's Streamable HTTP client transport that calls `onArrival` as each
 * chunk of a POST response body comes off the connection, before the SDK reads it
 * (JSON) or parses it (SSE): the HTTP counterpart of stdio's 'data' listener. A
 * response completes with its last chunk, and the SDK dispatches it in the same
 * microtask chain, so the newest mark is that chunk's. Only POST bodies: the responses
 * to our requests come on the POST that carried them, while the standalone GET stream
 * (server-initiated messages, keep-alives) would only move the mark. Other responses
 * (errors, redirects, 202s) pass through untouched, url and all.
 */
export function arrivalMarkingFetch(onArrival: () => void, base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    if ((init?.method ?? 'GET').toUpperCase() !== 'POST' || !response.ok || response.status === 202 || response.body === null) {
      return response;
    }
    const marked = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          onArrival();
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(marked, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
