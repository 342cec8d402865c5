/**
 * Numbers in the docs are generated, never typed: each sits in a marked region,
 * `<!-- facts:NAME -->…<!-- /facts:NAME -->`, in README.md or any docs/**.md page, and
 * `npm run docs:facts` rewrites every region from its source:
 * - deterministic facts from the repository: bundle and grammar sizes (dist/), the
 *   reference suite's case counts and corpus size;
 * - measurements from the last recorded `npm run bench` (bench/results.json, committed
 *   with the date, machine and load it was taken on); the docs never hold a timing that
 *   run did not print.
 * test/docs-facts.test.ts fails when a region is not what this script would write.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startupBytes } from './startup-path.ts';
import { docPages, renderRegions } from './doc-regions.ts';
import { load } from 'js-yaml';
import { measuredTable, reachBySpreadTable, readRecords } from '../bench/history-calibration-record.ts';
import { DEFAULT_HISTORY_OPTIONS } from '../src/compare/judge-history.ts';
import { DEFAULT_STATS } from '../src/compare/judge-context.ts';

/** The history verdicts' defaults (α of the prediction interval, --min-effect), which the history tables are computed at. */
const HISTORY_ALPHA = DEFAULT_HISTORY_OPTIONS.alpha;
const HISTORY_MIN_EFFECT = DEFAULT_STATS.minEffect;

const ROOT = path.resolve(import.meta.dirname, '..');
export const BENCH_RESULTS = path.join(ROOT, 'bench/results.json');
const HISTORY_CALIBRATION = path.join(ROOT, 'bench/history-calibration.json');

/** What `npm run bench` records (bench/run.ts); every field optional, so a partial run still renders. */
export interface BenchResults {
  date: string;
  machine: { cpu: string; cores: number; node: string; load: number[] };
  /** Paced (1 ms between calls on both sides); backToBack: no pause (absent in older records). */
  overhead?: { floor: Quantiles; harness: Quantiles; backToBack?: { floor: Quantiles; harness: Quantiles } };
  evalWallS?: number;
  coldStart?: { floorP50: number; actionP50: number; trials: number };
  scale?: { cases: number; wallS: number; casesPerS: number; peakRssMiB: number | null; reportMiB: number | null }[];
}

const MiB = 1024 * 1024;
const mib = (bytes: number) => `${(bytes / MiB).toFixed(2)} MiB`;
const kib = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en-US')} KiB`;
const size = (file: string) => statSync(path.join(ROOT, file)).size;
const filesIn = (dir: string) => readdirSync(path.join(ROOT, dir)).map((f) => path.join(dir, f));

function bundleSizes(): string {
  const all = size('dist/action.js') + filesIn('dist/chunks').reduce((sum, f) => sum + size(f), 0);
  const startup = startupBytes(path.join(ROOT, 'dist'), 'action.js');
  return `the Action ${mib(all)} (\`dist/action.js\` and its chunks), of which ${kib(startup)} load before the server's spawn (target: under 3 MiB loaded at start, ${startup < 3 * MiB ? 'met' : 'NOT met'}), the rest on demand; \`dist/cli.js\` ${mib(size('dist/cli.js'))}`;
}

function grammarSizes(): string {
  const g = (name: string) => kib(size(`dist/grammars/${name}`));
  const all = filesIn('dist/grammars').reduce((sum, f) => sum + size(f), 0);
  const languages = ['typescript', 'tsx', 'javascript', 'python', 'rust', 'go'];
  const names: Record<string, string> = { typescript: 'TypeScript', tsx: 'TSX', javascript: 'JavaScript', python: 'Python', rust: 'Rust', go: 'Go' };
  return `tree-sitter runtime ${g('tree-sitter.cjs')} JS + ${g('tree-sitter.wasm')} WASM, ${languages.map((l) => `${names[l]} ${g(`tree-sitter-${l}.wasm`)}`).join(', ')} (${mib(all)} in all)`;
}

function referenceSuite(): { all: number; retrieval: number; answer: number; task: number; documents: number } {
  const suite = load(readFileSync(path.join(ROOT, 'datasets/reference/cases.yaml'), 'utf8')) as { cases: { kind?: string }[] };
  const answer = suite.cases.filter((c) => c.kind === 'answer').length;
  const task = suite.cases.filter((c) => c.kind === 'task').length;
  const docs = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? docs(path.join(dir, e.name)) : e.name.endsWith('.md') ? 1 : 0), 0);
  return { all: suite.cases.length, retrieval: suite.cases.length - answer - task, answer, task, documents: docs(path.join(ROOT, 'datasets/reference/corpus')) };
}

function bench(): BenchResults | undefined {
  return existsSync(BENCH_RESULTS) ? (JSON.parse(readFileSync(BENCH_RESULTS, 'utf8')) as BenchResults) : undefined;
}

function measuredOn(b: Pick<BenchResults, 'date' | 'machine'>): string {
  return `measured ${b.date.slice(0, 10)} by \`npm run bench\` on ${b.machine.cpu} (${b.machine.cores} cores, load ${b.machine.load.map((l) => l.toFixed(2)).join(' ')}), Node ${b.machine.node}`;
}

const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;

type Quantiles = { p50: number; p95: number };

function overheadTable(b: BenchResults): string {
  const o = b.overhead;
  if (!o) return '_not measured in the last recorded run_';
  const rows = (label: string, floor: Quantiles, harness: Quantiles) => [
    `| ${label} | raw JSON-RPC ping-pong (floor) | ${us(floor.p50)} | ${us(floor.p95)} |`,
    `| ${label} | docs-mcp-eval harness (SDK client, timed at the transport) | ${us(harness.p50)} | ${us(harness.p95)} |`,
    `| ${label} | **ratio** | ${(harness.p50 / floor.p50).toFixed(2)} | **${(harness.p95 / floor.p95).toFixed(2)}** |`,
  ];
  return [
    '| pacing | side | p50 | p95 |',
    '| --- | --- | ---: | ---: |',
    ...rows('1 ms between calls', o.floor, o.harness),
    ...(o.backToBack ? rows('back to back', o.backToBack.floor, o.backToBack.harness) : []),
    '',
    `(${measuredOn(b)}; \`npm run eval\` end to end: ${b.evalWallS?.toFixed(2) ?? '—'} s wall.)`,
  ].join('\n');
}

function coldStartTable(b: BenchResults): string {
  const c = b.coldStart;
  if (!c) return '_not measured in the last recorded run_';
  return [
    `| p50 of ${c.trials} trials, alternating | |`,
    '| --- | ---: |',
    `| \`node -e\` spawning the probe (floor) | ${c.floorP50.toFixed(1)} ms |`,
    `| \`dist/action.js\` to the server spawn | ${c.actionP50.toFixed(1)} ms |`,
    `| **ratio** (target ≤ 2) | **${(c.actionP50 / c.floorP50).toFixed(2)}** |`,
    '',
    `(${measuredOn(b)}.)`,
  ].join('\n');
}

function scaleTable(b: BenchResults): string {
  if (!b.scale?.length) return '_not measured in the last recorded run_';
  const rows = b.scale.map((s) => `| ${s.cases.toLocaleString('en-US')} | ${s.wallS.toFixed(1)} s | ${Math.round(s.casesPerS).toLocaleString('en-US')} | ${s.peakRssMiB === null ? '—' : `${s.peakRssMiB.toFixed(0)} MiB`} | ${s.reportMiB === null ? '—' : `${s.reportMiB.toFixed(1)} MiB`} |`);
  return ['| cases | wall | cases/s | harness peak RSS | report |', '| ---: | ---: | ---: | ---: | ---: |', ...rows, '', `(${measuredOn(b)}.)`].join('\n');
}

/** The keys of docs-mcp-eval.yml and of its defaults, from the generated JSON Schema (descriptions included). */
function configKeys(): string {
  type Prop = { description?: string; properties?: Record<string, Prop> };
  const schema = JSON.parse(readFileSync(path.join(ROOT, 'datasets/config.schema.json'), 'utf8')) as { properties: Record<string, Prop> };
  const cell = (text: string | undefined) => (text ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const rows = Object.entries(schema.properties)
    .filter(([key]) => key !== '$schema')
    .flatMap(([key, prop]) => [
      `| \`${key}\` | ${cell(prop.description)} |`,
      ...(key === 'defaults' ? Object.entries(prop.properties ?? {}).map(([inner, p]) => `| \`defaults.${inner}\` | ${cell(p.description)} |`) : []),
    ]);
  return ['| Key | What it sets |', '| --- | --- |', ...rows].join('\n');
}

/** The validation rules of the dataset format, from its JSON Schema: each rule, its fields and what they mean. */
function validationRules(): string {
  type Prop = { description?: string; const?: string };
  type Rule = { title: string; description?: string; required?: string[]; properties: Record<string, Prop> };
  const schema = JSON.parse(readFileSync(path.join(ROOT, 'datasets/schema.json'), 'utf8')) as { definitions: { rule: { oneOf: Rule[] } } };
  const cell = (text: string | undefined) => (text ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const rows = schema.definitions.rule.oneOf.map((rule) => {
    const fields = Object.entries(rule.properties)
      .filter(([name]) => name !== 'type')
      .map(([name, prop]) => `\`${name}\`${rule.required?.includes(name) ? '' : ' (optional)'}: ${cell(prop.description)}`);
    return `| \`${rule.title}\` | ${cell(rule.description)} | ${fields.join('<br>')} |`;
  });
  return ['| Rule | Passes when | Fields |', '| --- | --- | --- |', ...rows].join('\n');
}

/** Every fact by name: what its region must hold. */
export function facts(): Record<string, () => string> {
  const suite = referenceSuite();
  const recorded = bench();
  const fromBench = (render: (b: BenchResults) => string) => () => (recorded ? render(recorded) : '_no recorded `npm run bench` run_');
  return {
    'bundle-sizes': bundleSizes,
    'config-keys': configKeys,
    'validation-rules': validationRules,
    'grammar-sizes': grammarSizes,
    'reference-cases': () => `${suite.all} cases`,
    'reference-cases-split': () => `${suite.all} cases of \`datasets/reference/cases.yaml\` (${suite.retrieval} retrieval cases, ${suite.answer} answer cases${suite.task > 0 ? `, ${suite.task} task cases, skipped without an agent model` : ''})`,
    'reference-documents': () => `${suite.documents} documents`,
    'bench-overhead': fromBench(overheadTable),
    'bench-cold-start': fromBench(coldStartTable),
    'bench-scale': fromBench(scaleTable),
    'bench-history-calibration': () =>
      existsSync(HISTORY_CALIBRATION) ? measuredTable(readRecords(JSON.parse(readFileSync(HISTORY_CALIBRATION, 'utf8'))), HISTORY_ALPHA, HISTORY_MIN_EFFECT) : '_no recorded `npm run bench:history` run_',
    // Computed from the formulas, for the history sizes the bench judges with (10 to 29 runs: 20).
    'history-reach-by-spread': () => reachBySpreadTable([0.01, 0.02, 0.03, 0.05, 0.08, 0.12], 20, HISTORY_ALPHA, HISTORY_MIN_EFFECT),
  };
}

/** The text with every facts region rewritten; throws on a region naming no known fact. */
export function renderFacts(text: string, file: string, all = facts()): string {
  return renderRegions(text, file, 'facts', all);
}

/** README.md and every markdown page under docs/. */
export const factFiles = docPages;

if (import.meta.main) {
  const all = facts();
  for (const file of factFiles()) {
    const text = readFileSync(file, 'utf8');
    const rendered = renderFacts(text, file, all);
    if (rendered !== text) {
      writeFileSync(file, rendered);
      process.stdout.write(`updated ${path.relative(ROOT, file)}\n`);
    }
  }
}
