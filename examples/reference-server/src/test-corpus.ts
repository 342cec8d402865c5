/**
 * A tiny corpus for tests, written to a temp dir: three SDK languages with a
 * `language` facet plus cross-cutting guides without one. Test-only; nothing
 * the CLIs import.
 */
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const sdk = (lang: string, Lang: string): string => `---
language: ${lang}
scope: sdk-specific
---
# ${Lang} Auth SDK

${Lang} client setup and authentication options.

## Client Initialization

Construct the ${Lang} client with an API key.

## Retry Configuration

Configure retry attempts and backoff for transient failures in ${Lang}.

\`\`\`
# retry settings live here, this is not a heading
max_attempts = 3
\`\`\`
`;

export const TEST_CORPUS: Record<string, string> = {
  'sdks/go/auth.md': sdk('go', 'Go'),
  'sdks/python/auth.md': sdk('python', 'Python'),
  'sdks/typescript/auth.md': sdk('typescript', 'TypeScript'),
  'guides/retries.md': `---
scope: global-guide
---
# Retries Guide

Every SDK retries failed requests.

## Handling 429 Errors

When the API answers 429 Too Many Requests, wait for Retry-After and retry with backoff.

## Idempotency

Retry only idempotent requests, or send an Idempotency-Key header.
`,
  'guides/pagination.md': `---
scope: global-guide
---
# Pagination Guide

Most list operations support cursor-based pagination.

## Cursor Pagination

Pass the next_cursor token from one response into the next request.
`,
};

/** Write TEST_CORPUS (or `files`) under a fresh temp dir and return its path. */
export async function writeTestCorpus(files: Record<string, string> = TEST_CORPUS): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'reference-server-'));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}
