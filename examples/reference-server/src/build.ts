/**
 * CLI: build the search index for a markdown corpus.
 *
 *   node examples/reference-server/src/build.ts --docs <corpusDir> --out <index.json>
 *
 * Exit codes: 0 built, 1 the corpus or output could not be read/written, 2 bad arguments.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { readCorpus } from './corpus.ts';
import { buildIndexFile, RESERVED_PARAMS } from './search-index.ts';

const USAGE = 'usage: build.ts --docs <corpusDir> --out <index.json>';

function fail(code: number, message: string): never {
  process.stderr.write(`reference-server build: ${message}\n`);
  process.exit(code);
}

async function main(): Promise<void> {
  let values: { docs?: string | undefined; out?: string | undefined };
  try {
    ({ values } = parseArgs({ options: { docs: { type: 'string' }, out: { type: 'string' } }, strict: true }));
  } catch (err) {
    fail(2, `${(err as Error).message}\n${USAGE}`);
  }
  if (!values.docs || !values.out) fail(2, `--docs and --out are required\n${USAGE}`);

  const started = performance.now();
  const corpus = await readCorpus(values.docs).catch((err: unknown) => fail(1, (err as Error).message));
  const shadowed = [...new Set(corpus.chunks.flatMap((c) => Object.keys(c.metadata)))].filter((k) => RESERVED_PARAMS.has(k));
  if (shadowed.length > 0) {
    process.stderr.write(`reference-server build: warning: metadata keys ${shadowed.join(', ')} clash with tool parameters and are not facets\n`);
  }
  const file = buildIndexFile(corpus.chunks);
  try {
    await mkdir(dirname(values.out), { recursive: true });
    // Written beside, then renamed over: a server starting while another build of the same
    // index runs (parallel shards in one checkout) reads the old index or the new one, never half of one.
    const partial = `${values.out}.${process.pid}.partial`;
    await writeFile(partial, JSON.stringify(file));
    await rename(partial, values.out);
  } catch (err) {
    fail(1, `cannot write ${values.out}: ${(err as Error).message}`);
  }
  const ms = Math.round(performance.now() - started);
  const facets = Object.entries(file.facets).map(([k, v]) => `${k}=${v.join('|')}`).join(' ');
  process.stderr.write(
    `reference-server build: ${corpus.files.length} files, ${corpus.chunks.length} chunks in ${ms} ms -> ${values.out}${facets ? ` (facets: ${facets})` : ''}\n`,
  );
}

main().catch((err: unknown) => fail(1, err instanceof Error ? err.message : String(err)));
