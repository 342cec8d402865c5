/**
 * Marked regions of the docs that scripts write: `<!-- KIND:NAME -->…<!-- /KIND:NAME -->`
 * in README.md or a docs/**.md page. scripts/docs-facts.ts writes the `facts:` regions
 * (numbers), scripts/docs-generate.ts the `generated:` ones (samples rendered by the
 * project's own code); each has a test failing when a region is not what it would write.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The text with every KIND region rewritten; throws on a region naming no known NAME. */
export function renderRegions(text: string, file: string, kind: string, all: Record<string, () => string>): string {
  const region = new RegExp(`<!-- ${kind}:([a-z0-9-]+) -->([\\s\\S]*?)<!-- /${kind}:\\1 -->`, 'g');
  return text.replace(region, (_whole, name: string, body: string) => {
    const render = all[name];
    if (!render) throw new Error(`${file}: unknown ${kind.replace(/s$/, '')} region "${name}" (known: ${Object.keys(all).join(', ')})`);
    // A region on its own lines keeps them; an inline one stays inline.
    const block = body.startsWith('\n');
    return `<!-- ${kind}:${name} -->${block ? `\n${render()}\n` : render()}<!-- /${kind}:${name} -->`;
  });
}

/** README.md and every markdown page under docs/. */
export function docPages(): string[] {
  const docs = path.join(ROOT, 'docs');
  const pages = existsSync(docs) ? readdirSync(docs, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).map((f) => path.join(docs, f)) : [];
  return [path.join(ROOT, 'README.md'), ...pages];
}
