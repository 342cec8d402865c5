/**
 * The MCP client parts of a stdio session, imported by stdio-session.ts only once the
 * server is spawned: the SDK and zod take ~25 ms to load, which the server's own start
 * then hides instead of waiting behind.
 */
export { Client } from '@modelcontextprotocol/sdk/client/index.js';
export { ChildStdioTransport } from './child-stdio-transport.ts';
// Only inspect calls it; loaded here, after the spawn, not on the way to it.
export { countCatalog } from './server-catalog.ts';
