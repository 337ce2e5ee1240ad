import { promisify } from 'node:util';
import { deflate } from 'node:zlib';

const deflateAsync = promisify(deflate);

/**
 * The pictures the demo vendors publish for some of their games, as a real vendor publishes key art on its own
 * servers: painted raster images (PNG, 320 × 240: a sky with light rays and soft bokeh, a shaded emblem with its
 * shadow and glow), unlike the flat SVG art the platform draws for every tile. A fresh install has no internet, so the
 * games service paints them itself, once per process, and serves them at `/lgw/games/demo-art/<name>.png`.
 */

type Rgb = [number, number, number];
type Emblem = 'star' | 'coin' | 'gem' | 'heart' | 'crown' | 'diamond' | 'moon';

interface Design {
  /** The sky from top to bottom. */
  sky: [string, string];
  /** The light behind the emblem, its rays and its glow. */
  glow: string;
  emblem: Emblem;
  /** The emblem from its lit top to its shaded bottom. */
  colors: [string, string];
  /** Hills (or, for the sea, waves) along the bottom. */
  ground?: { color: string; waves?: boolean };
  rays: number;
}

const DESIGNS = {
  aurora: { sky: ['#0b1d3a', '#3b1466'], glow: '#5eead4', emblem: 'star', colors: ['#fef3c7', '#f59e0b'], ground: { color: '#0a1226' }, rays: 12 },
  ember: { sky: ['#450a0a', '#9a3412'], glow: '#fdba74', emblem: 'coin', colors: ['#fde68a', '#b45309'], rays: 16 },
  lagoon: { sky: ['#042f2e', '#0e7490'], glow: '#a5f3fc', emblem: 'gem', colors: ['#cffafe', '#0891b2'], ground: { color: '#083344', waves: true }, rays: 0 },
  orchid: { sky: ['#3b0764', '#be185d'], glow: '#f9a8d4', emblem: 'heart', colors: ['#fecdd3', '#e11d48'], rays: 10 },
  velvet: { sky: ['#1c0410', '#7f1d1d'], glow: '#fcd34d', emblem: 'crown', colors: ['#fef9c3', '#ca8a04'], ground: { color: '#14030a' }, rays: 14 },
  emerald: { sky: ['#022c22', '#166534'], glow: '#bbf7d0', emblem: 'diamond', colors: ['#dcfce7', '#15803d'], rays: 8 },
  reef: { sky: ['#082f49', '#0369a1'], glow: '#e0f2fe', emblem: 'moon', colors: ['#f8fafc', '#93c5fd'], ground: { color: '#0c4a6e', waves: true }, rays: 0 },
  nebula: { sky: ['#020617', '#4c1d95'], glow: '#c4b5fd', emblem: 'star', colors: ['#ede9fe', '#7c3aed'], rays: 20 },
} as const satisfies Record<string, Design>;

export type DemoVendorPicture = keyof typeof DESIGNS;
export const DEMO_VENDOR_PICTURES = Object.keys(DESIGNS) as DemoVendorPicture[];
export const demoVendorPicturePath = (name: DemoVendorPicture): string => `/lgw/games/demo-art/${name}.png`;

export const DEMO_PICTURE_WIDTH = 320;
export const DEMO_PICTURE_HEIGHT = 240;
const W = DEMO_PICTURE_WIDTH;
const H = DEMO_PICTURE_HEIGHT;
/** The emblem's centre and size: inside the middle square, so square crops keep it whole. */
const CX = W / 2;
const CY = H / 2 - 6;
const R = 64;

const painted = new Map<DemoVendorPicture, Promise<Buffer>>();

/** The picture as PNG bytes, painted on first use; undefined for a name that is not one of the demo vendors' pictures. */
export async function demoVendorPicturePng(name: string): Promise<Buffer | undefined> {
  if (!Object.hasOwn(DESIGNS, name)) return undefined;
  const key = name as DemoVendorPicture;
  let png = painted.get(key);
  if (!png) {
    png = encodePng(W, H, paint(DESIGNS[key], key));
    painted.set(key, png);
    // A failed encoding is not kept: the next request paints again.
    png.catch(() => painted.delete(key));
  }
  return png;
}

// ---------------------------------------------------------------------------------------------------------------
// Painting: every pixel from distance fields, in floating point, anti-aliased at the edges.

const rgbOf = (hex: string): Rgb => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as Rgb;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
/** Math.hypot is several times slower, and every pixel takes a few dozen of these. */
const length = (x: number, y: number): number => Math.sqrt(x * x + y * y);
const clamp01 = (value: number): number => (value < 0 ? 0 : value > 1 ? 1 : value);
const smoothstep = (edge0: number, edge1: number, value: number): number => {
  const t = clamp01((value - edge0) / (edge1 - edge0));
  return t * t * (3 - 2 * t);
};
/** Coverage of a shape at a pixel from its signed distance (negative inside), with a one-pixel soft edge. */
const coverage = (distance: number): number => clamp01(0.5 - distance);

/** A small stable generator, so a picture is the same on every start. */
function random(seedText: string): () => number {
  let seed = 2166136261;
  for (let index = 0; index < seedText.length; index++) seed = Math.imul(seed ^ seedText.charCodeAt(index), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Signed distance to a closed polygon (negative inside). */
function polygonDistance(points: ReadonlyArray<readonly [number, number]>, x: number, y: number): number {
  let best = Infinity;
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [ax, ay] = points[i]!;
    const [bx, by] = points[j]!;
    const ex = bx - ax;
    const ey = by - ay;
    const t = clamp01(((x - ax) * ex + (y - ay) * ey) / (ex * ex + ey * ey));
    const dx = x - ax - ex * t;
    const dy = y - ay - ey * t;
    best = Math.min(best, dx * dx + dy * dy);
    if (ay > y !== by > y && x < (ex * (y - ay)) / ey + ax) inside = !inside;
  }
  return (inside ? -1 : 1) * Math.sqrt(best);
}

const starPoints = (points: number, outer: number, inner: number): Array<[number, number]> =>
  Array.from({ length: points * 2 }, (_, index) => {
    const angle = -Math.PI / 2 + (index * Math.PI) / points;
    const radius = index % 2 === 0 ? outer : inner;
    return [Math.cos(angle) * radius, Math.sin(angle) * radius];
  });
const STAR = starPoints(5, R, R * 0.45);
const SMALL_STAR = starPoints(5, R * 0.42, R * 0.18);
const GEM: Array<[number, number]> = [
  [-R * 0.62, -R * 0.55],
  [R * 0.62, -R * 0.55],
  [R, -R * 0.12],
  [0, R * 0.95],
  [-R, -R * 0.12],
];
const CROWN: Array<[number, number]> = [
  [-R, R * 0.6],
  [-R, -R * 0.55],
  [-R * 0.5, -R * 0.05],
  [0, -R * 0.75],
  [R * 0.5, -R * 0.05],
  [R, -R * 0.55],
  [R, R * 0.6],
];
const DIAMOND: Array<[number, number]> = [
  [0, -R],
  [R * 0.72, 0],
  [0, R],
  [-R * 0.72, 0],
];

/** The emblem's signed distance at (x, y), relative to its centre (negative inside). */
function emblemDistance(emblem: Emblem, x: number, y: number): number {
  switch (emblem) {
    case 'star':
      return polygonDistance(STAR, x, y);
    case 'coin':
      return length(x, y) - R;
    case 'gem':
      return polygonDistance(GEM, x, y);
    case 'crown':
      return Math.min(polygonDistance(CROWN, x, y), length(x, y + R * 0.82) - 9, length(x + R, y + R * 0.62) - 8, length(x - R, y + R * 0.62) - 8);
    case 'diamond':
      return polygonDistance(DIAMOND, x, y);
    case 'heart': {
      // Two circles over a triangle pointing down.
      const lobes = Math.min(length(x + R * 0.45, y + R * 0.25) - R * 0.52, length(x - R * 0.45, y + R * 0.25) - R * 0.52);
      const point = polygonDistance(
        [
          [-R * 0.93, -R * 0.05],
          [R * 0.93, -R * 0.05],
          [0, R * 0.92],
        ],
        x,
        y,
      );
      return Math.min(lobes, point);
    }
    case 'moon':
      return Math.max(length(x, y) - R * 0.85, -(length(x - R * 0.42, y + R * 0.22) - R * 0.7));
  }
}

/** Inner detail drawn over the emblem: brightness to add (facets, a coin's rim and star, a crown's band). */
function emblemDetail(emblem: Emblem, x: number, y: number): number {
  switch (emblem) {
    case 'coin':
      return 0.22 * coverage(Math.abs(length(x, y) - R * 0.8) - 2.5) + 0.28 * coverage(polygonDistance(SMALL_STAR, x, y));
    case 'gem':
      // Facets: the table on top, and slices below that catch more or less light.
      if (y < -R * 0.12) return x < -R * 0.3 ? 0.12 : x > R * 0.3 ? -0.08 : 0.2;
      return Math.floor(((x / R) * 2 + 2) % 4) % 2 === 0 ? 0.1 : -0.12;
    case 'diamond':
      return (x < 0 ? 0.12 : -0.06) + (y < 0 ? 0.08 : -0.04);
    case 'crown':
      return 0.2 * coverage(Math.abs(y - R * 0.38) - 7) * coverage(Math.abs(x) - R + 2);
    case 'star':
      return x < 0 !== y < 0 ? 0.1 : -0.05;
    default:
      return 0;
  }
}

function paint(design: Design, seedText: string): Uint8Array {
  const pixels = new Uint8Array(W * H * 3);
  const skyTop = rgbOf(design.sky[0]);
  const skyBottom = rgbOf(design.sky[1]);
  const glow = rgbOf(design.glow);
  const lit = rgbOf(design.colors[0]);
  const shaded = rgbOf(design.colors[1]);
  const ground = design.ground ? rgbOf(design.ground.color) : undefined;
  const next = random(seedText);
  const bokeh = Array.from({ length: 14 }, () => ({ x: next() * W, y: next() * H * 0.8, r: 6 + next() * 20, strength: 0.08 + next() * 0.16 }));
  const rayPhase = next() * Math.PI * 2;
  const hillPhase = next() * Math.PI * 2;
  for (let py = 0; py < H; py++) {
    for (let px = 0; px < W; px++) {
      const x = px + 0.5;
      const y = py + 0.5;
      let color = mix(skyTop, skyBottom, y / H);
      const fromCentre = length(x - CX, y - CY);
      // The light behind the emblem, with its rays.
      color = mix(color, glow, 0.45 * Math.exp(-fromCentre / 70));
      if (design.rays > 0) {
        const ray = Math.pow(0.5 + 0.5 * Math.cos(Math.atan2(y - CY, x - CX) * design.rays + rayPhase), 6);
        color = mix(color, glow, 0.22 * ray * smoothstep(220, 40, fromCentre));
      }
      for (const light of bokeh) {
        const inCircle = smoothstep(light.r, light.r - 3, length(x - light.x, y - light.y));
        if (inCircle > 0) color = mix(color, glow, light.strength * inCircle);
      }
      if (ground) {
        const line = design.ground?.waves
          ? H * 0.8 + 5 * Math.sin(x / 14 + hillPhase) + 3 * Math.sin(x / 5.5 + hillPhase * 2)
          : H * 0.76 + 16 * Math.sin(x / 46 + hillPhase) + 7 * Math.sin(x / 19 + hillPhase * 3);
        color = mix(color, mix(ground, glow, design.ground?.waves ? 0.1 * smoothstep(0.6, 1, Math.sin(y * 0.9 + 2 * Math.sin(x / 11 + hillPhase))) : 0), coverage(line - y));
      }
      // The emblem: its glow, its shadow, then the shape shaded from top to bottom with its detail and a lit rim.
      const ex = x - CX;
      const ey = y - CY;
      const distance = emblemDistance(design.emblem, ex, ey);
      if (distance > 0) color = mix(color, glow, 0.5 * Math.exp(-distance / 14));
      const shadow = emblemDistance(design.emblem, ex - 7, ey - 9);
      color = mix(color, [0, 0, 0], 0.45 * (1 - smoothstep(-6, 14, shadow)) * (distance > 0 ? 1 : 0));
      const inside = coverage(distance);
      if (inside > 0) {
        let face = mix(lit, shaded, clamp01((ey + R) / (2 * R)));
        const detail = emblemDetail(design.emblem, ex, ey);
        face = detail >= 0 ? mix(face, [1, 1, 1], detail) : mix(face, [0, 0, 0], -detail);
        face = mix(face, [1, 1, 1], 0.45 * smoothstep(-5, 0, distance) * (ey < 0 ? 1 : 0.35));
        color = mix(color, face, inside);
      }
      // A vignette, as a photograph has.
      const edge = length((x - W / 2) / (W / 2), (y - H / 2) / (H / 2));
      color = mix(color, [0, 0, 0], 0.35 * smoothstep(0.7, 1.45, edge));
      const at = (py * W + px) * 3;
      pixels[at] = Math.round(clamp01(color[0]) * 255);
      pixels[at + 1] = Math.round(clamp01(color[1]) * 255);
      pixels[at + 2] = Math.round(clamp01(color[2]) * 255);
    }
  }
  return pixels;
}

// ---------------------------------------------------------------------------------------------------------------
// PNG: 8-bit RGB, each row with the filter that leaves the smallest differences, deflated.

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, index) => {
  let value = index;
  for (let bit = 0; bit < 8; bit++) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let value = 0xffffffff;
  for (const byte of bytes) value = CRC_TABLE[(value ^ byte) & 0xff]! ^ (value >>> 8);
  return (value ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

const paeth = (left: number, up: number, upLeft: number): number => {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  return toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft;
};

/** Deflating runs off the main thread, so painting a picture holds the event loop only while the pixels are computed. */
export async function encodePng(width: number, height: number, rgb: Uint8Array): Promise<Buffer> {
  const stride = width * 3;
  const filtered = Buffer.alloc((stride + 1) * height);
  const candidate = new Uint8Array(stride);
  for (let row = 0; row < height; row++) {
    let bestCost = Infinity;
    let bestFilter = 0;
    let best = new Uint8Array(stride);
    for (let filter = 0; filter < 5; filter++) {
      let cost = 0;
      for (let index = 0; index < stride; index++) {
        const value = rgb[row * stride + index]!;
        const left = index >= 3 ? rgb[row * stride + index - 3]! : 0;
        const up = row > 0 ? rgb[(row - 1) * stride + index]! : 0;
        const upLeft = row > 0 && index >= 3 ? rgb[(row - 1) * stride + index - 3]! : 0;
        const predicted = filter === 0 ? 0 : filter === 1 ? left : filter === 2 ? up : filter === 3 ? (left + up) >> 1 : paeth(left, up, upLeft);
        const difference = (value - predicted) & 0xff;
        candidate[index] = difference;
        cost += difference < 128 ? difference : 256 - difference;
      }
      if (cost < bestCost) {
        bestCost = cost;
        bestFilter = filter;
        best = candidate.slice();
      }
    }
    filtered[row * (stride + 1)] = bestFilter;
    filtered.set(best, row * (stride + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', await deflateAsync(filtered)), pngChunk('IEND', Buffer.alloc(0))]);
}
