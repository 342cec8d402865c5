/**
 * Markdown file -> chunks, one per h2 section. Pure: no file system, so the
 * rules for chunk ids can be tested on inline strings.
 *
 * Chunk id rule (shared with the speakeasy docs-mcp fixtures, so eval cases
 * written against either server name the same chunks):
 *   <path>#<slug(h1)>/<slug(h2)>   an h2 section under an h1
 *   <path>#<slug(h1)>              text between the h1 and the first h2
 *   <path>#<slug(h2)>              an h2 section in a file without an h1
 *   <path>#_preamble               text before any heading (or a file without headings)
 */
import GithubSlugger, { slug } from 'github-slugger';
import { Lexer } from 'marked';
import type { Token, Tokens } from 'marked';
import { parse as parseYaml } from 'yaml';

export interface Chunk {
  id: string;
  /** Path of the source file relative to the corpus root, with '/' separators. */
  path: string;
  /** Plain text of the chunk's own heading (h2, or h1 for the intro chunk). */
  title: string;
  /** Plain text of the heading path, outermost first: ['H1 text', 'H2 text']. */
  breadcrumb: string[];
  /** The chunk's markdown, its heading line included, trimmed. */
  text: string;
  /** String-valued frontmatter keys, minus the reserved ones below. */
  metadata: Record<string, string>;
}

/**
 * Frontmatter keys that describe the document rather than classify it. They would
 * make useless facets (one value per file), so they never become metadata.
 */
const NON_FACET_KEYS = new Set(['title', 'description']);

interface Frontmatter {
  body: string;
  metadata: Record<string, string>;
  title: string | undefined;
}

const FRONTMATTER = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

export function splitFrontmatter(source: string, path = '<input>'): Frontmatter {
  const text = source.replace(/^\uFEFF/, '');
  const match = FRONTMATTER.exec(text);
  if (!match) return { body: text, metadata: {}, title: undefined };
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? '');
  } catch (err) {
    throw new Error(`${path}: invalid YAML frontmatter: ${(err as Error).message}`, { cause: err });
  }
  const metadata: Record<string, string> = {};
  let title: string | undefined;
  if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
    for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
      if (typeof value !== 'string') continue;
      if (key === 'title') title = value.trim();
      if (!NON_FACET_KEYS.has(key)) metadata[key] = value;
    }
  }
  return { body: text.slice(match[0].length), metadata, title };
}

/** Heading text as a reader sees it: no backticks, link targets or emphasis marks. */
function plainText(tokens: Token[] | undefined, fallback: string): string {
  if (!tokens) return fallback.replace(/\s+/g, ' ').trim();
  const walk = (list: Token[]): string =>
    list
      .map((t) => {
        if (t.type === 'html') return '';
        if ('tokens' in t && Array.isArray(t.tokens)) return walk(t.tokens);
        return 'text' in t && typeof t.text === 'string' ? t.text : '';
      })
      .join('');
  return walk(tokens).replace(/\s+/g, ' ').trim();
}

interface Section {
  /** 1 or 2 for a heading-led section, 0 for the preamble. */
  depth: 0 | 1 | 2;
  heading: string;
  /** Raw markdown of the section, its heading included. */
  raw: string;
  /** Raw markdown after the heading. */
  bodyRaw: string;
}

/**
 * Split at top-level h1/h2 tokens. The lexer decides what a heading is, so a
 * `# comment` inside a code fence, or a heading inside a blockquote, stays text.
 * Concatenating token.raw reproduces the input, so no text is lost or reflowed.
 */
function sections(body: string): Section[] {
  const out: Section[] = [{ depth: 0, heading: '', raw: '', bodyRaw: '' }];
  for (const token of new Lexer({ gfm: true }).lex(body)) {
    if (token.type === 'heading') {
      const heading = token as Tokens.Heading;
      if (heading.depth === 1 || heading.depth === 2) {
        out.push({ depth: heading.depth, heading: plainText(heading.tokens, heading.text), raw: heading.raw, bodyRaw: '' });
        continue;
      }
    }
    const current = out[out.length - 1];
    if (current) {
      current.raw += token.raw;
      current.bodyRaw += token.raw;
    }
  }
  return out;
}

/**
 * Chunk one markdown file. `path` is relative to the corpus root and becomes the
 * id prefix, so callers must pass it with '/' separators on every platform.
 */
export function chunkMarkdown(path: string, source: string): Chunk[] {
  const { body, metadata, title: docTitle } = splitFrontmatter(source, path);
  // One slugger per file for h2s gives GitHub's '-1', '-2' suffixes to repeated names.
  const h2Slugger = new GithubSlugger();
  const seen = new Set<string>();
  const chunks: Chunk[] = [];
  let h1: { text: string; slug: string } | undefined;

  const push = (anchor: string, title: string, breadcrumb: string[], text: string): void => {
    let id = `${path}#${anchor}`;
    // Only two h1s with the same text can collide; keep ids unique all the same,
    // because the index refuses duplicate ids.
    for (let n = 1; seen.has(id); n++) id = `${path}#${anchor}-${n}`;
    seen.add(id);
    chunks.push({ id, path, title, breadcrumb, text: text.trim(), metadata: { ...metadata } });
  };

  for (const section of sections(body)) {
    const hasBody = section.bodyRaw.trim() !== '';
    if (section.depth === 0) {
      if (hasBody) push('_preamble', docTitle ?? path, docTitle ? [docTitle] : [], section.raw);
    } else if (section.depth === 1) {
      h1 = { text: section.heading, slug: slug(section.heading) };
      // An h1 followed directly by an h2 carries nothing to retrieve on its own.
      if (hasBody) push(h1.slug, h1.text, [h1.text], section.raw);
    } else {
      const h2Slug = h2Slugger.slug(section.heading);
      const anchor = h1 ? `${h1.slug}/${h2Slug}` : h2Slug;
      const root = h1?.text ?? docTitle;
      push(anchor, section.heading, root ? [root, section.heading] : [section.heading], section.raw);
    }
  }
  return chunks;
}
