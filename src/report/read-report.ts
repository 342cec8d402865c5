/**
 * Reading a stored report (a baseline, a shard, a pull request run's report): refuse what
 * this version cannot understand, and anything that does not match the report's schema
 * (report/check-schema.ts), before any field of it is used. A report may come from a
 * run of a pull request's code, so it is data to check, never to trust.
 */
import { readFile } from 'node:fs/promises';
import { REPORT_SCHEMA_VERSION, type Report } from '../model/report.ts';
import { firstSchemaProblem } from './check-schema.ts';

export class ReportReadError extends Error {
  constructor(file: string, reason: string) {
    super(`${file}: ${reason}`);
    this.name = 'ReportReadError';
  }
}

export function parseReport(text: string, file: string): Report {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new ReportReadError(file, `not JSON (${(err as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ReportReadError(file, 'not a report object');
  const version = (value as { schemaVersion?: unknown }).schemaVersion;
  if (version !== REPORT_SCHEMA_VERSION) {
    throw new ReportReadError(file, `report schemaVersion ${JSON.stringify(version)?.slice(0, 40) ?? 'undefined'} is not ${REPORT_SCHEMA_VERSION}; re-run the baseline with this version`);
  }
  const problem = firstSchemaProblem('report', value);
  if (problem !== undefined) throw new ReportReadError(file, `not a valid docs-mcp-eval report: ${problem}; nothing of it was used`);
  return value as Report;
}

export async function readReport(file: string): Promise<Report> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new ReportReadError(file, `cannot read it (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  return parseReport(text, file);
}
