/**
 * One start-up chunk for a code-split bundle (the Action). esbuild puts each module in a
 * chunk keyed by the set of entry points that reach it (the bundle's entry and every
 * import() target), so the modules loaded before the server's spawn are spread over as many
 * small chunks as there are combinations of lazy parts sharing them: 39 files on the
 * Action's start-up path, each costing Node's ES module loader its own resolve, read,
 * compile and link.
 *
 * The fix is a second build: every import() target outside the start-up path gets one more
 * import, of a virtual module importing every start-up module. They are all evaluated by
 * the time such a target loads, so nothing changes at run time; but every entry now reaches
 * every start-up module, and esbuild keeps them together in one chunk.
 */
import type { Metafile, Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const HUB = 'dme-startup-modules';

export interface StartupPlan {
  /** The entry's static ES-module closure, without the entry, in the order first reached. */
  startup: string[];
  /** import() targets outside it (absolute paths). */
  lazyTargets: string[];
}

/** Code files only: the plugins' virtual modules (`namespace:path`) have no file to import, and a JSON file imported for nothing is dropped (with a warning). */
const isFile = (input: string): boolean => !/^[\w-]+:/.test(input) && !input.endsWith('.json');

/** From a first build's metafile (paths relative to `root`). */
export function startupPlan(metafile: Metafile | undefined, root: string, entry: string): StartupPlan {
  if (!metafile) throw new Error('startupPlan needs the first build\'s metafile');
  const { inputs } = metafile;
  const seen = new Set<string>();
  const startup: string[] = [];
  // import statements only: a CommonJS module required from inside a function may never
  // run at start, and importing it from the hub would run it.
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of inputs[file]?.imports ?? []) if (imp.kind === 'import-statement' && !imp.external) visit(imp.path);
    if (file !== entry && isFile(file)) startup.push(file);
  };
  visit(entry);
  const lazyTargets = new Set<string>();
  for (const input of Object.values(inputs)) {
    for (const imp of input.imports) if (imp.kind === 'dynamic-import' && !imp.external && !seen.has(imp.path) && isFile(imp.path)) lazyTargets.add(path.resolve(root, imp.path));
  }
  return { startup, lazyTargets: [...lazyTargets] };
}

const LOADERS = { '.ts': 'ts', '.mts': 'ts', '.js': 'js', '.mjs': 'js', '.cjs': 'js' } as const;

/** The second build's plugin: the virtual hub, imported first by every lazy target. */
export function startupChunk(root: string, plan: StartupPlan): Plugin {
  const lazy = new Set(plan.lazyTargets);
  return {
    name: 'startup-chunk',
    setup(b) {
      // A module of a package marked side-effect free is not kept by a bare import: it stays
      // where esbuild puts it (ajv's small runtime helpers), which is what we ask, without the warning.
      b.initialOptions.logOverride = { ...b.initialOptions.logOverride, 'ignored-bare-import': 'silent' };
      b.onResolve({ filter: new RegExp(`^${HUB}$`) }, () => ({ path: HUB, namespace: HUB }));
      b.onLoad({ filter: /.*/, namespace: HUB }, () => ({
        resolveDir: root,
        loader: 'js',
        contents: plan.startup.map((file) => `import ${JSON.stringify(`./${file}`)};`).join('\n'),
      }));
      b.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
        const loader = LOADERS[path.extname(args.path) as keyof typeof LOADERS];
        if (!lazy.has(args.path) || loader === undefined) return undefined;
        return { loader, contents: `import '${HUB}';\n${readFileSync(args.path, 'utf8')}` };
      });
    },
  };
}
