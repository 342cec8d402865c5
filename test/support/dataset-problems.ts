/** The formatted issues a loader rejects a text with; fails the test when it accepts it. */
import assert from 'node:assert/strict';
import { DatasetError, formatDatasetIssue } from '../../src/suite/dataset-error.ts';

export function rejectionsOf(parse: () => unknown): string[] {
  try {
    parse();
  } catch (error) {
    assert.ok(error instanceof DatasetError, `expected DatasetError, got ${String(error)}`);
    return error.issues.map(formatDatasetIssue);
  }
  assert.fail('expected the dataset to be rejected');
}
