import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, drawCaptcha, encodePng, newCaptchaAnswer } from '../../infra/captcha.js';

/** Splits a PNG into its chunks, checking each CRC with an independent bitwise CRC-32. */
function chunks(png: Buffer): Array<{ type: string; data: Buffer }> {
  const crc32 = (bytes: Buffer) => {
    let crc = ~0;
    for (const byte of bytes) {
      crc ^= byte;
      for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
    }
    return ~crc >>> 0;
  };
  const found: Array<{ type: string; data: Buffer }> = [];
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    const typeAndData = png.subarray(offset + 4, offset + 8 + length);
    expect(png.readUInt32BE(offset + 8 + length)).toBe(crc32(typeAndData));
    found.push({ type: typeAndData.subarray(0, 4).toString('ascii'), data: typeAndData.subarray(4) });
    offset += 12 + length;
  }
  return found;
}

describe('captcha image', () => {
  it('encodes pixels as a valid PNG that decodes back to the same pixels', () => {
    const rgb = new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30]);
    const png = encodePng(2, 2, rgb);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const parts = chunks(png);
    expect(parts.map((part) => part.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(parts[0]!.data.readUInt32BE(0)).toBe(2);
    expect(parts[0]!.data.readUInt32BE(4)).toBe(2);
    const raw = inflateSync(parts[1]!.data);
    expect([...raw]).toEqual([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 10, 20, 30]);
  });

  it('draws four digits with ink on a light background, differently each time', () => {
    const answer = newCaptchaAnswer();
    expect(answer).toMatch(/^\d{4}$/);
    const first = drawCaptcha('1234');
    const second = drawCaptcha('1234');
    expect(first.equals(second)).toBe(false);
    const parts = chunks(first);
    expect(parts[0]!.data.readUInt32BE(0)).toBe(CAPTCHA_WIDTH);
    const raw = inflateSync(parts[1]!.data);
    expect(raw.length).toBe((CAPTCHA_WIDTH * 3 + 1) * CAPTCHA_HEIGHT);
    let dark = 0;
    for (let y = 0; y < CAPTCHA_HEIGHT; y++) {
      for (let x = 0; x < CAPTCHA_WIDTH; x++) {
        const at = y * (CAPTCHA_WIDTH * 3 + 1) + 1 + x * 3;
        if (raw[at]! + raw[at + 1]! + raw[at + 2]! < 360) dark++;
      }
    }
    // Four glyphs of roughly 15 to 20 inked cells at scale 3-4 cover several hundred pixels; noise alone far fewer.
    expect(dark).toBeGreaterThan(400);
    expect(dark).toBeLessThan(CAPTCHA_WIDTH * CAPTCHA_HEIGHT * 0.5);
  });
});
