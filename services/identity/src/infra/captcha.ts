import { randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/** 5x7 glyphs of the digits, one string per row, '#' for ink. */
const DIGITS: Record<string, string[]> = {
  '0': [' ### ', '#   #', '#  ##', '# # #', '##  #', '#   #', ' ### '],
  '1': ['  #  ', ' ##  ', '  #  ', '  #  ', '  #  ', '  #  ', ' ### '],
  '2': [' ### ', '#   #', '    #', '   # ', '  #  ', ' #   ', '#####'],
  '3': ['#####', '   # ', '  #  ', '   # ', '    #', '#   #', ' ### '],
  '4': ['   # ', '  ## ', ' # # ', '#  # ', '#####', '   # ', '   # '],
  '5': ['#####', '#    ', '#### ', '    #', '    #', '#   #', ' ### '],
  '6': ['  ## ', ' #   ', '#    ', '#### ', '#   #', '#   #', ' ### '],
  '7': ['#####', '    #', '   # ', '  #  ', ' #   ', ' #   ', ' #   '],
  '8': [' ### ', '#   #', '#   #', ' ### ', '#   #', '#   #', ' ### '],
  '9': [' ### ', '#   #', '#   #', ' ####', '    #', '   # ', ' ##  '],
};

export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 40;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** Encodes 8-bit RGB pixels (row-major, 3 bytes each) as a PNG: signature, IHDR, one IDAT, IEND. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  // Each scanline starts with filter type 0 (none).
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

class Canvas {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
    background: [number, number, number],
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    for (let i = 0; i < width * height; i++) this.pixels.set(background, i * 3);
  }
  plot(x: number, y: number, colour: [number, number, number]): void {
    const px = Math.round(x);
    const py = Math.round(y);
    if (px < 0 || py < 0 || px >= this.width || py >= this.height) return;
    this.pixels.set(colour, (py * this.width + px) * 3);
  }
  line(x0: number, y0: number, x1: number, y1: number, colour: [number, number, number]): void {
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
    for (let i = 0; i <= steps; i++) this.plot(x0 + ((x1 - x0) * i) / steps, y0 + ((y1 - y0) * i) / steps, colour);
  }
}

const randomColour = (low: number, high: number): [number, number, number] => [randomInt(low, high), randomInt(low, high), randomInt(low, high)];

/**
 * Draws the digits with a random size, slant, vertical offset and a wave per glyph, over noise dots and lines, so a
 * plain template match does not read them. Not meant to stop a determined solver: it slows automated guessing once
 * failures pile up, and lockout and rate limits do the rest.
 */
export function drawCaptcha(answer: string): Buffer {
  const canvas = new Canvas(CAPTCHA_WIDTH, CAPTCHA_HEIGHT, [randomInt(225, 256), randomInt(225, 256), randomInt(225, 256)]);
  for (let i = 0; i < 160; i++) canvas.plot(randomInt(0, CAPTCHA_WIDTH), randomInt(0, CAPTCHA_HEIGHT), randomColour(120, 220));
  const slot = CAPTCHA_WIDTH / (answer.length + 1);
  [...answer].forEach((digit, index) => {
    const glyph = DIGITS[digit];
    if (!glyph) return;
    const scale = 3.2 + randomInt(0, 8) / 10;
    const slant = (randomInt(-35, 36) / 100) * scale;
    const originX = slot * (index + 0.6) + randomInt(-3, 4);
    const originY = (CAPTCHA_HEIGHT - 7 * scale) / 2 + randomInt(-3, 4);
    const phase = randomInt(0, 628) / 100;
    const colour = randomColour(10, 110);
    glyph.forEach((row, gy) => {
      [...row].forEach((cell, gx) => {
        if (cell !== '#') return;
        for (let sy = 0; sy < scale; sy++) {
          for (let sx = 0; sx < scale; sx++) {
            const y = originY + gy * scale + sy;
            const x = originX + gx * scale + sx - (y - CAPTCHA_HEIGHT / 2) * (slant / scale) + Math.sin(y / 4 + phase) * 1.5;
            canvas.plot(x, y, colour);
          }
        }
      });
    });
  });
  for (let i = 0; i < 4; i++) {
    canvas.line(randomInt(0, CAPTCHA_WIDTH), randomInt(0, CAPTCHA_HEIGHT), randomInt(0, CAPTCHA_WIDTH), randomInt(0, CAPTCHA_HEIGHT), randomColour(60, 180));
  }
  return encodePng(CAPTCHA_WIDTH, CAPTCHA_HEIGHT, canvas.pixels);
}

export const CAPTCHA_LENGTH = 4;

export const newCaptchaAnswer = (): string => Array.from({ length: CAPTCHA_LENGTH }, () => String(randomInt(0, 10))).join('');
