import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, DEMO_PICTURE_HEIGHT, DEMO_PICTURE_WIDTH, DEMO_VENDOR_PICTURES, demoVendorPicturePath, demoVendorPicturePng, encodePng } from './demo-vendor-art.js';

/** Reads a PNG the way a decoder does: checks every chunk's CRC and undoes the row filters. */
function decodePng(png: Buffer): { width: number; height: number; pixel: (x: number, y: number) => [number, number, number] } {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let offset = 8;
  let header: Buffer | undefined;
  const data: Buffer[] = [];
  const types: string[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString('ascii');
    const body = png.subarray(offset + 8, offset + 8 + length);
    expect(png.readUInt32BE(offset + 8 + length), `${type} CRC`).toBe(crc32(png.subarray(offset + 4, offset + 8 + length)));
    types.push(type);
    if (type === 'IHDR') header = body;
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  expect(types).toEqual(['IHDR', 'IDAT', 'IEND']);
  const width = header!.readUInt32BE(0);
  const height = header!.readUInt32BE(4);
  expect([...header!.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * 3;
  expect(raw.length).toBe((stride + 1) * height);
  const rgb = new Uint8Array(stride * height);
  for (let row = 0; row < height; row++) {
    const filter = raw[row * (stride + 1)]!;
    expect(filter).toBeLessThanOrEqual(4);
    for (let index = 0; index < stride; index++) {
      const left = index >= 3 ? rgb[row * stride + index - 3]! : 0;
      const up = row > 0 ? rgb[(row - 1) * stride + index]! : 0;
      const upLeft = row > 0 && index >= 3 ? rgb[(row - 1) * stride + index - 3]! : 0;
      const estimate = left + up - upLeft;
      const paeth =
        Math.abs(estimate - left) <= Math.abs(estimate - up) && Math.abs(estimate - left) <= Math.abs(estimate - upLeft) ? left : Math.abs(estimate - up) <= Math.abs(estimate - upLeft) ? up : upLeft;
      const predicted = [0, left, up, (left + up) >> 1, paeth][filter]!;
      rgb[row * stride + index] = (raw[row * (stride + 1) + 1 + index]! + predicted) & 0xff;
    }
  }
  return { width, height, pixel: (x, y) => [rgb[(y * width + x) * 3]!, rgb[(y * width + x) * 3 + 1]!, rgb[(y * width + x) * 3 + 2]!] };
}

describe('the demo vendors’ pictures', () => {
  it('computes the CRC-32 PNG chunks use', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('encodes pixels as a PNG that decodes back to them', async () => {
    const pixels = Uint8Array.from({ length: 7 * 5 * 3 }, (_, index) => (index * 37) % 256);
    const decoded = decodePng(await encodePng(7, 5, pixels));
    expect([decoded.width, decoded.height]).toEqual([7, 5]);
    for (let y = 0; y < 5; y++) for (let x = 0; x < 7; x++) expect(decoded.pixel(x, y)).toEqual([...pixels.subarray((y * 7 + x) * 3, (y * 7 + x) * 3 + 3)]);
  });

  it('paints each picture at 320 × 240, an emblem on a sky, each its own', async () => {
    const centres = new Set<string>();
    for (const name of DEMO_VENDOR_PICTURES) {
      const png = (await demoVendorPicturePng(name))!;
      const picture = decodePng(png);
      expect([picture.width, picture.height]).toEqual([DEMO_PICTURE_WIDTH, DEMO_PICTURE_HEIGHT]);
      const centre = picture.pixel(160, 110);
      const corner = picture.pixel(4, 4);
      // The emblem is lit, the corner of the sky is dark.
      expect(
        centre.reduce((sum, part) => sum + part, 0),
        name,
      ).toBeGreaterThan(corner.reduce((sum, part) => sum + part, 0) + 150);
      centres.add(centre.join());
      // Painted once: the same bytes on every request.
      expect(await demoVendorPicturePng(name)).toBe(png);
      expect(demoVendorPicturePath(name)).toBe(`/lgw/games/demo-art/${name}.png`);
    }
    expect(centres.size).toBe(DEMO_VENDOR_PICTURES.length);
  });

  it('knows only its own pictures', async () => {
    for (const name of ['nothing', 'constructor', '__proto__', 'toString', '']) expect(await demoVendorPicturePng(name)).toBeUndefined();
  });
});
