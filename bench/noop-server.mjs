#!/usr/bin/env node
// The cheapest possible MCP stdio server: newline-delimited JSON-RPC by hand, one
// no-op tool. Both sides of the overhead benchmark talk to this same process kind,
// so the difference between them is the client side alone.
import process from 'node:process';
import { createInterface } from 'node:readline';

const reply = (id, result) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id, result })}\n`);
const NOOP_RESULT = { content: [{ type: 'text', text: 'ok' }] };

createInterface({ input: process.stdin }).on('line', (line) => {
  const msg = JSON.parse(line);
  if (msg.id === undefined) return; // notifications
  switch (msg.method) {
    case 'initialize':
      return reply(msg.id, { protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'noop', version: '1.0.0' } });
    case 'tools/list':
      return reply(msg.id, { tools: [{ name: 'noop', description: 'does nothing', inputSchema: { type: 'object' } }] });
    case 'tools/call':
      return reply(msg.id, NOOP_RESULT);
    case 'ping':
      return reply(msg.id, {});
    default:
      return process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'no such method' } })}\n`);
  }
});
