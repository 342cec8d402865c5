/** Writing the JSON report and the markdown next to each other. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Report } from '../report/types.ts';

export async function writeOutputs(report: Report, markdown: string, paths: { json: string; markdown: string }): Promise<void> {
  await mkdir(path.dirname(paths.json), { recursive: true });
  await mkdir(path.dirname(paths.markdown), { recursive: true });
  await writeFile(paths.json, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(paths.markdown, markdown);
}
