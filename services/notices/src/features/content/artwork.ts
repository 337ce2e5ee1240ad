import sharp from 'sharp';

/**
 * Artwork for the demo brand's banners, popups, promotions and licence: SVG drawn here (gradients, light, a casino
 * motif and a big headline) rendered to an image. Headlines use words a Spanish- and an English-speaking player both
 * read (BONUS, JACKPOT, LIVE CASINO), since one image serves every language.
 */

export type Motif = 'chips' | 'cards' | 'wheel' | 'coins' | 'crown' | 'dice' | 'seal';

export interface Artwork {
  width: number;
  height: number;
  headline: string;
  subline: string;
  /** A small label above the headline. */
  tag?: string;
  /** Two background colours, top-left to bottom-right, and the accent of the light and the tag. */
  palette: readonly [string, string, string];
  motif: Motif;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A seeded sequence, so the same artwork is drawn the same way every time. */
const sequence = (seed: string) => {
  let state = [...seed].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 0x01000193), 0x811c9dc5) >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 0x1_0000_0000;
  };
};

const chip = (cx: number, cy: number, r: number, colour: string) => {
  const notches = Array.from({ length: 8 }, (_, i) => {
    const angle = (i * Math.PI) / 4;
    const x = cx + Math.cos(angle) * r * 0.82;
    const y = cy + Math.sin(angle) * r * 0.82;
    return `<rect x="${x - r * 0.09}" y="${y - r * 0.16}" width="${r * 0.18}" height="${r * 0.32}" rx="${r * 0.04}" fill="#fff" transform="rotate(${(angle * 180) / Math.PI + 90} ${x} ${y})"/>`;
  }).join('');
  return `<g><circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}"/>${notches}<circle cx="${cx}" cy="${cy}" r="${r * 0.62}" fill="none" stroke="#fff" stroke-width="${r * 0.05}" stroke-dasharray="${r * 0.12} ${r * 0.08}"/><circle cx="${cx}" cy="${cy}" r="${r * 0.5}" fill="${colour}" stroke="#ffffff55" stroke-width="${r * 0.03}"/></g>`;
};

const card = (x: number, y: number, w: number, angle: number, suit: string, red: boolean) => {
  const h = w * 1.4;
  const colour = red ? '#d62839' : '#111827';
  return `<g transform="rotate(${angle} ${x + w / 2} ${y + h / 2})"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w * 0.08}" fill="#fdfdfd" stroke="#d4d4d8" stroke-width="2"/><text x="${x + w * 0.12}" y="${y + w * 0.3}" font-family="DejaVu Sans" font-weight="bold" font-size="${w * 0.22}" fill="${colour}">A</text><text x="${x + w / 2}" y="${y + h * 0.62}" text-anchor="middle" font-family="DejaVu Sans" font-size="${w * 0.62}" fill="${colour}">${suit}</text></g>`;
};

const wheel = (cx: number, cy: number, r: number) => {
  const segments = 18;
  const slices = Array.from({ length: segments }, (_, i) => {
    const a0 = (i / segments) * Math.PI * 2;
    const a1 = ((i + 1) / segments) * Math.PI * 2;
    const point = (angle: number, radius: number) => `${cx + Math.cos(angle) * radius} ${cy + Math.sin(angle) * radius}`;
    const fill = i === 0 ? '#15803d' : i % 2 ? '#b91c1c' : '#111827';
    return `<path d="M ${point(a0, r * 0.4)} L ${point(a0, r * 0.86)} A ${r * 0.86} ${r * 0.86} 0 0 1 ${point(a1, r * 0.86)} L ${point(a1, r * 0.4)} A ${r * 0.4} ${r * 0.4} 0 0 0 ${point(a0, r * 0.4)} Z" fill="${fill}"/>`;
  }).join('');
  return `<g><circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#gold)"/>${slices}<circle cx="${cx}" cy="${cy}" r="${r * 0.4}" fill="url(#gold)"/><circle cx="${cx}" cy="${cy}" r="${r * 0.12}" fill="#7c2d12"/><circle cx="${cx + r * 0.62}" cy="${cy - r * 0.35}" r="${r * 0.06}" fill="#fff"/></g>`;
};

const coins = (cx: number, cy: number, r: number) =>
  `<g>${[0, 1, 2, 3, 4, 5]
    .map((i) => `<ellipse cx="${cx}" cy="${cy + r * 0.9 - i * r * 0.22}" rx="${r}" ry="${r * 0.32}" fill="url(#gold)" stroke="#a16207" stroke-width="${r * 0.03}"/>`)
    .join(
      '',
    )}<ellipse cx="${cx + r * 1.25}" cy="${cy + r * 0.95}" rx="${r * 0.6}" ry="${r * 0.2}" fill="url(#gold)" stroke="#a16207" stroke-width="${r * 0.03}"/><circle cx="${cx - r * 1.2}" cy="${cy - r * 0.3}" r="${r * 0.55}" fill="url(#gold)" stroke="#a16207" stroke-width="${r * 0.05}"/><text x="${cx - r * 1.2}" y="${cy - r * 0.1}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${r * 0.6}" fill="#92400e">$</text></g>`;

const crown = (cx: number, cy: number, r: number) => {
  const points = [
    [-1, 0.5],
    [-1, -0.4],
    [-0.5, 0.05],
    [0, -0.75],
    [0.5, 0.05],
    [1, -0.4],
    [1, 0.5],
  ]
    .map(([x, y]) => `${cx + x! * r},${cy + y! * r}`)
    .join(' ');
  const jewels = [-1, 0, 1].map((x, i) => `<circle cx="${cx + x * r}" cy="${cy + (i === 1 ? -0.82 : -0.48) * r}" r="${r * 0.1}" fill="${i === 1 ? '#ef4444' : '#38bdf8'}"/>`).join('');
  return `<g><polygon points="${points}" fill="url(#gold)" stroke="#a16207" stroke-width="${r * 0.03}"/><rect x="${cx - r}" y="${cy + r * 0.5}" width="${r * 2}" height="${r * 0.28}" rx="${r * 0.06}" fill="url(#gold)" stroke="#a16207" stroke-width="${r * 0.03}"/>${jewels}</g>`;
};

const die = (x: number, y: number, size: number, angle: number, pips: number) => {
  const layout: Record<number, [number, number][]> = {
    5: [
      [0.25, 0.25],
      [0.75, 0.25],
      [0.5, 0.5],
      [0.25, 0.75],
      [0.75, 0.75],
    ],
    6: [
      [0.28, 0.22],
      [0.72, 0.22],
      [0.28, 0.5],
      [0.72, 0.5],
      [0.28, 0.78],
      [0.72, 0.78],
    ],
  };
  const dots = (layout[pips] ?? layout[5]!).map(([px, py]) => `<circle cx="${x + px * size}" cy="${y + py * size}" r="${size * 0.08}" fill="#111827"/>`).join('');
  return `<g transform="rotate(${angle} ${x + size / 2} ${y + size / 2})"><rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size * 0.16}" fill="#fafafa"/>${dots}</g>`;
};

const seal = (cx: number, cy: number, r: number) => {
  const teeth = Array.from({ length: 24 }, (_, i) => {
    const angle = (i / 24) * Math.PI * 2;
    const outer = i % 2 ? r : r * 0.9;
    return `${cx + Math.cos(angle) * outer},${cy + Math.sin(angle) * outer}`;
  }).join(' ');
  return `<g><polygon points="${teeth}" fill="url(#gold)"/><circle cx="${cx}" cy="${cy}" r="${r * 0.7}" fill="none" stroke="#92400e" stroke-width="${r * 0.04}"/><text x="${cx}" y="${cy + r * 0.18}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${r * 0.5}" fill="#92400e">18+</text></g>`;
};

function motifSvg(art: Artwork): string {
  const { width: w, height: h } = art;
  const cx = w * 0.76;
  const cy = h * 0.52;
  const r = Math.min(h * 0.36, w * 0.16);
  switch (art.motif) {
    case 'chips':
      return chip(cx - r * 0.75, cy + r * 0.3, r * 0.75, '#dc2626') + chip(cx + r * 0.4, cy - r * 0.4, r * 0.9, '#2563eb') + chip(cx + r * 1.1, cy + r * 0.6, r * 0.6, '#16a34a');
    case 'cards':
      return card(cx - r * 1.3, cy - r * 0.9, r * 1.05, -14, '♠', false) + card(cx - r * 0.5, cy - r * 1.0, r * 1.05, 4, '♥', true) + card(cx + r * 0.3, cy - r * 0.85, r * 1.05, 18, '♦', true);
    case 'wheel':
      return wheel(cx, cy, r * 1.15);
    case 'coins':
      return coins(cx + r * 0.2, cy - r * 0.2, r * 0.75);
    case 'crown':
      return crown(cx, cy, r);
    case 'dice':
      return die(cx - r * 1.1, cy - r * 0.6, r * 0.95, -12, 5) + die(cx + r * 0.1, cy - r * 0.2, r * 0.95, 16, 6);
    case 'seal':
      return seal(cx, cy, r);
  }
}

/** The artwork as SVG text. */
export function artworkSvg(art: Artwork): string {
  const { width: w, height: h, palette } = art;
  const [from, to, accent] = palette;
  const next = sequence(`${art.headline}${art.motif}`);
  const sparkles = Array.from({ length: 26 }, () => {
    const x = next() * w;
    const y = next() * h;
    const size = 1 + next() * Math.max(2, h / 120);
    return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${size.toFixed(1)}" fill="#fff" opacity="${(0.15 + next() * 0.5).toFixed(2)}"/>`;
  }).join('');
  const left = w * 0.06;
  // Bold capitals of DejaVu Sans are up to about 0.8 em wide: the text keeps to the left half, clear of the motif.
  const textWidth = w * 0.46;
  const headlineSize = Math.min(h * 0.24, textWidth / (art.headline.length * 0.8));
  const sublineSize = Math.min(h * 0.085, textWidth / (art.subline.length * 0.8));
  const tagSize = h * 0.055;
  const headlineY = h * 0.52;
  const tag = art.tag
    ? `<rect x="${left}" y="${h * 0.16}" width="${art.tag.length * (tagSize * 0.8 + 2) + tagSize * 1.6}" height="${tagSize * 1.8}" rx="${tagSize * 0.9}" fill="${accent}"/><text x="${left + tagSize * 0.8}" y="${h * 0.16 + tagSize * 1.28}" font-family="DejaVu Sans" font-weight="bold" font-size="${tagSize}" letter-spacing="2" fill="#fff">${escapeXml(art.tag)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
  <radialGradient id="glow" cx="0.75" cy="0.45" r="0.55"><stop offset="0" stop-color="${accent}" stop-opacity="0.55"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>
  <linearGradient id="gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff3b0"/><stop offset="0.45" stop-color="#ffc445"/><stop offset="1" stop-color="#f28f1c"/></linearGradient>
  <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#05060f" stop-opacity="0.7"/><stop offset="0.6" stop-color="#05060f" stop-opacity="0"/></linearGradient>
  <radialGradient id="floor"><stop offset="0" stop-color="#000" stop-opacity="0.6"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${w}" height="${h}" fill="url(#bg)"/>
<rect width="${w}" height="${h}" fill="url(#glow)"/>
<g opacity="0.12" fill="#fff"><polygon points="${w * 0.48},0 ${w * 0.56},0 ${w * 0.38},${h} ${w * 0.3},${h}"/><polygon points="${w * 0.62},0 ${w * 0.66},0 ${w * 0.5},${h} ${w * 0.46},${h}"/></g>
${sparkles}
<ellipse cx="${w * 0.76}" cy="${h * 0.9}" rx="${Math.min(h * 0.6, w * 0.24)}" ry="${h * 0.1}" fill="url(#floor)"/>
${motifSvg(art)}
<rect width="${w}" height="${h}" fill="url(#shade)"/>
${tag}
<text x="${left + headlineSize * 0.03}" y="${headlineY + headlineSize * 0.05}" font-family="DejaVu Sans" font-weight="bold" font-size="${headlineSize.toFixed(1)}" fill="#000" opacity="0.45">${escapeXml(art.headline)}</text>
<text x="${left}" y="${headlineY}" font-family="DejaVu Sans" font-weight="bold" font-size="${headlineSize.toFixed(1)}" fill="url(#gold)" stroke="#3b1d00" stroke-width="${(headlineSize * 0.025).toFixed(1)}">${escapeXml(art.headline)}</text>
<text x="${left}" y="${headlineY + sublineSize * 1.9}" font-family="DejaVu Sans" font-weight="bold" font-size="${sublineSize.toFixed(1)}" fill="#ffffff">${escapeXml(art.subline)}</text>
<rect x="${left}" y="${headlineY + sublineSize * 2.8}" width="${w * 0.12}" height="${Math.max(3, h * 0.012)}" rx="2" fill="${accent}"/>
</svg>`;
}

/** The artwork as a jpeg (photographic banners) or png (the licence, with sharp text). */
export function renderArtwork(art: Artwork, format: 'jpg' | 'png' = 'jpg'): Promise<Buffer> {
  const image = sharp(Buffer.from(artworkSvg(art)));
  return format === 'png' ? image.png({ compressionLevel: 6 }).toBuffer() : image.jpeg({ quality: 88 }).toBuffer();
}
