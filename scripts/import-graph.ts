/**
 * The import picture of src/: rooms (the top-level folders), the arrows between them,
 * the floors they stand on, the arrows that run back up, and the import circles between
 * files. `npm run imports` prints it; test/layers.test.ts holds the house to its plan
 * (LAYERS below): every arrow points to a lower floor or within a room, and no circles.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The plan: floors from the ground up. A room imports only rooms on lower floors; rooms
 * on one floor do not import each other. The model (plain data types) imports nothing of
 * ours; the stages stand on it; the entry points (action, cli, the library's index.ts:
 * '.') stand on top.
 */
export const LAYERS: readonly (readonly string[])[] = [
  ['model', 'shared', 'stats'],
  ['server', 'retrieval', 'answers'],
  ['run', 'report', 'agent'],
  ['suite', 'compare'],
  ['config', 'publish'],
  ['pipeline'],
  ['action', 'cli', '.'],
];
const SRC = path.join(ROOT, 'src');
/** Static imports, re-exports and dynamic import() of relative paths. */
const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

export interface ImportGraph {
  /** file (relative to src/) -> files it imports */
  edges: Map<string, Set<string>>;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .map((f) => f.split(path.sep).join('/'));
}

/** A stage's lazy.ts holds its deferred loads, one per line: `export const loadX = () => import('./x.ts');`. */
const LOADER = /export\s+const\s+(\w+)\s*=\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g;
/** The names of a named import (`import { a, b as c } from`): the loaders a file takes from a lazy.ts. */
const NAMED = /^import\s*\{([^}]*)\}/;

const resolveFrom = (file: string, spec: string): string => path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)).replace(/\.js$/, '.ts');

/**
 * Files and their imports. A stage's lazy.ts is seen through: a file importing loaders from
 * it imports (dynamically) what those loaders load, as if the import() were inline, so
 * circles are found as before, and a lazy.ts, imported by no file in the picture, closes none.
 */
export function readImportGraph(src: string = SRC): ImportGraph {
  const texts = new Map(sourceFiles(src).map((file) => [file, readFileSync(path.join(src, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '')]));
  const lazyTables = new Map<string, Map<string, string[]>>(); // loader -> its target in src/ ([] for a package)
  for (const [file, text] of texts) {
    if (path.posix.basename(file) === 'lazy.ts') lazyTables.set(file, new Map([...text.matchAll(LOADER)].map((m) => [m[1]!, m[2]!.startsWith('.') ? [resolveFrom(file, m[2]!)] : []])));
  }
  const edges = new Map<string, Set<string>>();
  for (const [file, text] of texts) {
    const targets = new Set<string>();
    for (const m of text.matchAll(IMPORT)) {
      const resolved = resolveFrom(file, (m[1] ?? m[2])!);
      const table = lazyTables.get(resolved);
      const names = table ? NAMED.exec(m[0])?.[1]?.split(',').map((n) => n.trim().split(/\s+as\s+/)[0]!).filter(Boolean) : undefined;
      const through = names?.every((n) => table!.has(n)) ? names.flatMap((n) => table!.get(n)!) : [resolved];
      for (const t of through) if (!t.startsWith('..')) targets.add(t);
    }
    edges.set(file, targets);
  }
  return { edges };
}

/** The room of a file: its top-level folder under src/ ('.' for files at the top). */
export function roomOf(file: string): string {
  return file.includes('/') ? file.slice(0, file.indexOf('/')) : '.';
}

/** Arrows between rooms, with how many file imports each carries. */
export function roomArrows(graph: ImportGraph): Map<string, number> {
  const arrows = new Map<string, number>();
  for (const [from, targets] of graph.edges) {
    for (const to of targets) {
      const a = roomOf(from);
      const b = roomOf(to);
      if (a === b) continue;
      arrows.set(`${a} -> ${b}`, (arrows.get(`${a} -> ${b}`) ?? 0) + 1);
    }
  }
  return arrows;
}

/** Strongly connected components of more than one file (Tarjan): the import circles. */
export function circles(graph: ImportGraph): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.edges.get(v) ?? []) {
      if (!graph.edges.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) found.push(scc.sort());
    }
  };
  for (const v of graph.edges.keys()) if (!idx.has(v)) visit(v);
  return found;
}

/** Floors: a room stands one floor above the highest room it imports (rooms in a circle share the lowest floor found). */
export function floors(arrows: Map<string, number>, rooms: string[]): Map<string, number> {
  const deps = new Map(rooms.map((r) => [r, new Set<string>()]));
  for (const arrow of arrows.keys()) {
    const [a, b] = arrow.split(' -> ') as [string, string];
    deps.get(a)?.add(b);
  }
  const floor = new Map<string, number>();
  const visiting = new Set<string>();
  const level = (r: string): number => {
    if (floor.has(r)) return floor.get(r)!;
    if (visiting.has(r)) return 0; // a circle: its arrows are counted as running up
    visiting.add(r);
    const f = Math.max(-1, ...[...(deps.get(r) ?? [])].map(level)) + 1;
    visiting.delete(r);
    floor.set(r, f);
    return f;
  };
  for (const r of rooms) level(r);
  return floor;
}

/** Arrows that run up against a plan of layers (lowest first; rooms on one layer may not import each other). */
export function arrowsUp(arrows: Map<string, number>, layers: readonly (readonly string[])[]): string[] {
  const layerOf = new Map<string, number>();
  layers.forEach((rooms, i) => rooms.forEach((r) => layerOf.set(r, i)));
  return [...arrows.keys()].filter((arrow) => {
    const [a, b] = arrow.split(' -> ') as [string, string];
    const la = layerOf.get(a);
    const lb = layerOf.get(b);
    return la === undefined || lb === undefined || lb >= la;
  });
}

export function describe(graph: ImportGraph, layers?: readonly (readonly string[])[]): string {
  const arrows = roomArrows(graph);
  const rooms = [...new Set([...graph.edges.keys()].map(roomOf))].sort();
  const floor = floors(arrows, rooms);
  const byFloor = new Map<number, string[]>();
  for (const [r, f] of floor) byFloor.set(f, [...(byFloor.get(f) ?? []), r]);
  const lines = [`${rooms.length} rooms on ${byFloor.size} floors (a room stands one above the highest it imports)`];
  for (const f of [...byFloor.keys()].sort((a, b) => b - a)) lines.push(`  floor ${f}: ${byFloor.get(f)!.sort().join(', ')}`);
  const up = [...arrows].filter(([arrow]) => {
    const [a, b] = arrow.split(' -> ') as [string, string];
    return floor.get(b)! >= floor.get(a)!;
  });
  lines.push(`arrows between rooms: ${arrows.size}; running up or sideways (by floors): ${up.length}`);
  for (const [arrow, n] of up) lines.push(`  ${arrow} (${n} import${n === 1 ? '' : 's'})`);
  if (layers) {
    const against = arrowsUp(arrows, layers);
    lines.push(`against the plan: ${against.length} arrow(s) up`);
    for (const a of against) lines.push(`  ${a}`);
  }
  const found = circles(graph);
  lines.push(`import circles between files: ${found.length}`);
  for (const c of found) lines.push(`  ${c.join(' <-> ')}`);
  return lines.join('\n');
}

if (import.meta.filename === process.argv[1]) process.stdout.write(`${describe(readImportGraph(), LAYERS)}\n`);
