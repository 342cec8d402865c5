/**
 * PNG chunks (PNG spec §5): text chunks (tEXt, §11.3.4.3: a keyword and a Latin-1 value)
 * read and written without touching the image, and the image's size. docs/comment.png
 * carries the sha256 of the markdown it was rendered from, so a test can tell it is stale
 * without comparing pixels.
 */
import { crc32 } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Chunk {
  type: string;
  data: Buffer;
  /** Offset of the chunk's length field. */
  at: number;
  /** Offset just past its CRC. */
  end: number;
}

function chunks(png: Buffer): Chunk[] {
  if (png.length < 8 || !png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG file');
  const out: Chunk[] = [];
  for (let at = 8; at + 12 <= png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > png.length) throw new Error(`PNG chunk ${type} runs past the end of the file`);
    out.push({ type, data: png.subarray(at + 8, at + 8 + length), at, end });
    at = end;
  }
  return out;
}

/** The tEXt values by keyword. */
export function readPngText(png: Buffer): Record<string, string> {
  const text: Record<string, string> = {};
  for (const c of chunks(png).filter((c) => c.type === 'tEXt')) {
    const nul = c.data.indexOf(0);
    if (nul > 0) text[c.data.toString('latin1', 0, nul)] = c.data.toString('latin1', nul + 1);
  }
  return text;
}

function chunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(typeAndData.length + 8);
  out.writeUInt32BE(data.length, 0);
  typeAndData.copy(out, 4);
  out.writeUInt32BE(crc32(typeAndData), out.length - 4);
  return out;
}

const keywordOf = (c: Chunk) => c.data.toString('latin1', 0, c.data.indexOf(0));

/** The PNG with a tEXt chunk (keyword → value) right after IHDR, replacing one of that keyword. */
export function writePngText(png: Buffer, keyword: string, value: string): Buffer {
  const all = chunks(png);
  const ihdr = all[0];
  if (ihdr?.type !== 'IHDR') throw new Error('PNG does not start with IHDR');
  const kept = all.slice(1).filter((c) => !(c.type === 'tEXt' && keywordOf(c) === keyword));
  const text = chunk('tEXt', Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(value, 'latin1')]));
  return Buffer.concat([SIGNATURE, png.subarray(ihdr.at, ihdr.end), text, ...kept.map((c) => png.subarray(c.at, c.end))]);
}

/** Width and height from IHDR. */
export function pngSize(png: Buffer): { width: number; height: number } {
  const ihdr = chunks(png)[0];
  if (ihdr?.type !== 'IHDR') throw new Error('PNG does not start with IHDR');
  return { width: ihdr.data.readUInt32BE(0), height: ihdr.data.readUInt32BE(4) };
}
