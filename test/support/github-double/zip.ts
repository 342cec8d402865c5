/**
 * Just enough ZIP for artifacts: writing stored (uncompressed) archives for seeded artifacts,
 * raw entries for tests that need a hostile archive (a deflated bomb, sizes that lie), and
 * reading what archiver (inside @actions/artifact) writes — stored or deflated entries
 * whose sizes live in the central directory, since it streams with data descriptors.
 */
import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

/** One entry as written: its bytes as stored, and what the headers claim. */
export interface RawZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: 0 | 8;
  data: Buffer;
  crc: number;
  /** The uncompressed size the headers declare (a test may make it lie). */
  size: number;
}

export function writeZip(files: Record<string, Buffer>): Buffer {
  return writeZipEntries(Object.entries(files).map(([name, data]) => ({ name, method: 0, data, crc: crc32(data), size: data.length })));
}

/**
 * A deflated entry of `chunk` repeated `times`, built without holding the whole: each
 * chunk is compressed with a full flush (byte-aligned, no shared dictionary), so the
 * compressed chunk can itself be repeated, then a final empty block ends the stream.
 * 1 MiB of spaces 1,024 times: about 1 MB stored, 1 GiB when inflated.
 */
export function repeatedEntry(name: string, chunk: Buffer, times: number, declaredSize = chunk.length * times): RawZipEntry {
  const block = deflateRawSync(chunk, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  let crc = 0;
  for (let i = 0; i < times; i++) crc = crc32(chunk, crc);
  const end = deflateRawSync(Buffer.alloc(0));
  return { name, method: 8, data: Buffer.concat([...Array.from({ length: times }, () => block), end]), crc, size: declaredSize };
}

export function writeZipEntries(entries: readonly RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, method, data, crc, size } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // flags: UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(0x00210000, 10); // DOS time/date: 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(0x00210000, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

export function readZip(zip: Buffer): Record<string, Buffer> {
  const endAt = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0) throw new Error('not a zip: no end-of-central-directory record');
  const count = zip.readUInt16LE(endAt + 10);
  let at = zip.readUInt32LE(endAt + 16);
  const files: Record<string, Buffer> = {};
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('corrupt zip: bad central directory entry');
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/')) continue; // directory entry
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    const data = zip.subarray(dataAt, dataAt + compressedSize);
    if (method === 0) files[name] = Buffer.from(data);
    else if (method === 8) files[name] = inflateRawSync(data);
    else throw new Error(`unsupported zip compression method ${method} for ${name}`);
  }
  return files;
}
