/** Reading a stored report (a baseline): refuse what this version cannot understand. */
import { readFile } from 'node:fs/promises';
import { REPORT_SCHEMA_VERSION, type Report } from '../model/report.ts';

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
  if (typeof value !== 'object' || value === null) throw new ReportReadError(file, 'not a report object');
  const version = (value as { schemaVersion?: unknown }).schemaVersion;
  if (version !== REPORT_SCHEMA_VERSION) {
    throw new ReportReadError(file, `report schemaVersion ${String(version)} is not ${REPORT_SCHEMA_VERSION}; re-run the baseline with this version`);
  }
  const report = value as Report;
  if (!Array.isArray(report.cases) || typeof report.summary !== 'object') {
    throw new ReportReadError(file, 'missing cases or summary');
  }
  return report;
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
