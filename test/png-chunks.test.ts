/** scripts/png-chunks.ts on a PNG made here: text chunks in and out, CRCs as the spec computes them, the image untouched. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';
import { pngSize, readPngText, writePngText } from '../scripts/png-chunks.ts';

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), out.length - 4);
  return out;
}

/** A 2×1 RGB PNG: one scanline, filter 0, a red and a blue pixel. */
function tinyPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0, 0, 0, 255]))), chunk('IEND', Buffer.alloc(0))]);
}

/** Every chunk's CRC checked, types in order. */
function chunkTypes(png: Buffer): string[] {
  const types: string[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const body = png.subarray(at + 4, at + 8 + length);
    assert.equal(png.readUInt32BE(at + 8 + length), crc32(body), `CRC of ${body.toString('latin1', 0, 4)}`);
    types.push(body.toString('latin1', 0, 4));
    at += 12 + length;
  }
  return types;
}

describe('PNG text chunks', () => {
  it('writes a tEXt chunk after IHDR, reads it back, and replaces it on a second write', () => {
    const png = tinyPng();
    const once = writePngText(png, 'docs-mcp-eval:source-sha256', 'abc');
    assert.deepEqual(chunkTypes(once), ['IHDR', 'tEXt', 'IDAT', 'IEND']);
    assert.deepEqual(readPngText(once), { 'docs-mcp-eval:source-sha256': 'abc' });
    const twice = writePngText(once, 'docs-mcp-eval:source-sha256', 'def');
    assert.deepEqual(readPngText(twice), { 'docs-mcp-eval:source-sha256': 'def' });
    assert.deepEqual(chunkTypes(twice), ['IHDR', 'tEXt', 'IDAT', 'IEND']);
    assert.ok(twice.subarray(twice.length - 12 - 19).equals(png.subarray(png.length - 12 - 19)), 'image data and end unchanged');
    assert.deepEqual(pngSize(twice), { width: 2, height: 1 });
  });

  it('refuses what is not a PNG or is cut short', () => {
    assert.throws(() => readPngText(Buffer.from('GIF89a not a png')), /not a PNG file/);
    const png = tinyPng();
    assert.throws(() => readPngText(png.subarray(0, png.length - 20)), /runs past the end/);
  });
});
