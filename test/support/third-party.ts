/**
 * The third-party documentation MCP servers the built-in profiles are tested against:
 * pinned in test/third-party/package.json, installed by `npm test`'s pretest step
 * (scripts/ensure-third-party.ts). A missing install fails the test with the command that
 * fixes it (a skip would hide a gap).
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Report } from '../../src/model/report.ts';
import { ROOT } from './cli.ts';

export const THIRD_PARTY = path.join(ROOT, 'test/third-party');
/** The shared made-up docs folder and its cases, judged by file path (docs/guides/retries.md). */
export const FIXTURE_DOCS = path.join(THIRD_PARTY, 'fixture/docs');
export const FIXTURE_CASES = path.join(THIRD_PARTY, 'fixture/cases.yaml');

/** A file of an installed third-party package; throws, saying how to install, when absent. */
export function installed(relative: string): string {
  const file = path.join(THIRD_PARTY, 'node_modules', relative);
  if (!existsSync(file)) throw new Error(`${file} is missing: the third-party MCP servers are not installed. Run: npm ci --prefix test/third-party`);
  return file;
}

export const scratchDir = (name: string): string => mkdtempSync(path.join(os.tmpdir(), `dme-${name}-`));

export function readReport(file: string): Report {
  return JSON.parse(readFileSync(file, 'utf8')) as Report;
}

/** Each case's ranked ids (as extracted and normalised by the profile), by case id. */
export function rankedByCase(report: Report): Record<string, string[]> {
  return Object.fromEntries(report.cases.map((c) => [c.id, c.rankedIds]));
}
