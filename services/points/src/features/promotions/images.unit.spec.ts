import { describe, expect, it } from 'vitest';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { checkImage, readUploadedImage } from './images.js';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A tiny grey PNG, with a text chunk (a comment a camera or an editor would leave). */
function png(width: number, height: number, extra: Buffer[] = []): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const raw = Buffer.alloc((width + 1) * height, 0x80);
  for (let row = 0; row < height; row++) raw[row * (width + 1)] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), ...extra, chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
/** The error code a call is refused with, if any. */
function refusal(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

describe('application images, checked by their bytes', () => {
  it('keeps a PNG without its text chunks, with its size', async () => {
    const source = png(12, 7, [chunk('tEXt', Buffer.from('Author\0Secret Name', 'latin1'))]);
    const checked = readUploadedImage(dataUrl('image/png', source));
    expect(checked).toMatchObject({ contentType: 'image/png', width: 12, height: 7 });
    expect(checked.bytes.includes(Buffer.from('Secret Name'))).toBe(false);
    expect(checked.bytes.length).toBeLessThan(source.length);
    // What is kept is still a picture of the same size.
    expect(await sharp(checked.bytes).metadata()).toMatchObject({ format: 'png', width: 12, height: 7 });
  });

  it('keeps a JPEG without its EXIF, with its size', async () => {
    const source = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Private Person', Artist: 'Private Person' } })
      .toBuffer();
    expect(source.includes(Buffer.from('Private Person'))).toBe(true);
    const checked = readUploadedImage(source.toString('base64'));
    expect(checked).toMatchObject({ contentType: 'image/jpeg', width: 40, height: 30 });
    expect(checked.bytes.includes(Buffer.from('Private Person'))).toBe(false);
    const metadata = await sharp(checked.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
    expect(metadata.exif).toBeUndefined();
  });

  it('refuses a GIF, an SVG, a disguised type, bad base64, a broken PNG and a JPEG cut short', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const good = png(4, 4);
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const brokenCrc = Buffer.from(good);
    brokenCrc.writeUInt8(brokenCrc.readUInt8(brokenCrc.length - 20) ^ 0xff, brokenCrc.length - 20);
    const refused = [
      dataUrl('image/gif', gif),
      dataUrl('image/png', gif),
      gif.toString('base64'),
      dataUrl('image/svg+xml', svg),
      dataUrl('image/jpeg', good),
      'data:image/png;base64,not base64!',
      '',
      dataUrl('image/png', brokenCrc),
      dataUrl('image/png', Buffer.concat([good.subarray(0, 8), Buffer.from('no image data here')])),
      dataUrl('image/jpeg', jpeg.subarray(0, 40)),
    ];
    for (const text of refused)
      expect(
        refusal(() => readUploadedImage(text)),
        text.slice(0, 30),
      ).toBe('IMAGE_INVALID');
  });

  it('refuses more than 5 MB', () => {
    expect(refusal(() => checkImage(Buffer.concat([png(1, 1), Buffer.alloc(5 * 1024 * 1024)])))).toBe('IMAGE_INVALID');
  });
});
