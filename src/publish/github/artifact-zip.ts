/**
 * An artifact of an untrusted run (a pull request's), downloaded and read without
 * trusting it: the archive's size is checked against GitHub's record before the download
 * and its digest after; then only the named entries are read, into memory (nothing is
 * written to disk), each refused before inflating when the zip says it is larger than its
 * limit, and stopped at the limit while inflating when the zip understates it (yauzl
 * checks every entry's bytes against its header). A zip bomb costs what its limit allows.
 */
import yauzl from 'yauzl';
import { nodeCrypto } from '../../shared/lazy-crypto.ts';
import type { Octokit } from './octokit.ts';

export class ArtifactZipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArtifactZipError';
  }
}

export interface ZipSource {
  owner: string;
  repo: string;
  artifactId: number;
  /** What GitHub recorded: the archive's size, and its `sha256:…` digest when it has one. */
  sizeInBytes: number;
  digest?: string | null | undefined;
  /** Archives larger than this are not downloaded. */
  maxArchiveBytes: number;
  /** Where the entries are named in messages, e.g. "the PR artifact". */
  label: string;
}

/** Downloads the archive (GitHub redirects to blob storage; the token is not sent there). */
export async function downloadArtifactZip(octokit: Octokit, source: ZipSource): Promise<Buffer> {
  if (source.sizeInBytes > source.maxArchiveBytes) {
    throw new ArtifactZipError(`${source.label} is ${source.sizeInBytes} bytes, over the ${source.maxArchiveBytes}-byte limit: not downloaded`);
  }
  const { data } = await octokit.rest.actions.downloadArtifact({ owner: source.owner, repo: source.repo, artifact_id: source.artifactId, archive_format: 'zip' });
  const zip = Buffer.from(data as ArrayBuffer);
  if (zip.length > source.maxArchiveBytes) throw new ArtifactZipError(`${source.label} downloaded as ${zip.length} bytes, over the ${source.maxArchiveBytes}-byte limit`);
  const digest = source.digest?.startsWith('sha256:') ? source.digest.slice('sha256:'.length) : undefined;
  if (digest !== undefined && nodeCrypto().createHash('sha256').update(zip).digest('hex') !== digest) {
    throw new ArtifactZipError(`${source.label} does not match the digest GitHub recorded for it (${source.digest ?? ''}): not used`);
  }
  return zip;
}

/** At most this many entries are looked at: ours have three. */
export const MAX_ENTRIES = 100;

function open(zip: Buffer, label: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }, (err, file) =>
      err ? reject(new ArtifactZipError(`${label} is not a readable zip: ${err.message}`)) : resolve(file),
    );
  });
}

function readEntry(file: yauzl.ZipFile, entry: yauzl.Entry, limit: number, where: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    file.openReadStream(entry, (err, stream) => {
      if (err) return reject(new ArtifactZipError(`${where}: ${err.message}`));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          stream.destroy();
          reject(new ArtifactZipError(`${where} inflates past its declared ${entry.uncompressedSize} bytes (limit ${limit})`));
        } else chunks.push(chunk);
      });
      stream.on('error', (e: Error) => reject(new ArtifactZipError(`${where}: ${e.message}`)));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

/**
 * The entries named in `limits` (file name at the archive's root -> most bytes it may
 * have), read into memory; every other entry is skipped unread. An entry that is absent
 * is absent from the result; one that appears twice, or is over its limit, is refused.
 */
export async function readZipEntries(zip: Buffer, limits: Readonly<Record<string, number>>, label: string): Promise<Map<string, Buffer>> {
  const file = await open(zip, label);
  if (file.entryCount > MAX_ENTRIES) {
    file.close();
    throw new ArtifactZipError(`${label} has ${file.entryCount} entries, over the limit of ${MAX_ENTRIES}: not read`);
  }
  const found = new Map<string, Buffer>();
  try {
    return await new Promise<Map<string, Buffer>>((resolve, reject) => {
      file.on('error', (err: Error) => reject(new ArtifactZipError(`${label} is not a readable zip: ${err.message}`)));
      file.on('end', () => resolve(found));
      file.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        const limit = Object.hasOwn(limits, name) ? limits[name]! : undefined;
        if (limit === undefined) return file.readEntry();
        const where = `${name} in ${label}`;
        if (found.has(name)) return reject(new ArtifactZipError(`${where} appears twice: not read`));
        if (entry.uncompressedSize > limit) return reject(new ArtifactZipError(`${where} is ${entry.uncompressedSize} bytes uncompressed, over the ${limit}-byte limit: not read`));
        readEntry(file, entry, limit, where).then((bytes) => {
          found.set(name, bytes);
          file.readEntry();
        }, reject);
      });
      file.readEntry();
    });
  } finally {
    file.close();
  }
}
