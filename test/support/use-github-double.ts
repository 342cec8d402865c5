/**
 * One GitHub double per describe block: started before its tests, and at the end checked
 * to have seen only requests and responses that match GitHub's OpenAPI description.
 */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { startGitHubDouble, type GitHubDouble } from './github-double/index.ts';

export function useGitHubDouble(receive: (double: GitHubDouble) => void): void {
  let double: GitHubDouble | undefined;
  before(async () => {
    double = await startGitHubDouble();
    receive(double);
  });
  after(async () => {
    // Closed first: a failed check must not leave the server holding the test process open.
    const violations = double?.violations;
    await double?.close();
    assert.deepEqual(violations, [], 'every request and response matched the OpenAPI description');
  });
}
