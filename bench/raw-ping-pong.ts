/**
 * The floor: newline-delimited JSON-RPC over a child's stdio pipe with nothing in
 * between, timed over the same span the harness times (serialise + write -> line
 * read + parsed).
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface RawClient {
  call(method: string, params: unknown): Promise<number>;
  close(): Promise<void>;
}

export async function startRawClient(command: string, args: string[]): Promise<RawClient> {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  let waiting: ((t1: number) => void) | undefined;
  lines.on('line', (line) => {
    JSON.parse(line);
    const t1 = performance.now();
    waiting?.(t1);
  });
  let id = 0;
  const client: RawClient = {
    call(method, params) {
      return new Promise((resolve) => {
        const t0 = performance.now();
        waiting = (t1) => resolve(t1 - t0);
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params })}\n`);
      });
    },
    async close() {
      child.stdin.end();
      await new Promise((resolve) => child.once('close', resolve));
    },
  };
  await client.call('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } });
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  return client;
}
