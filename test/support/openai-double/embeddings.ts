/**
 * Deterministic stand-in embeddings: a hashed bag of words (signed feature hashing), L2
 * normalised. Texts sharing words get a higher cosine, unrelated texts sit near 0 — the
 * ordering a real model gives for the cases the tests care about, with no model at all.
 */

export const DEFAULT_DIMENSIONS = 256;

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function words(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
}

export function hashedEmbedding(text: string, dimensions: number = DEFAULT_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of words(text)) {
    const hash = fnv1a(word);
    // The sign from another bit keeps collisions from always adding up.
    vector[hash % dimensions] = (vector[hash % dimensions] ?? 0) + ((hash >>> 31) === 1 ? -1 : 1);
  }
  const norm = Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
  return norm === 0 ? vector : vector.map((x) => x / norm);
}

/** What the API returns for encoding_format: base64 — little-endian float32s. */
export function base64Embedding(vector: readonly number[]): string {
  return Buffer.from(new Float32Array(vector).buffer).toString('base64');
}
