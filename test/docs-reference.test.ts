/**
 * The reference pages under docs/ are checked against the code where they list things:
 * every CLI flag the parser accepts is in the help text and in docs/cli.md (and no flag
 * there is unknown to the parser), every config-file key is in docs/servers.md, and every
 * relative link of the README and the pages leads to a file and heading that exist.
 * (Action inputs and outputs: test/workflows.test.ts; numbers: test/docs-facts.test.ts.)
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { RUN_OPTIONS } from '../src/cli/args.ts';
import { HELP } from '../src/cli/help.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const pages = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

describe('docs/cli.md and the help text', () => {
  const flags = Object.keys(RUN_OPTIONS).map((name) => `--${name}`);
  const cli = read('docs/cli.md');

  it('name every flag of run', () => {
    assert.deepEqual(flags.filter((f) => !HELP.includes(f)), [], 'missing from src/cli/help.ts');
    assert.deepEqual(flags.filter((f) => !cli.includes(`\`${f}`)), [], 'missing from docs/cli.md');
  });

  it('name no flag the parser does not know', () => {
    const documented = new Set([...cli.matchAll(/`(--[a-z][a-z0-9-]*)/g)].map((m) => m[1]!));
    assert.deepEqual([...documented].filter((f) => !flags.includes(f) && f !== '--version'), []);
  });
});

describe('docs/servers.md', () => {
  it('names every key of docs-mcp-eval.yml and of its defaults', () => {
    const schema = JSON.parse(read('datasets/config.schema.json')) as { properties: Record<string, { properties?: Record<string, unknown> }> };
    const keys = [...Object.keys(schema.properties).filter((k) => k !== '$schema'), ...Object.keys(schema.properties['defaults']?.properties ?? {})];
    const text = read('docs/servers.md');
    assert.deepEqual(keys.filter((k) => !new RegExp(`\\b${k}\\b`).test(text)), []);
  });
});

describe('docs/datasets.md and docs/answer-quality.md', () => {
  it('name every field of the dataset format', () => {
    const schema = JSON.parse(read('datasets/schema.json')) as unknown;
    const fields = new Set<string>();
    const walk = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return;
      const props = (node as { properties?: Record<string, unknown> }).properties;
      if (props) for (const key of Object.keys(props)) fields.add(key);
      for (const value of Object.values(node)) walk(value);
    };
    walk(schema);
    const text = read('docs/datasets.md') + read('docs/answer-quality.md');
    assert.deepEqual([...fields].filter((f) => f !== '$schema' && !new RegExp(`\\b${f}\\b`).test(text)), []);
  });
});

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchorsOf(markdown: string): Set<string> {
  const out = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    else if (!fenced && /^#{1,6} /.test(line)) out.add(line.replace(/^#+ /, '').trim().toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-'));
  }
  return out;
}

describe('links in the README and docs/', () => {
  it('lead to files and headings that exist', () => {
    const broken: string[] = [];
    for (const page of pages) {
      const text = read(page);
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!;
        if (/^(https?:|mailto:)/.test(target)) continue;
        const [file, anchor] = target.split('#') as [string, string | undefined];
        const resolved = file === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), file));
        if (!existsSync(path.join(ROOT, resolved))) broken.push(`${page}: ${target}`);
        else if (anchor && resolved.endsWith('.md') && !anchorsOf(read(resolved)).has(anchor)) broken.push(`${page}: ${target} (no such heading)`);
      }
    }
    assert.deepEqual(broken, []);
  });
});
