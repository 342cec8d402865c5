/**
 * Several dataset files read as one suite (a directory such as datasets/crypto-docs/mina/
 * with basic.yaml and advanced.yaml, as seed 000 lays its datasets out). Case ids must be
 * unique across the files; suite-level settings (facets, criteria, toolMap, evaluators, agent)
 * apply to the whole suite, so files may repeat them but not contradict each other.
 * Seed-000 files and native ones may sit side by side (a folder half converted with
 * `docs-mcp-eval convert seed-000`): the suite's format is then `mixed`.
 */
import path from 'node:path';
import type { Case, FacetMap, Suite } from '../model/case.ts';
import type { DatasetIssue } from './dataset-error.ts';
import { DatasetError } from './dataset-error.ts';
import { canonicalJson, withLazyHash } from './suite-hash.ts';
import type { EvaluationCriteria } from '../model/evaluation.ts';

/** One file's suite, and the `project` its top level names (the merged suite's name). */
export interface LoadedFile {
  suite: Suite;
  project?: string;
}

/** `name`: the project every file names, else `fallbackName` (the directory's name). */
export function mergeSuites(files: readonly LoadedFile[], fallbackName: string): Suite {
  const first = files[0];
  if (first === undefined) throw new Error('mergeSuites needs at least one suite');
  const issues: DatasetIssue[] = [];
  const conflict = (file: string, message: string): void => {
    issues.push({ file, line: 1, path: '', message });
  };

  const formats = new Set(files.map(({ suite }) => suite.format));
  const format = formats.size === 1 ? first.suite.format : 'mixed';
  const speakeasy = files.find(({ suite }) => suite.format === 'speakeasy');
  // A speakeasy cases.json is retrieval-only and carries no suite settings: it is read alone.
  if (speakeasy && formats.size > 1) conflict(speakeasy.suite.files[0] ?? '', 'is a speakeasy cases.json: read it on its own, not with other dataset files');

  const cases: Case[] = [];
  const firstSeen = new Map<string, Case>();
  for (const { suite } of files) {
    suite.cases.forEach((item, index) => {
      const earlier = firstSeen.get(item.id);
      if (earlier === undefined) {
        firstSeen.set(item.id, item);
        cases.push(item);
      } else {
        const key = suite.format === 'seed-000' ? 'tests' : 'cases';
        issues.push({ file: item.source.file, line: item.source.line, path: `${key}[${index}].id`, message: `duplicate case id "${item.id}" (first used at ${earlier.source.file}:${earlier.source.line})` });
      }
    });
  }

  const facets: FacetMap = {};
  const criteria: EvaluationCriteria[] = [];
  const toolMap: Record<string, string> = {};
  let evaluators: { file: string; list: NonNullable<Suite['evaluators']> } | undefined;
  let agent: { file: string; settings: NonNullable<Suite['agent']> } | undefined;
  for (const { suite } of files) {
    const file = suite.files[0] ?? '';
    for (const [facet, values] of Object.entries(suite.facets)) {
      for (const [value, globs] of Object.entries(values)) {
        const known = facets[facet]?.[value];
        if (known !== undefined && canonicalJson(known) !== canonicalJson(globs)) conflict(file, `facets.${facet}.${value} differs from another file's; a suite has one facet map`);
        else (facets[facet] ??= {})[value] = globs;
      }
    }
    for (const criterion of suite.criteria ?? []) {
      const known = criteria.find((c) => c.name === criterion.name);
      if (known === undefined) criteria.push(criterion);
      else if (canonicalJson(known) !== canonicalJson(criterion)) conflict(file, `criterion "${criterion.name}" is defined differently in another file`);
    }
    for (const [tool, mapped] of Object.entries(suite.toolMap ?? {})) {
      if (toolMap[tool] !== undefined && toolMap[tool] !== mapped) conflict(file, `toolMap.${tool} is "${mapped}" here but "${toolMap[tool]}" in another file`);
      else toolMap[tool] = mapped;
    }
    if (suite.evaluators !== undefined) {
      // Suite-level evaluators run on every case, whichever file it came from: one list for all.
      if (evaluators === undefined) evaluators = { file, list: suite.evaluators };
      else if (canonicalJson(evaluators.list) !== canonicalJson(suite.evaluators)) conflict(file, `suite-level evaluators differ from ${evaluators.file}'s; they run on every case of the suite, so give them once (or per case)`);
    }
    if (suite.agent !== undefined) {
      // One agent runs every task of the run.
      if (agent === undefined) agent = { file, settings: suite.agent };
      else if (canonicalJson(agent.settings) !== canonicalJson(suite.agent)) conflict(file, `agent differs from ${agent.file}'s; one agent runs every task of the suite, so give it once`);
    }
  }
  if (issues.length > 0) throw new DatasetError(issues);

  const projects = new Set(files.map((f) => f.project));
  // Files of one project (mina/basic.yaml, mina/advanced.yaml) are that project's suite; several projects are the folder's.
  const name = projects.size === 1 && first.project !== undefined ? first.project : fallbackName;
  const settings = {
    ...(criteria.length === 0 ? {} : { criteria }),
    ...(evaluators === undefined ? {} : { evaluators: evaluators.list }),
    ...(Object.keys(toolMap).length === 0 ? {} : { toolMap }),
    ...(agent === undefined ? {} : { agent: agent.settings }),
  };
  const notes = files.flatMap(({ suite }) => suite.notes ?? []);
  return withLazyHash({
    name,
    ...settings,
    files: files.flatMap(({ suite }) => suite.files),
    format,
    facets,
    cases,
    ...(notes.length === 0 ? {} : { notes }),
  });
}

/** A directory's suite name when no file names a project: the directory's own name. */
export function directoryName(directory: string): string {
  return path.basename(path.resolve(directory));
}
