/**
 * The relay run from the sources (tests on Node 24): `node src/agent/relay/relay-main.ts <socket>`.
 * The published CLI runs the same relay as `docs-mcp-eval relay <socket>`.
 */
import { runRelay } from './relay-server.ts';

const socket = process.argv[2];
if (socket === undefined) {
  process.stderr.write('usage: relay-main.ts <socket>\n');
  process.exit(2);
}
await runRelay(socket, 'source');
process.exit(0);
