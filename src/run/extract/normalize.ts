/**
 * Id normalisation: servers and judgments rarely spell a document the same way. A suite
 * judged with file paths (`guides/auth.md`) meets servers that answer with chunk anchors
 * (`guides/auth.md#tokens`), URIs (`docs://guides/auth.md`) or extension-less slugs. The
 * same rules are applied to the server's ids and to the judged ids, so both meet in one
 * spelling. Pure string functions; no rule is applied unless asked for.
 */

export interface Normalize {
  /** Prefixes to remove (the first listed that matches, once), e.g. `docs://`, `https://example.com/docs/`. */
  stripPrefix?: string[];
  /** Compare case-insensitively: ids, prefixes and suffixes are lowercased. */
  lowercase?: boolean;
  /** Drop `#…` (an anchor / chunk within a page), so every chunk of a page is the page. */
  dropFragment?: boolean;
  /** Suffixes to remove (the first listed that matches, once), e.g. `.md`, `.mdx`, `/`. */
  stripSuffix?: string[];
}

/**
 * One id in the normalised spelling. Order: lowercase, strip a prefix, drop the fragment,
 * strip a suffix — so `Docs://Guides/Auth.md#Tokens` with every rule (prefix `docs://`,
 * suffix `.md`) becomes `guides/auth`: the fragment goes before the suffix is looked at.
 */
export function normalizeId(id: string, n: Normalize): string {
  const lower = n.lowercase === true;
  let out = lower ? id.toLowerCase() : id;
  const prefix = (n.stripPrefix ?? []).map((p) => (lower ? p.toLowerCase() : p)).find((p) => p !== '' && out.startsWith(p));
  if (prefix !== undefined) out = out.slice(prefix.length);
  if (n.dropFragment === true) {
    const hash = out.indexOf('#');
    if (hash >= 0) out = out.slice(0, hash);
  }
  const suffix = (n.stripSuffix ?? []).map((s) => (lower ? s.toLowerCase() : s)).find((s) => s !== '' && out.endsWith(s));
  if (suffix !== undefined) out = out.slice(0, out.length - suffix.length);
  return out;
}

/**
 * A ranked list normalised: each id normalised, empty results dropped, duplicates removed
 * keeping the first (best) position — with dropFragment, three chunks of one page are
 * that page once, at the rank of its best chunk.
 */
export function normalizeIds(ids: readonly string[], n: Normalize | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of ids) {
    const id = n === undefined ? raw : normalizeId(raw, n);
    if (id === '' || seen.has(id)) continue;
    seen.add(id);
    out.push(id);
  }
  return out;
}
