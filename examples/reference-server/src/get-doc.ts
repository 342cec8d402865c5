/**
 * get_doc without the protocol: a chunk's markdown, optionally with its
 * neighbours from the same file so a reader gets the surrounding section.
 */
import { ToolInputError } from './cursor.ts';
import type { LoadedIndex } from './search-index.ts';

export const MAX_CONTEXT = 3;
/** How many ids to suggest when a chunk id is unknown. */
const SUGGESTIONS = 10;

export function getDoc(index: LoadedIndex, chunkId: string, context = 0): string {
  if (!Number.isInteger(context) || context < 0 || context > MAX_CONTEXT) {
    throw new ToolInputError(`context must be an integer from 0 to ${MAX_CONTEXT}`);
  }
  const at = index.position.get(chunkId);
  if (at === undefined) throw new ToolInputError(unknownIdMessage(index, chunkId));
  const path = index.chunks[at]?.path;
  const parts: string[] = [];
  // Chunks are stored in file order, so a file's chunks are contiguous.
  for (let i = Math.max(0, at - context); i <= at + context && i < index.chunks.length; i++) {
    const chunk = index.chunks[i];
    if (chunk && chunk.path === path) parts.push(chunk.text);
  }
  return parts.join('\n\n');
}

/** Point the caller at real ids: the same file's chunks when the path is right, else search_docs. */
function unknownIdMessage(index: LoadedIndex, chunkId: string): string {
  const path = chunkId.split('#')[0] ?? '';
  const siblings = index.chunks.filter((c) => c.path === path).map((c) => c.id);
  if (siblings.length > 0) {
    const shown = siblings.slice(0, SUGGESTIONS).join(', ');
    const more = siblings.length > SUGGESTIONS ? ` (and ${siblings.length - SUGGESTIONS} more)` : '';
    return `unknown chunk_id "${chunkId}". Chunks of ${path}: ${shown}${more}`;
  }
  return `unknown chunk_id "${chunkId}". Use search_docs to find chunk ids; they look like "path/file.md#heading/subheading".`;
}
