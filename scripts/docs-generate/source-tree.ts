/**
 * The source tree on docs/development.md: the rooms of src/ on the floors of the plan that
 * `npm run imports` and test/layers.test.ts hold them to (LAYERS, scripts/import-graph.ts),
 * each with the first sentence of its README, then the repository's other top-level
 * folders; and the plan's floors on src/README.md. A room without a README or a place in
 * the plan, or a tracked top-level folder this file does not describe, stops the generator
 * with what to add.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LAYERS, readImportGraph, roomOf } from '../import-graph.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The top-level folders outside src/, in the order the table lists them (links relative to docs/). */
const FOLDERS: Record<string, string> = {
  'examples': 'the [reference docs MCP server](../examples/reference-server/) the embedded default runs (source and bundled `dist/`), a [custom evaluator](../examples/custom-evaluator/), a [sharded workflow](../examples/sharded-workflow/docs-mcp-eval-sharded.yml)',
  'datasets': 'the dataset and config JSON Schemas, the reference suite (`reference/`: corpus and cases), seed 000\'s crypto-docs datasets',
  'baselines': '`reference.json`, the committed baseline of the embedded default',
  'dist': 'the bundles the Action and the CLI run (`npm run build`; committed)',
  'docs': 'these pages; `samples/` holds the report the samples are rendered from',
  'bench': '`npm run bench` and its recorded results',
  'scripts': 'the build, the generated parts of the docs (`docs:facts`, `docs:generate`, `render:comment`), `npm run imports`',
  'test': 'end-to-end tests with real processes, fixtures, and the loopback GitHub and OpenAI doubles (`support/`)',
};

/** The first sentence of a room's README (the paragraph under its title). */
function firstSentence(file: string): string {
  const paragraph = readFileSync(file, 'utf8').split(/\n\s*\n/).find((p) => !p.startsWith('#'));
  if (!paragraph) throw new Error(`${path.relative(ROOT, file)} has no paragraph under its title`);
  const text = paragraph.replace(/\s*\n\s*/g, ' ').trim();
  return /^(.+?\.)(?:\s|$)/.exec(text)?.[1] ?? text;
}

/** The library's own summary: the first sentence of src/index.ts's opening comment. */
function indexSentence(): string {
  const comment = /\/\*\*([\s\S]*?)\*\//.exec(readFileSync(path.join(ROOT, 'src/index.ts'), 'utf8'))?.[1] ?? '';
  const text = comment.replace(/^\s*\* ?/gm, '').replace(/\s+/g, ' ').trim();
  return /^(.+?\.)(?:\s|$)/.exec(text)?.[1] ?? text;
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** Each room's floor in the plan; throws on a room the plan does not place. */
function planFloors(): Map<string, number> {
  const floor = new Map<string, number>();
  LAYERS.forEach((rooms, i) => rooms.forEach((room) => floor.set(room, i)));
  const rooms = [...new Set([...readImportGraph().edges.keys()].map(roomOf))];
  const unplaced = rooms.filter((room) => !floor.has(room));
  if (unplaced.length > 0) throw new Error(`src/${unplaced.join(', src/')} has no floor: add it to LAYERS in scripts/import-graph.ts`);
  return floor;
}

/** src/README.md's plan: one row per floor, top first. */
export function floorPlan(): string {
  const rows = LAYERS.map((rooms, i) => `| ${i} | ${rooms.map((r) => (r === '.' ? '`index.ts` (the library)' : `[${r}](${r}/)`)).join(', ')} |`).reverse();
  return ['| Floor | Folders |', '| --- | --- |', ...rows].join('\n');
}

/** One row per room, top floor first; links are relative to `from` (a page's folder, from the root). */
export function sourceTree(from: string): string {
  const floor = planFloors();
  const link = (target: string) => path.posix.relative(from, target) || '.';
  const rows = [...floor.keys()]
    .sort((a, b) => floor.get(b)! - floor.get(a)! || a.localeCompare(b))
    .map((room) => {
      if (room === '.') return `| ${floor.get(room)} | [index.ts](${link('src/index.ts')}) | ${cell(indexSentence())} |`;
      const readme = path.join(ROOT, 'src', room, 'README.md');
      if (!existsSync(readme)) throw new Error(`src/${room}/ has no README.md: a stage folder says what enters and leaves it`);
      return `| ${floor.get(room)} | [${room}/](${link(`src/${room}`)}/) | ${cell(firstSentence(readme))} |`;
    });
  return ['| Floor | `src/` | What it holds |', '| ---: | --- | --- |', ...rows].join('\n');
}

/** The repository's other top-level folders, for docs/development.md; throws on a tracked folder not described here. */
export function otherFolders(): string {
  const tracked = new Set(
    execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((f) => f.includes('/') && !f.startsWith('.'))
      .map((f) => f.slice(0, f.indexOf('/'))),
  );
  tracked.delete('src');
  const undescribed = [...tracked].filter((f) => !(f in FOLDERS));
  if (undescribed.length > 0) throw new Error(`describe ${undescribed.join(', ')} in scripts/docs-generate/source-tree.ts (FOLDERS)`);
  const rows = Object.entries(FOLDERS)
    .filter(([folder]) => existsSync(path.join(ROOT, folder)))
    .map(([folder, what]) => `| [${folder}/](../${folder}/) | ${what} |`);
  return ['| Folder | What it holds |', '| --- | --- |', ...rows].join('\n');
}
