/**
 * What a server offers besides its tools, for `inspect`: its name and version from the
 * initialize, and how many resources and prompts it lists (null when it does not declare
 * the capability, or the listing fails: said, not guessed). Pages are followed, bounded.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

export interface ServerCatalog {
  name?: string;
  version?: string;
  resources: number | null;
  prompts: number | null;
}

const MAX_PAGES = 20;

async function countPages(list: (cursor: string | undefined) => Promise<{ items: number; nextCursor?: string | undefined }>): Promise<number | null> {
  let total = 0;
  let cursor: string | undefined;
  try {
    for (let page = 0; page < MAX_PAGES; page++) {
      const got = await list(cursor);
      total += got.items;
      cursor = got.nextCursor;
      if (!cursor) break;
    }
    return total;
  } catch {
    return null;
  }
}

export async function countCatalog(client: Client, timeoutMs: number): Promise<ServerCatalog> {
  const caps = client.getServerCapabilities() ?? {};
  const version = client.getServerVersion();
  const options = { timeout: timeoutMs };
  const resources = caps.resources
    ? await countPages(async (cursor) => {
        const r = await client.listResources(cursor ? { cursor } : undefined, options);
        return { items: r.resources.length, nextCursor: r.nextCursor };
      })
    : null;
  const prompts = caps.prompts
    ? await countPages(async (cursor) => {
        const r = await client.listPrompts(cursor ? { cursor } : undefined, options);
        return { items: r.prompts.length, nextCursor: r.nextCursor };
      })
    : null;
  return { ...(version ? { name: version.name, version: version.version } : {}), resources, prompts };
}
