import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { create } from 'qrcode';
import { LOGO_INSET, QR_DOT_SCALE, QR_LOGO_SCALE, QR_MARGIN, QR_SIZE, QR_SMALL_SIZE, qrModel, qrPaths, type QrModel, type Square } from './qr';
import { downloadLink, platformOf } from './downloadLink';

/** Paints the model the way the SVG does (dark on white, the logo's dark mark in the middle) and reads it back. */
function decode(model: QrModel): string | null {
  const size = Math.ceil(model.size);
  const pixels = new Uint8ClampedArray(size * size * 4).fill(255);
  const paint = ({ x, y, side }: Square, dark: boolean) => {
    for (let py = Math.round(y); py < Math.round(y + side); py++) {
      for (let px = Math.round(x); px < Math.round(x + side); px++) {
        const at = (py * size + px) * 4;
        pixels.fill(dark ? 20 : 255, at, at + 3);
      }
    }
  };
  const { cell } = model;
  for (const finder of model.finders) {
    paint(finder, true);
    paint({ x: finder.x + cell, y: finder.y + cell, side: 5 * cell }, false);
    paint({ x: finder.x + 2 * cell, y: finder.y + 2 * cell, side: 3 * cell }, true);
  }
  for (const square of [...model.blocks, ...model.dots]) paint(square, true);
  const inset = model.logo.side * LOGO_INSET;
  paint({ x: model.logo.x + inset, y: model.logo.y + inset, side: model.logo.side - 2 * inset }, true);
  return jsQR(pixels, size, size)?.data ?? null;
}

const LINK = downloadLink({ origin: 'https://casino.example', language: 'ES', token: 'tok_0123456789abcdef0123456789abcdef', platform: 'android' });

describe('QR renderer', () => {
  it('draws with the spec constants: margin 20, dots at 0.35 of a module, a logo at 0.2 of the code', () => {
    const model = qrModel(LINK);
    const { modules } = create(LINK, { errorCorrectionLevel: 'M' });
    expect(model.size).toBe(QR_SIZE);
    expect(model.count).toBe(modules.size);
    expect(model.cell).toBeCloseTo((QR_SIZE - 2 * QR_MARGIN) / modules.size);
    expect(model.finders.map(({ x, y }) => [x, y])).toEqual([
      [QR_MARGIN, QR_MARGIN],
      [QR_MARGIN + (modules.size - 7) * model.cell, QR_MARGIN],
      [QR_MARGIN, QR_MARGIN + (modules.size - 7) * model.cell],
    ]);
    for (const dot of model.dots) expect(dot.side).toBeCloseTo(model.cell * QR_DOT_SCALE);
    for (const block of model.blocks) expect(block.side).toBeCloseTo(model.cell);
    expect(model.logo.side).toBeCloseTo((QR_SIZE - 2 * QR_MARGIN) * QR_LOGO_SCALE);
    expect(model.logo.x + model.logo.side / 2).toBeCloseTo(QR_SIZE / 2);
    expect(model.logo.y).toBe(model.logo.x);
  });

  it('draws every dark module outside the finders and the logo, data as dots and fixed patterns whole', () => {
    const model = qrModel(LINK);
    const { modules } = create(LINK, { errorCorrectionLevel: 'M' });
    const moduleOf = ({ x, y }: Square) => [Math.floor((x - QR_MARGIN) / model.cell), Math.floor((y - QR_MARGIN) / model.cell)] as const;
    const { logo } = model;
    const edge = (index: number) => QR_MARGIN + index * model.cell;
    let expectedDots = 0;
    let expectedBlocks = 0;
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        const inFinder = (col < 7 || col >= modules.size - 7) && (row < 7 || row >= modules.size - 7) && !(col >= 7 && row >= 7);
        const underLogo = edge(col + 1) > logo.x && edge(col) < logo.x + logo.side && edge(row + 1) > logo.y && edge(row) < logo.y + logo.side;
        const index = row * modules.size + col;
        if (!modules.data[index] || inFinder || underLogo) continue;
        if (modules.reservedBit[index]) expectedBlocks++;
        else expectedDots++;
      }
    }
    expect(model.dots).toHaveLength(expectedDots);
    expect(model.blocks).toHaveLength(expectedBlocks);
    for (const dot of model.dots) {
      const [col, row] = moduleOf(dot);
      expect(modules.data[row * modules.size + col]).toBe(1);
      expect(modules.reservedBit[row * modules.size + col]).toBeFalsy();
    }
  });

  it('scans back to the link at both sizes, logo and all', () => {
    expect(decode(qrModel(LINK))).toBe(LINK);
    expect(decode(qrModel(LINK, { size: QR_SMALL_SIZE * 2 }))).toBe(LINK);
    const guest = downloadLink({ origin: 'http://127.0.0.1:8080', language: 'EN', token: null, platform: 'ios' });
    expect(decode(qrModel(guest, { size: QR_SMALL_SIZE * 2 }))).toBe(guest);
  });

  it('refuses to draw nothing', () => {
    expect(() => qrModel('')).toThrow();
  });

  it('writes each square as one closed sub-path, the finders as ring, gap and centre', () => {
    const model = qrModel('hello');
    const paths = qrPaths(model);
    expect(paths.finders.match(/z/g)).toHaveLength(9);
    expect(paths.dots.match(/z/g)).toHaveLength(model.dots.length);
    expect(paths.blocks.match(/z/g)).toHaveLength(model.blocks.length);
  });
});

describe('download link', () => {
  it('carries the platform, the language and, when signed in, the token', () => {
    expect(downloadLink({ origin: 'https://casino.example', language: 'ES', token: 'abc', platform: 'ios' })).toBe('https://casino.example/download?platform=ios&language=ES&token=abc');
    expect(downloadLink({ origin: 'http://127.0.0.1:8080/', language: 'EN', token: null, platform: 'android' })).toBe('http://127.0.0.1:8080/download?platform=android&language=EN');
  });

  it('tells the phone platforms apart', () => {
    expect(platformOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126 Mobile')).toBe('android');
    expect(platformOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1')).toBe('ios');
    expect(platformOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5)).toBe('ios');
    expect(platformOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126')).toBeNull();
  });
});
