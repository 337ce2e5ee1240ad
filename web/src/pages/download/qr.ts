/**
 * QR codes in the site's look (spec §9 "QR code generator"): the module matrix comes from the `qrcode` package, the
 * drawing is ours. Finder patterns are solid, the other fixed patterns (timing, alignment, format and version) are
 * whole modules, data modules are small dots, and the brand's logo sits in the middle.
 */
import { create } from 'qrcode';

export const QR_SIZE = 800;
/** The size of the small codes in the side menu's app-download pop-over. */
export const QR_SMALL_SIZE = 200;
export const QR_MARGIN = 20;
export const QR_DOT_SCALE = 0.35;
export const QR_LOGO_SCALE = 0.2;
export const QR_ERROR_CORRECTION = 'M';
/** The logo's mark sits inside its square with this share of the side left white around it. */
export const LOGO_INSET = 0.1;

export interface QrOptions {
  size?: number;
  margin?: number;
  dotScale?: number;
  logoScale?: number;
}

export interface Square {
  x: number;
  y: number;
  side: number;
}

export interface QrModel {
  /** The drawing's side, margin included. */
  size: number;
  /** Modules per side. */
  count: number;
  /** One module's side. */
  cell: number;
  /** The three finder patterns, each 7 modules wide, drawn as a ring around a solid centre. */
  finders: Square[];
  /** Dark modules of the other fixed patterns, drawn whole. */
  blocks: Square[];
  /** Dark data modules, drawn as dots of `dotScale` of a module, centred in it. */
  dots: Square[];
  /** The logo's square in the middle; no module is drawn under it. */
  logo: Square;
}

const FINDER = 7;

/** The module matrix of `text` and its geometry. Throws when there is no text to encode. */
export function qrModel(text: string, options: QrOptions = {}): QrModel {
  if (!text) throw new Error('a QR code needs text');
  const { size = QR_SIZE, margin = QR_MARGIN, dotScale = QR_DOT_SCALE, logoScale = QR_LOGO_SCALE } = options;
  const { modules } = create(text, { errorCorrectionLevel: QR_ERROR_CORRECTION });
  const count = modules.size;
  const inner = size - 2 * margin;
  const cell = inner / count;
  const at = (index: number) => margin + index * cell;

  const finderOrigins: [number, number][] = [
    [0, 0],
    [count - FINDER, 0],
    [0, count - FINDER],
  ];
  const inFinder = (col: number, row: number) => finderOrigins.some(([fx, fy]) => col >= fx && col < fx + FINDER && row >= fy && row < fy + FINDER);

  // The logo's square is centred; a module it covers even in part is left out, so none shows half hidden.
  const logoSide = inner * logoScale;
  const logoAt = (size - logoSide) / 2;
  const underLogo = (col: number, row: number) => at(col + 1) > logoAt && at(col) < logoAt + logoSide && at(row + 1) > logoAt && at(row) < logoAt + logoSide;

  const blocks: Square[] = [];
  const dots: Square[] = [];
  const dotSide = cell * dotScale;
  const dotInset = (cell - dotSide) / 2;
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      const index = row * count + col;
      if (!modules.data[index] || inFinder(col, row) || underLogo(col, row)) continue;
      if (modules.reservedBit[index]) blocks.push({ x: at(col), y: at(row), side: cell });
      else dots.push({ x: at(col) + dotInset, y: at(row) + dotInset, side: dotSide });
    }
  }

  return {
    size,
    count,
    cell,
    finders: finderOrigins.map(([col, row]) => ({ x: at(col), y: at(row), side: FINDER * cell })),
    blocks,
    dots,
    logo: { x: logoAt, y: logoAt, side: logoSide },
  };
}

const round = (value: number) => Math.round(value * 100) / 100;
const squarePath = ({ x, y, side }: Square) => `M${round(x)} ${round(y)}h${round(side)}v${round(side)}h${round(-side)}z`;

/** The model as three SVG paths; the finder path is filled with the even-odd rule (ring, gap, centre). */
export function qrPaths(model: QrModel): { finders: string; blocks: string; dots: string } {
  const { cell } = model;
  const finders = model.finders
    .map((finder) => [finder, { x: finder.x + cell, y: finder.y + cell, side: 5 * cell }, { x: finder.x + 2 * cell, y: finder.y + 2 * cell, side: 3 * cell }].map(squarePath).join(''))
    .join('');
  return { finders, blocks: model.blocks.map(squarePath).join(''), dots: model.dots.map(squarePath).join('') };
}
