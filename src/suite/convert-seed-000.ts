/**
 * `docs-mcp-eval convert seed-000`: a seed-000 dataset file (the crypto-docs plan's
 * { name, project, version, tests }) rewritten in this project's format, where a user can
 * then add criteria, evaluators (an LLM judge) and reference answers (`groundTruth`).
 * Every field seed 000 defines that we read is carried over, so the converted file runs
 * the same cases with the same results:
 *
 *   tests[]                      -> cases[] with kind: answer
 *   id, name, description, tool, project, difficulty, input, tags -> the same names
 *   expected.validations         -> expect.rules (matches_regex without flags gets
 *                                   flags: i, the meaning seed 000 gives it)
 *   expected.expectedKeywords    -> expect.keywords
 *   expected.forbiddenKeywords   -> expect.forbiddenKeywords
 *   expected.expectedImports     -> expect.imports
 *   project (file)               -> project (suite default)
 *   version (file)               -> the header comment (the native format has no version)
 *
 * Pure: text in, text out; the input is validated as seed 000 first (a DatasetError with
 * file:line otherwise) and the output is parsed back as a native suite before it is given.
 */
import { yamlModule } from '../shared/load-yaml.ts';
import { DatasetError } from './dataset-error.ts';
import { importSeed000, seedRule, type Seed000Dataset } from './import-seed-000.ts';
import { isSeed000 } from './classify-file.ts';
import { parseNativeChecked } from './parse-suite.ts';
import { parseSourceDocument } from './source-document.ts';
import { isRecord } from '../shared/plain-data.ts';

export interface Converted {
  /** The native dataset, as YAML. */
  text: string;
  cases: number;
}

/** Is this file's text a seed-000 dataset (a mapping with `tests` and no `cases`)? Unparsable text is not. */
export function looksLikeSeed000(text: string, file: string): boolean {
  const source = parseSourceDocument(text.replace(/^\uFEFF/, ''), file);
  return source.syntaxIssues.length === 0 && isRecord(source.data) && isSeed000(source.data);
}

export function convertSeed000(text: string, file: string): Converted {
  const source = parseSourceDocument(text.replace(/^\uFEFF/, ''), file);
  if (source.syntaxIssues.length > 0) throw new DatasetError(source.syntaxIssues);
  if (!isRecord(source.data) || !isSeed000(source.data)) {
    throw new DatasetError([{ file, line: 1, column: 1, path: '', message: 'not a seed-000 dataset (a mapping with `tests:` and no `cases:`)' }]);
  }
  importSeed000(source, file); // every problem, with file:line, before anything is written
  const seed = source.data as unknown as Seed000Dataset;
  const native = {
    name: seed.name,
    project: seed.project,
    cases: seed.tests.map((test) => {
      const { expected } = test;
      return {
        id: test.id,
        kind: 'answer',
        name: test.name,
        ...(test.description === undefined ? {} : { description: test.description }),
        tool: test.tool,
        ...(test.project === undefined ? {} : { project: test.project }),
        difficulty: test.difficulty,
        ...(test.tags === undefined ? {} : { tags: test.tags }),
        input: test.input,
        expect: {
          rules: (expected.validations ?? []).map(seedRule),
          ...(expected.expectedKeywords === undefined ? {} : { keywords: expected.expectedKeywords }),
          ...(expected.forbiddenKeywords === undefined ? {} : { forbiddenKeywords: expected.forbiddenKeywords }),
          ...(expected.expectedImports === undefined ? {} : { imports: expected.expectedImports }),
        },
      };
    }),
  };
  const header = [
    ` Converted from seed 000's format by \`docs-mcp-eval convert seed-000\` (${file}, version ${JSON.stringify(seed.version)}).`,
    ' Add criteria, evaluators (an llm_judge) and a groundTruth per case here; see datasets/schema.json.',
  ].join('\n');
  const out = `${header.split('\n').map((l) => `#${l}`).join('\n')}\n${yamlModule().stringify(native, { lineWidth: 0 })}`;
  // What we hand over must load as a native dataset; a failure here is our bug, said as such.
  const check = parseSourceDocument(out, file);
  parseNativeChecked(check, file);
  return { text: out, cases: native.cases.length };
}
