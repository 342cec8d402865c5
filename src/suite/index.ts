/** The suite stage's public surface: dataset files in, validated Suites out. */
export { folderProfile, loadSuite } from './load-suite.ts';
export { parseSuite } from './parse-suite.ts';
export { loadProfile, parseProfile } from './profile.ts';
export type { Profile } from './profile.ts';
export { filterCases } from './filter-cases.ts';
export type { CaseFilter } from './filter-cases.ts';
export { DatasetError, formatDatasetError, formatDatasetIssue } from './dataset-error.ts';
export type { DatasetIssue } from './dataset-error.ts';
export type {
  AnswerCase,
  Case,
  CaseSource,
  Difficulty,
  FacetMap,
  ForbiddenRule,
  Judgment,
  RetrievalCase,
  Suite,
} from '../model/case.ts';
export { suiteHash } from './suite-hash.ts';
export type { SuiteSettings } from './suite-hash.ts';
