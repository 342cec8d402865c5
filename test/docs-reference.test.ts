/**
 * The reference pages under docs/ are checked against the code where they list things:
 * every CLI flag the parser accepts is in the help text and in docs/cli.md (and no flag
 * there is unknown to the parser), and so is every flag of init and inspect; every config-file key is in docs/servers.md, every
 * relative link of every page (README.md, docs/, each folder's README) leads to a file and
 * heading that exist, and the README and docs/ name other sections by links, never by an
 * italic name or "see above".
 * (Action inputs and outputs: test/workflows.test.ts; numbers: test/docs-facts.test.ts.)
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { RUN_OPTIONS } from '../src/cli/args.ts';
import { HELP } from '../src/cli/help.ts';
import { anchorsOf, headingsOf, linksOf, unlinkedSectionNames, vagueReferences } from './support/markdown-links.ts';
import { INIT_HELP, INIT_OPTIONS } from '../src/cli/init-command.ts';
import { INSPECT_HELP, INSPECT_OPTIONS } from '../src/cli/inspect-command.ts';

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

  const other = [...Object.keys(INIT_OPTIONS), ...Object.keys(INSPECT_OPTIONS)].map((name) => `--${name}`);

  it('name every flag of init and inspect, in their help and on the page', () => {
    for (const [options, help] of [[INIT_OPTIONS, INIT_HELP], [INSPECT_OPTIONS, INSPECT_HELP]] as const) {
      const names = Object.keys(options).filter((n) => n !== 'url').map((n) => `--${n}`);
      assert.deepEqual(names.filter((f) => !help.includes(f)), [], 'missing from the command\'s --help');
      assert.deepEqual(names.filter((f) => !cli.includes(`\`${f}`)), [], 'missing from docs/cli.md');
    }
  });

  it('name no flag the parser does not know', () => {
    const documented = new Set([...cli.matchAll(/`(--[a-z][a-z0-9-]*)/g)].map((m) => m[1]!));
    assert.deepEqual([...documented].filter((f) => !flags.includes(f) && !other.includes(f) && f !== '--version'), []);
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

describe('docs/datasets.md, docs/answer-quality.md and docs/agent-tasks.md', () => {
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
    const text = read('docs/datasets.md') + read('docs/answer-quality.md') + read('docs/agent-tasks.md');
    assert.deepEqual([...fields].filter((f) => f !== '$schema' && !new RegExp(`\\b${f}\\b`).test(text)), []);
  });
});

/** Every markdown page a reader may open: README.md, docs/, and the READMEs and pages of the folders (not fixture corpora). */
function markdownPages(): string[] {
  const skip = new Set(['node_modules', 'dist', '.git', '.docs-mcp-eval', '.scratch']);
  const fixtures = ['datasets/reference/corpus', 'test/third-party/fixture'];
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!skip.has(entry.name) && !fixtures.includes(rel)) walk(rel);
      } else if (entry.name.endsWith('.md')) out.push(rel);
    }
  };
  walk('');
  return out.sort();
}

describe('links in the README, docs/ and every folder\'s pages', () => {
  const all = markdownPages();

  it('reads the pages a reader opens', () => {
    for (const page of ['README.md', 'docs/cli.md', 'src/README.md', 'examples/reference-server/README.md', 'datasets/crypto-docs/README.md']) assert.ok(all.includes(page), page);
    assert.ok(!all.some((p) => p.startsWith('datasets/reference/corpus/')), 'the fixture corpus is data, not docs');
  });

  it('lead to files and headings that exist', () => {
    const broken: string[] = [];
    for (const page of all) {
      for (const { target, line } of linksOf(read(page))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
        const [file, anchor] = target.split('#') as [string, string | undefined];
        const resolved = file === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), decodeURI(file)));
        if (!existsSync(path.join(ROOT, resolved))) broken.push(`${page}:${line}: ${target} (no such file)`);
        else if (anchor && resolved.endsWith('.md') && !anchorsOf(read(resolved)).has(decodeURIComponent(anchor))) broken.push(`${page}:${line}: ${target} (no such heading)`);
      }
    }
    assert.deepEqual(broken, []);
  });
});

describe('cross-references in the README and docs/', () => {
  const headings = pages.flatMap((page) => headingsOf(read(page)));

  it('are links, not section names in italics', () => {
    const unlinked = pages.flatMap((page) => unlinkedSectionNames(read(page), headings).map((u) => `${page}:${u.line}: *${u.name}*`));
    assert.deepEqual(unlinked, [], 'link the section: [Name](page.md#anchor)');
  });

  it('name the place they point at ("see above" points nowhere once a page is read out of order)', () => {
    const vague = pages.flatMap((page) => vagueReferences(read(page)).map((v) => `${page}:${v.line}: ${v.phrase}`));
    assert.deepEqual(vague, []);
  });
});
