/**
 * The hidden marker that makes a comment sticky: the Action finds its own comment by it.
 * One per comment key, so several suites on one PR keep separate comments.
 */

/**
 * The key as it appears inside the HTML comment. Anything but [A-Za-z0-9._-] is
 * percent-encoded: `>` and `"` cannot close the comment or the attribute, and two
 * different keys never share a marker (the encoding is one-to-one).
 */
function markerKey(key: string): string {
  const trimmed = Array.from(key.trim()).slice(0, 100).join('');
  if (trimmed === '') return 'default';
  return Array.from(trimmed, (ch) =>
    /^[A-Za-z0-9._-]$/.test(ch) ? ch : Array.from(new TextEncoder().encode(ch), (b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  ).join('');
}

export function commentMarker(key: string): string {
  return `<!-- docs-mcp-eval:sticky key="${markerKey(key)}" -->`;
}
