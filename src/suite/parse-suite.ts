/**
 * A dataset's text into a Suite, synchronously (the library's parseSuite, tests): every
 * format's parser is imported up front. Runs read files with load-suite.ts, which loads a
 * format's parser only when a file of that format is read.
 */
import type { Suite } from '../model/case.ts';
import { classifyFile, type DatasetFormat, type FormatParser } from './classify-file.ts';
import { importSeed000 } from './import-seed-000.ts';
import { importSpeakeasy } from './import-speakeasy.ts';
import { importSpeakeasyAgent } from './import-speakeasy-agent.ts';
import { answerIssues } from './answer-checks.ts';
import { nativeTaskIssues } from './task-checks.ts';
import { nativeSuiteParser } from './parse-native-suite.ts';

/** The native format's parser with its answer and task checks, for callers that parse synchronously (also the seed-000 converter's output check). */
export const parseNativeChecked: FormatParser = nativeSuiteParser({ answers: answerIssues, tasks: nativeTaskIssues });

const PARSERS: Record<DatasetFormat, FormatParser> = { native: parseNativeChecked, 'seed-000': importSeed000, speakeasy: importSpeakeasy, 'speakeasy-agent': importSpeakeasyAgent };

/** Pure: `file` only labels messages and picks the format by extension. */
export function parseSuite(text: string, file: string): Suite {
  const { source, format } = classifyFile(text, file);
  return PARSERS[format](source, file);
}
