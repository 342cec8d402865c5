/** The loopback HTTP doubles' common ends: listening on a free port of 127.0.0.1, and closing with held connections cut. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on a free loopback port; the API root (http://127.0.0.1:PORT/v1). */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

/** Closes the server; held (timed-out) responses would keep close() waiting forever, so connections are cut first. */
export function closeLoopback(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}

/** A request body as JSON, or undefined when it is not JSON (the double's request checks then say so). */
export function jsonBody(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}
