/** Artifact names: pure, so callers can name artifacts without loading @actions/artifact. */

export type ArtifactKind = 'report' | 'history' | 'pr-report' | 'page' | `shard-${number}-of-${number}`;

/** Artifact names may not hold `" : < > | * ? \ /` or line breaks; we allow fewer still. */
const UNSAFE = /[^A-Za-z0-9._-]+/g;
const MAX_KEY_LENGTH = 100;

/** `docs-mcp-eval-<kind>-<key>`, e.g. `docs-mcp-eval-report-default`; any key maps to safe characters. */
export function artifactName(kind: ArtifactKind, key: string): string {
  const safe = key.replace(UNSAFE, '-').replace(/-{2,}/g, '-').replace(/^[-.]+|[-.]+$/g, '').slice(0, MAX_KEY_LENGTH).replace(/[-.]+$/, '');
  return `docs-mcp-eval-${kind}-${safe || 'default'}`;
}

