/**
 * Artwork for the lobby's tiles, drawn as SVG from what the catalogue knows of a game: its code, its English name, its
 * category and its vendor's colour. Each game gets a motif of its own (dice for dice, a wheel for roulette, a rocket
 * for crash, fanned cards for card tables, a rooster for cockfights, …), tinted by the vendor's colour and, for named
 * games, by the word that names them (a "Jade" game is green, a "Silver" one silver). Nothing is fetched: the image is a
 * few kilobytes, the same for every request, and cached like any static asset.
 *
 * The picture is 4:3 with its motif inside the middle square, so the square crops of the winner board and the rank
 * lists keep the whole motif.
 */

export interface ArtSubject {
  /** The vendor's code for the game (`house-dice`, `pgs-003`). */
  code: string;
  /** The game's English name. */
  name: string;
  /** The lobby category: RNG, LIVE, FISH, PVP, SPORTS, ESPORTS, COCKFIGHT, LOTT, ELOTT. */
  gameType: string;
  /** The vendor's colour, `#rrggbb`. */
  color: string;
}

type Rgb = [number, number, number];

const FALLBACK_COLOR = '#2563eb';
const W = 320;
const H = 240;
const CX = W / 2;
const CY = H / 2;

function parseHex(color: string): Rgb {
  const hex = /^#[0-9a-fA-F]{6}$/.test(color) ? color : FALLBACK_COLOR;
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as Rgb;
}
const toHex = (rgb: Rgb): string =>
  `#${rgb
    .map((part) =>
      Math.round(Math.max(0, Math.min(255, part)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
/** Moves a colour toward white (amount > 0) or black (amount < 0). */
function shade(color: string, amount: number): string {
  const rgb = parseHex(color);
  const target = amount > 0 ? 255 : 0;
  const share = Math.abs(amount);
  return toHex(rgb.map((part) => part + (target - part) * share) as Rgb);
}

/** A small stable hash, so that two games of the same motif still differ a little. */
function hash(text: string): number {
  let value = 2166136261;
  for (let index = 0; index < text.length; index++) value = Math.imul(value ^ text.charCodeAt(index), 16777619);
  return value >>> 0;
}

const escapeXml = (text: string): string => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
const n = (value: number): string => (Math.round(value * 10) / 10).toString();

/** The accent (glow and metal) a game's name asks for; gold when the name says nothing. */
const ACCENTS: Array<[RegExp, string]> = [
  [/\bsilver\b/i, '#e2e8f0'],
  [/\bjade\b/i, '#34d399'],
  [/\bcrystal\b/i, '#7dd3fc'],
  [/\bneon\b/i, '#f472b6'],
  [/\bfiery\b/i, '#fb923c'],
  [/\bthunder\b/i, '#fde047'],
  [/\bmystic\b/i, '#c4b5fd'],
  [/\bancient\b/i, '#d6a86b'],
  [/\bwild\b/i, '#a3e635'],
  [/\blucky\b/i, '#4ade80'],
];
const GOLD = '#fbbf24';

interface Palette {
  base: string;
  accent: string;
  accentLight: string;
  accentDark: string;
}

type Motif = (palette: Palette, seed: number) => string;

// ——— Motifs. Each draws around the centre (160, 120) within a 200 × 200 square. ———

function pips(cx: number, cy: number, size: number, count: number, fill: string): string {
  const o = size * 0.28;
  const spots: Record<number, Array<[number, number]>> = {
    1: [[0, 0]],
    2: [
      [-o, -o],
      [o, o],
    ],
    3: [
      [-o, -o],
      [0, 0],
      [o, o],
    ],
    4: [
      [-o, -o],
      [o, -o],
      [-o, o],
      [o, o],
    ],
    5: [
      [-o, -o],
      [o, -o],
      [0, 0],
      [-o, o],
      [o, o],
    ],
    6: [
      [-o, -o],
      [o, -o],
      [-o, 0],
      [o, 0],
      [-o, o],
      [o, o],
    ],
  };
  return spots[count]!.map(([x, y]) => `<circle cx="${n(cx + x)}" cy="${n(cy + y)}" r="${n(size * 0.09)}" fill="${fill}"/>`).join('');
}

function die(cx: number, cy: number, size: number, angle: number, count: number, face: string, pip: string): string {
  const half = size / 2;
  return (
    `<g transform="rotate(${angle} ${n(cx)} ${n(cy)})">` +
    `<rect x="${n(cx - half + 4)}" y="${n(cy - half + 8)}" width="${n(size)}" height="${n(size)}" rx="${n(size * 0.18)}" fill="#000" opacity=".28"/>` +
    `<rect x="${n(cx - half)}" y="${n(cy - half)}" width="${n(size)}" height="${n(size)}" rx="${n(size * 0.18)}" fill="${face}"/>` +
    `<rect x="${n(cx - half + 4)}" y="${n(cy - half + 4)}" width="${n(size - 8)}" height="${n(size * 0.4)}" rx="${n(size * 0.14)}" fill="#fff" opacity=".35"/>` +
    pips(cx, cy, size, count, pip) +
    `</g>`
  );
}

const dice: Motif = () => die(128, 132, 92, -14, 5, '#fff', '#b91c1c') + die(204, 104, 74, 16, 3, 'url(#metal)', '#1f2937');
const sicBo: Motif = () => die(116, 140, 64, -10, 4, '#fff', '#b91c1c') + die(204, 140, 64, 12, 6, '#fff', '#1f2937') + die(160, 84, 64, 4, 1, 'url(#metal)', '#b91c1c');

const crash: Motif = (p) =>
  `<path d="M70 196 C130 190 190 160 232 86" fill="none" stroke="${p.accent}" stroke-width="7" stroke-linecap="round"/>` +
  `<path d="M70 196 C130 190 190 160 232 86 L232 200 L70 200Z" fill="${p.accent}" opacity=".18"/>` +
  `<g transform="translate(236 78) rotate(45)">` +
  `<path d="M-9 26 L0 56 L9 26Z" fill="#f97316"/><path d="M-5 26 L0 44 L5 26Z" fill="#fde047"/>` +
  `<path d="M0 -44 C18 -28 20 2 14 26 L-14 26 C-20 2 -18 -28 0 -44Z" fill="#f8fafc"/>` +
  `<path d="M-14 10 L-28 30 L-13 26Z M14 10 L28 30 L13 26Z" fill="#ef4444"/>` +
  `<circle cx="0" cy="-10" r="9" fill="${p.base}" stroke="url(#metal)" stroke-width="4"/>` +
  `</g>`;

function gem(cx: number, cy: number, scale: number, light: string, dark: string): string {
  const pt = (x: number, y: number): string => `${n(cx + x * scale)},${n(cy + y * scale)}`;
  return (
    `<polygon points="${pt(-50, -22)} ${pt(-26, -48)} ${pt(26, -48)} ${pt(50, -22)} ${pt(0, 52)}" fill="${dark}"/>` +
    `<polygon points="${pt(-50, -22)} ${pt(-26, -48)} ${pt(26, -48)} ${pt(50, -22)}" fill="${light}"/>` +
    `<polygon points="${pt(-26, -48)} ${pt(0, -22)} ${pt(26, -48)}" fill="#fff" opacity=".55"/>` +
    `<polygon points="${pt(-50, -22)} ${pt(0, -22)} ${pt(0, 52)}" fill="#fff" opacity=".22"/>` +
    `<polyline points="${pt(-50, -22)} ${pt(50, -22)}" stroke="#fff" stroke-opacity=".6" stroke-width="2"/>`
  );
}

const mines: Motif = (p) => {
  let tiles = '';
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 3; col++) {
      tiles += `<rect x="${92 + col * 46}" y="${52 + row * 46}" width="40" height="40" rx="8" fill="#fff" opacity="${(row + col) % 2 === 0 ? 0.16 : 0.09}"/>`;
    }
  }
  return (
    tiles +
    gem(160, 122, 1.1, '#a5f3fc', '#0891b2') +
    `<circle cx="222" cy="178" r="18" fill="#111827"/><path d="M232 162 q8 -10 16 -6" stroke="${p.accent}" stroke-width="4" fill="none"/><circle cx="248" cy="156" r="4" fill="#f97316"/>`
  );
};

const gems: Motif = () => gem(124, 128, 0.8, '#f9a8d4', '#be185d') + gem(198, 134, 0.75, '#a5f3fc', '#0e7490') + gem(160, 92, 0.9, '#bbf7d0', '#15803d');

const plinko: Motif = () => {
  let pegs = '';
  for (let row = 0; row < 6; row++) {
    for (let col = 0; col <= row + 1; col++) {
      const x = CX - ((row + 1) * 22) / 2 + col * 22;
      pegs += `<circle cx="${n(x)}" cy="${n(50 + row * 24)}" r="4.5" fill="#f8fafc" opacity=".9"/>`;
    }
  }
  const bins = ['#ef4444', '#f97316', '#facc15', '#a3e635', '#facc15', '#f97316', '#ef4444'];
  const bin = bins.map((fill, index) => `<rect x="${n(CX - 91 + index * 26)}" y="196" width="22" height="16" rx="4" fill="${fill}"/>`).join('');
  return pegs + bin + `<circle cx="${n(CX + 11)}" cy="108" r="9" fill="url(#metal)" stroke="#fff" stroke-width="2"/>`;
};

function wheel(cx: number, cy: number, radius: number, segments: number): string {
  let slices = '';
  for (let index = 0; index < segments; index++) {
    const a0 = (index / segments) * Math.PI * 2;
    const a1 = ((index + 1) / segments) * Math.PI * 2;
    const fill = index === 0 ? '#16a34a' : index % 2 === 0 ? '#111827' : '#dc2626';
    slices += `<path d="M${n(cx)} ${n(cy)} L${n(cx + radius * Math.sin(a0))} ${n(cy - radius * Math.cos(a0))} A${radius} ${radius} 0 0 1 ${n(cx + radius * Math.sin(a1))} ${n(cy - radius * Math.cos(a1))}Z" fill="${fill}"/>`;
  }
  return slices;
}

const roulette: Motif = () =>
  `<circle cx="${CX}" cy="${CY + 4}" r="92" fill="#000" opacity=".3"/>` +
  `<circle cx="${CX}" cy="${CY}" r="92" fill="url(#metal)"/>` +
  `<circle cx="${CX}" cy="${CY}" r="80" fill="#3f1d0b"/>` +
  wheel(CX, CY, 74, 18) +
  `<circle cx="${CX}" cy="${CY}" r="44" fill="#7c2d12"/><circle cx="${CX}" cy="${CY}" r="36" fill="url(#metal)"/>` +
  `<path d="M${CX - 30} ${CY} H${CX + 30} M${CX} ${CY - 30} V${CY + 30}" stroke="#78350f" stroke-width="6" stroke-linecap="round"/>` +
  `<circle cx="${CX}" cy="${CY}" r="9" fill="#fef3c7"/>` +
  `<circle cx="${CX + 48}" cy="${CY - 46}" r="7" fill="#fff"/>`;

const pyramid: Motif = (p) =>
  `<circle cx="${CX + 50}" cy="70" r="34" fill="${p.accentLight}" opacity=".9"/>` +
  `<polygon points="160,46 250,190 160,190" fill="${p.accentDark}"/><polygon points="160,46 70,190 160,190" fill="url(#metal)"/>` +
  [82, 110, 138, 166].map((y) => `<path d="M${n(160 - (y - 46) * 0.625)} ${y} H${n(160 + (y - 46) * 0.625)}" stroke="#78350f" stroke-opacity=".35" stroke-width="2"/>`).join('') +
  `<path d="M140 118 Q160 102 180 118 Q160 134 140 118Z" fill="#fff"/><circle cx="160" cy="118" r="7" fill="#1e3a8a"/>` +
  `<path d="M40 200 Q120 184 200 198 T290 196 V240 H40Z" fill="${shade(p.accent, -0.35)}" opacity=".8"/>`;

const fruits: Motif = () =>
  `<path d="M190 150 A56 56 0 0 1 302 150Z" transform="rotate(-18 246 150)" fill="#16a34a"/>` +
  `<path d="M196 150 A50 50 0 0 1 296 150Z" transform="rotate(-18 246 150)" fill="#ef4444"/>` +
  `<g transform="rotate(-18 246 150)">${[214, 234, 258, 278].map((x, i) => `<ellipse cx="${x}" cy="${i % 2 ? 134 : 124}" rx="3" ry="5" fill="#111827"/>`).join('')}</g>` +
  `<ellipse cx="104" cy="112" rx="44" ry="32" transform="rotate(-25 104 112)" fill="#facc15"/><ellipse cx="94" cy="102" rx="16" ry="8" transform="rotate(-25 94 102)" fill="#fff" opacity=".45"/>` +
  `<path d="M142 168 Q150 110 176 74 M176 74 Q186 120 198 160" stroke="#15803d" stroke-width="5" fill="none"/>` +
  `<path d="M176 74 Q206 58 222 76 Q198 88 176 74Z" fill="#22c55e"/>` +
  `<circle cx="140" cy="176" r="24" fill="#dc2626"/><circle cx="198" cy="170" r="24" fill="#b91c1c"/>` +
  `<circle cx="132" cy="168" r="7" fill="#fff" opacity=".5"/><circle cx="190" cy="162" r="7" fill="#fff" opacity=".5"/>`;

function card(x: number, y: number, angle: number, rank: string, suit: string, red: boolean, back?: string): string {
  const ink = red ? '#dc2626' : '#111827';
  const face = back
    ? `<rect x="-38" y="-54" width="76" height="108" rx="9" fill="${back}"/><rect x="-31" y="-47" width="62" height="94" rx="6" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="3"/>`
    : `<rect x="-38" y="-54" width="76" height="108" rx="9" fill="#fff"/>` +
      `<text x="-27" y="-28" font-family="Georgia,serif" font-size="24" font-weight="700" fill="${ink}">${rank}</text>` +
      `<text x="0" y="24" font-family="DejaVu Sans,sans-serif" font-size="44" fill="${ink}" text-anchor="middle">${suit}</text>`;
  return `<g transform="translate(${x} ${y}) rotate(${angle})"><rect x="-35" y="-49" width="76" height="108" rx="9" fill="#000" opacity=".25"/>${face}</g>`;
}

const cards: Motif = (p, seed) => {
  const hands = [
    ['A', '♠', 'K', '♥', 'Q', '♦'],
    ['K', '♣', 'A', '♥', 'J', '♠'],
    ['9', '♦', 'A', '♠', '10', '♥'],
  ][seed % 3]!;
  const [r1, s1, r2, s2, r3, s3] = hands as [string, string, string, string, string, string];
  const red = (suit: string): boolean => suit === '♥' || suit === '♦';
  return (
    `<ellipse cx="${CX}" cy="206" rx="110" ry="16" fill="#000" opacity=".25"/>` +
    card(116, 136, -20, r1, s1, red(s1)) +
    card(204, 136, 20, r3, s3, red(s3)) +
    card(160, 120, 0, r2, s2, red(s2)) +
    `<circle cx="236" cy="196" r="20" fill="${p.accent}"/><circle cx="236" cy="196" r="20" fill="none" stroke="#fff" stroke-width="5" stroke-dasharray="6 6"/>`
  );
};

const dragonTiger: Motif = () =>
  card(112, 124, -12, 'D', '', false, '#b91c1c') +
  card(208, 124, 12, 'T', '', false, '#1d4ed8') +
  `<text x="112" y="138" font-family="Georgia,serif" font-size="46" font-weight="700" fill="#fde68a" text-anchor="middle" transform="rotate(-12 112 124)">D</text>` +
  `<text x="208" y="138" font-family="Georgia,serif" font-size="46" font-weight="700" fill="#bfdbfe" text-anchor="middle" transform="rotate(12 208 124)">T</text>` +
  `<circle cx="160" cy="126" r="24" fill="url(#metal)" stroke="#fff" stroke-width="3"/>` +
  `<text x="160" y="134" font-family="sans-serif" font-size="20" font-weight="800" fill="#451a03" text-anchor="middle">VS</text>`;

const domino: Motif = () => {
  const tile = (x: number, y: number, angle: number, top: number, bottom: number): string =>
    `<g transform="rotate(${angle} ${x} ${y})"><rect x="${x - 30 + 4}" y="${y - 60 + 6}" width="60" height="120" rx="10" fill="#000" opacity=".25"/>` +
    `<rect x="${x - 30}" y="${y - 60}" width="60" height="120" rx="10" fill="#f8fafc"/><path d="M${x - 22} ${y} H${x + 22}" stroke="#94a3b8" stroke-width="3"/>` +
    pips(x, y - 30, 52, top, '#111827') +
    pips(x, y + 30, 52, bottom, '#111827') +
    `</g>`;
  return tile(128, 122, -14, 6, 3) + tile(196, 118, 12, 5, 2);
};

const rooster: Motif = (p) =>
  `<ellipse cx="${CX}" cy="208" rx="80" ry="10" fill="#000" opacity=".25"/>` +
  `<path d="M120 124 C80 96 70 60 96 40 C96 70 110 86 128 98 C118 70 122 48 142 36 C136 66 142 90 152 104Z" fill="#0f766e"/>` +
  `<path d="M112 128 C84 110 74 84 84 62 C92 90 108 104 128 112Z" fill="#1e3a8a"/>` +
  `<ellipse cx="168" cy="138" rx="52" ry="42" fill="#b45309"/>` +
  `<path d="M140 128 C160 150 196 152 214 134 C206 164 170 176 146 160Z" fill="#7c2d12"/>` +
  `<path d="M196 118 C196 96 204 76 214 66 L226 92 C222 106 216 118 210 126Z" fill="#c2410c"/>` +
  `<circle cx="216" cy="66" r="20" fill="#ea580c"/>` +
  `<path d="M202 48 q4 -14 10 -2 q6 -14 12 0 q8 -10 10 6 Z" fill="#dc2626"/>` +
  `<path d="M234 62 L252 70 L234 76Z" fill="${p.accent}"/>` +
  `<path d="M226 80 q4 16 -6 18 q-6 -8 -2 -18Z" fill="#dc2626"/>` +
  `<circle cx="222" cy="62" r="4" fill="#111827"/><circle cx="223" cy="61" r="1.5" fill="#fff"/>` +
  `<path d="M156 176 L150 204 M178 176 L184 204 M142 204 H158 M176 204 H194" stroke="${p.accent}" stroke-width="5" stroke-linecap="round"/>`;

function fishShape(x: number, y: number, scale: number, body: string, stripe: string, flip = false): string {
  return (
    `<g transform="translate(${x} ${y}) scale(${flip ? -scale : scale} ${scale})">` +
    `<path d="M-60 0 L-92 -30 L-84 0 L-92 30Z" fill="${stripe}"/>` +
    `<path d="M-66 0 C-36 -52 40 -54 70 0 C40 54 -36 52 -66 0Z" fill="${body}"/>` +
    `<path d="M-10 -40 C0 -60 24 -58 30 -38Z" fill="${stripe}"/>` +
    `<path d="M-20 -38 C-8 -12 -8 12 -20 38 M6 -42 C18 -14 18 14 6 42" stroke="${stripe}" stroke-width="7" fill="none" opacity=".8"/>` +
    `<circle cx="44" cy="-8" r="9" fill="#fff"/><circle cx="46" cy="-8" r="5" fill="#111827"/>` +
    `</g>`
  );
}

const waves = (fill: string): string => `<path d="M0 200 Q40 186 80 200 T160 200 T240 200 T320 200 V240 H0Z" fill="${fill}" opacity=".55"/>`;
const bubbles = `<circle cx="240" cy="62" r="8" fill="none" stroke="#e0f2fe" stroke-width="3"/><circle cx="258" cy="40" r="5" fill="none" stroke="#e0f2fe" stroke-width="3"/><circle cx="226" cy="34" r="4" fill="none" stroke="#e0f2fe" stroke-width="2"/>`;

const fish: Motif = (p, seed) => {
  const colors: Array<[string, string]> = [
    ['#fb923c', '#fff7ed'],
    ['#facc15', '#1e3a8a'],
    ['#f472b6', '#fdf2f8'],
  ];
  const [body, stripe] = colors[seed % colors.length]!;
  return fishShape(150, 118, 1.05, body, stripe) + fishShape(236, 168, 0.45, p.accent, '#fff', true) + bubbles + waves('#0c4a6e');
};

const shark: Motif = () =>
  `<path d="M40 150 C100 96 220 96 280 140 C230 150 180 160 120 160 L96 178 L92 158 C70 156 54 154 40 150Z" fill="#64748b"/>` +
  `<path d="M150 112 L176 58 L192 110Z" fill="#475569"/>` +
  `<path d="M60 150 C120 150 200 150 270 142 C220 166 120 170 60 150Z" fill="#e2e8f0"/>` +
  `<circle cx="236" cy="128" r="5" fill="#111827"/>` +
  `<path d="M246 146 l6 4 l6 -4 l6 4" stroke="#fff" stroke-width="2" fill="none"/>` +
  bubbles +
  waves('#0c4a6e');

const football: Motif = () => {
  const r = 74;
  const pentagon = (cx: number, cy: number, size: number, rotate: number): string =>
    `<polygon points="${[0, 1, 2, 3, 4].map((k) => `${n(cx + size * Math.sin(((k * 72 + rotate) * Math.PI) / 180))},${n(cy - size * Math.cos(((k * 72 + rotate) * Math.PI) / 180))}`).join(' ')}" fill="#111827"/>`;
  let outer = '';
  for (let k = 0; k < 5; k++) {
    const angle = ((k * 72 + 36) * Math.PI) / 180;
    outer += pentagon(CX + (r - 6) * Math.sin(angle), CY - (r - 6) * Math.cos(angle), 22, k * 72 + 36);
    const inner = (k * 72 * Math.PI) / 180;
    outer += `<path d="M${n(CX + 26 * Math.sin(inner))} ${n(CY - 26 * Math.cos(inner))} L${n(CX + 52 * Math.sin(inner))} ${n(CY - 52 * Math.cos(inner))}" stroke="#111827" stroke-width="3"/>`;
  }
  return (
    `<ellipse cx="${CX}" cy="${CY + 86}" rx="70" ry="10" fill="#000" opacity=".3"/>` +
    `<defs><clipPath id="ball"><circle cx="${CX}" cy="${CY}" r="${r}"/></clipPath></defs>` +
    `<circle cx="${CX}" cy="${CY}" r="${r}" fill="#f8fafc"/>` +
    `<g clip-path="url(#ball)">${outer}${pentagon(CX, CY, 26, 0)}</g>` +
    `<circle cx="${CX}" cy="${CY}" r="${r}" fill="none" stroke="#cbd5e1" stroke-width="3"/>` +
    `<ellipse cx="${CX - 28}" cy="${CY - 36}" rx="22" ry="12" fill="#fff" opacity=".6" transform="rotate(-30 ${CX - 28} ${CY - 36})"/>`
  );
};

const trophy: Motif = (p) =>
  `<path d="M112 62 C76 62 76 120 124 122 M208 62 C244 62 244 120 196 122" stroke="url(#metal)" stroke-width="10" fill="none"/>` +
  `<path d="M110 50 H210 C210 116 188 142 160 146 C132 142 110 116 110 50Z" fill="url(#metal)"/>` +
  `<path d="M126 58 C126 100 136 124 156 136" stroke="#fff" stroke-opacity=".5" stroke-width="6" fill="none"/>` +
  `<rect x="150" y="144" width="20" height="26" fill="${p.accentDark}"/>` +
  `<rect x="124" y="170" width="72" height="22" rx="4" fill="${p.accentDark}"/><rect x="112" y="190" width="96" height="14" rx="4" fill="#3f2a0c"/>` +
  `<polygon points="160,72 166,88 183,88 169,98 174,114 160,104 146,114 151,98 137,88 154,88" fill="#fff" opacity=".85"/>`;

const controller: Motif = (p) =>
  `<path d="M92 96 C104 84 132 84 144 90 H176 C188 84 216 84 228 96 C248 120 262 176 240 186 C222 194 206 170 194 156 H126 C114 170 98 194 80 186 C58 176 72 120 92 96Z" fill="#1f2937" stroke="${p.accent}" stroke-width="4"/>` +
  `<path d="M110 114 V146 M94 130 H126" stroke="#e5e7eb" stroke-width="10" stroke-linecap="round"/>` +
  `<circle cx="212" cy="116" r="8" fill="#22c55e"/><circle cx="228" cy="132" r="8" fill="#ef4444"/><circle cx="196" cy="132" r="8" fill="#3b82f6"/><circle cx="212" cy="148" r="8" fill="#facc15"/>` +
  `<circle cx="142" cy="150" r="10" fill="#374151"/><circle cx="178" cy="150" r="10" fill="#374151"/>` +
  `<path d="M128 60 L146 40 L150 58 L172 34" stroke="${p.accent}" stroke-width="5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;

function ball(cx: number, cy: number, r: number, fill: string, number: number): string {
  return (
    `<circle cx="${cx + 3}" cy="${cy + 5}" r="${r}" fill="#000" opacity=".25"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${n(r * 0.55)}" fill="#fff"/>` +
    `<text x="${cx}" y="${n(cy + r * 0.22)}" font-family="sans-serif" font-size="${n(r * 0.62)}" font-weight="800" fill="#111827" text-anchor="middle">${number}</text>` +
    `<ellipse cx="${n(cx - r * 0.4)}" cy="${n(cy - r * 0.45)}" rx="${n(r * 0.3)}" ry="${n(r * 0.16)}" fill="#fff" opacity=".5" transform="rotate(-35 ${n(cx - r * 0.4)} ${n(cy - r * 0.45)})"/>`
  );
}

const lotto: Motif = (p, seed) => {
  const numbers = [7, 13, 21, 34, 42, 58, 69, 77].map((value) => ((value + seed) % 80) + 1);
  return (
    ball(112, 150, 38, '#ef4444', numbers[0]!) +
    ball(208, 150, 38, '#3b82f6', numbers[1]!) +
    ball(160, 96, 44, 'url(#metal)', numbers[2]!) +
    ball(244, 82, 22, '#22c55e', numbers[3]!) +
    ball(78, 86, 20, '#a855f7', numbers[4]!)
  );
};

const keno: Motif = (p, seed) => {
  let grid = `<rect x="80" y="44" width="160" height="152" rx="14" fill="#fff" opacity=".12"/>`;
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 5; col++) {
      const value = row * 5 + col + 1;
      const hit = (value * 7 + seed) % 4 === 0;
      const x = 96 + col * 30;
      const y = 60 + row * 28;
      grid +=
        `<circle cx="${x + 12}" cy="${y + 12}" r="12" fill="${hit ? 'url(#metal)' : '#fff'}" opacity="${hit ? 1 : 0.85}"/>` +
        `<text x="${x + 12}" y="${y + 17}" font-family="sans-serif" font-size="12" font-weight="700" fill="${hit ? '#451a03' : '#1f2937'}" text-anchor="middle">${value}</text>`;
    }
  }
  return grid;
};

const coins: Motif = (p) => {
  let stack = '';
  for (let index = 0; index < 6; index++) {
    stack += `<ellipse cx="120" cy="${186 - index * 14}" rx="40" ry="13" fill="${p.accentDark}"/><ellipse cx="120" cy="${180 - index * 14}" rx="40" ry="13" fill="url(#metal)"/>`;
  }
  for (let index = 0; index < 4; index++) {
    stack += `<ellipse cx="200" cy="${190 - index * 14}" rx="40" ry="13" fill="${p.accentDark}"/><ellipse cx="200" cy="${184 - index * 14}" rx="40" ry="13" fill="url(#metal)"/>`;
  }
  return (
    stack +
    `<circle cx="214" cy="84" r="40" fill="${p.accentDark}"/><circle cx="210" cy="80" r="40" fill="url(#metal)"/><circle cx="210" cy="80" r="30" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="3"/>` +
    `<text x="210" y="94" font-family="Georgia,serif" font-size="40" font-weight="700" fill="#78350f" text-anchor="middle">$</text>`
  );
};

const chest: Motif = (p) =>
  `<ellipse cx="${CX}" cy="204" rx="96" ry="12" fill="#000" opacity=".3"/>` +
  `<path d="M84 104 C84 64 236 64 236 104Z" fill="#92400e"/>` +
  `<ellipse cx="${CX}" cy="104" rx="70" ry="14" fill="url(#metal)"/>` +
  [
    [120, 98],
    [150, 92],
    [178, 96],
    [204, 100],
    [136, 88],
    [190, 88],
  ]
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="11" fill="url(#metal)" stroke="${p.accentDark}" stroke-width="2"/>`)
    .join('') +
  `<rect x="84" y="108" width="152" height="92" rx="8" fill="#78350f"/>` +
  `<rect x="84" y="108" width="152" height="14" fill="url(#metal)"/><rect x="104" y="108" width="14" height="92" fill="url(#metal)"/><rect x="202" y="108" width="14" height="92" fill="url(#metal)"/>` +
  `<rect x="146" y="120" width="28" height="34" rx="5" fill="url(#metal)"/><circle cx="160" cy="134" r="5" fill="#451a03"/>` +
  `<polygon points="72,70 76,80 86,82 76,86 72,96 68,86 58,82 68,80" fill="#fff"/>`;

function flame(cx: number, cy: number, scale: number): string {
  const f = (color: string, s: number): string =>
    `<path transform="translate(${cx} ${cy}) scale(${n(scale * s)})" d="M0 60 C-44 60 -54 18 -30 -14 C-24 4 -14 10 -8 8 C-20 -24 -6 -50 16 -66 C10 -40 34 -26 40 4 C46 34 30 60 0 60Z" fill="${color}"/>`;
  return f('#dc2626', 1) + f('#f97316', 0.78) + f('#fde047', 0.5);
}

const dragon: Motif = (p) =>
  flame(160, 112, 1.25) +
  `<circle cx="160" cy="150" r="30" fill="url(#metal)" stroke="#fff" stroke-opacity=".6" stroke-width="3"/>` +
  `<path d="M60 178 C90 150 120 196 150 176 S210 150 250 178 S290 190 300 170" stroke="#16a34a" stroke-width="12" fill="none" stroke-linecap="round"/>` +
  `<path d="M60 178 C90 150 120 196 150 176 S210 150 250 178 S290 190 300 170" stroke="${p.accent}" stroke-width="3" stroke-dasharray="2 10" fill="none"/>`;

const phoenix: Motif = (p) =>
  `<path d="M160 132 C120 92 70 96 44 62 C80 70 96 60 108 70 C100 52 112 40 120 36 C124 62 146 84 160 100Z" fill="#f97316"/>` +
  `<path d="M160 132 C200 92 250 96 276 62 C240 70 224 60 212 70 C220 52 208 40 200 36 C196 62 174 84 160 100Z" fill="#f97316"/>` +
  `<path d="M160 132 C132 106 100 104 82 88 C110 92 130 92 160 112Z M160 132 C188 106 220 104 238 88 C210 92 190 92 160 112Z" fill="#fde047"/>` +
  flame(160, 140, 0.75) +
  `<circle cx="160" cy="92" r="14" fill="#dc2626"/><path d="M170 90 L184 96 L170 100Z" fill="${p.accent}"/><circle cx="164" cy="89" r="3" fill="#111827"/>`;

const tiger: Motif = () =>
  `<circle cx="${CX}" cy="${CY}" r="80" fill="#f59e0b"/>` +
  `<circle cx="${CX}" cy="${CY}" r="80" fill="none" stroke="url(#metal)" stroke-width="8"/>` +
  `<path d="M104 70 L136 94 L108 96Z M216 70 L184 94 L212 96Z M150 56 L160 84 L170 56Z M92 130 L128 126 L96 144Z M228 130 L192 126 L224 144Z" fill="#111827"/>` +
  `<ellipse cx="136" cy="118" rx="12" ry="8" fill="#fff"/><ellipse cx="184" cy="118" rx="12" ry="8" fill="#fff"/>` +
  `<ellipse cx="136" cy="118" rx="4" ry="7" fill="#166534"/><ellipse cx="184" cy="118" rx="4" ry="7" fill="#166534"/>` +
  `<path d="M148 148 H172 L160 160Z" fill="#7f1d1d"/><path d="M160 160 V170 M160 170 Q148 180 138 172 M160 170 Q172 180 182 172" stroke="#111827" stroke-width="3" fill="none"/>` +
  `<path d="M240 40 L200 110 M256 56 L216 126 M272 72 L232 142" stroke="#fff" stroke-opacity=".55" stroke-width="6" stroke-linecap="round"/>`;

const slots: Motif = (p, seed) => {
  const symbols = [
    ['7', '7', '7'],
    ['7', 'BAR', '7'],
    ['$', '7', '$'],
  ][seed % 3]!;
  const reels = symbols
    .map(
      (symbol, index) =>
        `<rect x="${86 + index * 52}" y="84" width="44" height="64" rx="6" fill="#fff"/>` +
        `<text x="${108 + index * 52}" y="${symbol === 'BAR' ? 124 : 132}" font-family="Georgia,serif" font-size="${symbol === 'BAR' ? 15 : 40}" font-weight="800" fill="${symbol === '$' ? '#15803d' : '#dc2626'}" text-anchor="middle">${symbol}</text>`,
    )
    .join('');
  return (
    `<rect x="72" y="52" width="176" height="152" rx="22" fill="url(#metal)"/>` +
    `<rect x="80" y="60" width="160" height="136" rx="16" fill="${shade(p.base, -0.45)}"/>` +
    reels +
    `<path d="M80 116 H240" stroke="${p.accent}" stroke-width="2" opacity=".7"/>` +
    `<rect x="100" y="164" width="120" height="18" rx="9" fill="${p.accent}"/>` +
    `<path d="M258 150 V76" stroke="#cbd5e1" stroke-width="6" stroke-linecap="round"/><circle cx="258" cy="72" r="11" fill="#ef4444"/>` +
    [
      [98, 70],
      [222, 70],
      [98, 156],
      [222, 156],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3" fill="${p.accent}"/>`)
      .join('')
  );
};

const crown = (p: Palette): string =>
  `<path d="M118 112 L104 62 L138 86 L160 50 L182 86 L216 62 L202 112Z" fill="url(#metal)"/><rect x="116" y="110" width="88" height="14" rx="4" fill="${p.accentDark}"/>` +
  `<circle cx="160" cy="92" r="8" fill="#dc2626"/><circle cx="132" cy="98" r="5" fill="#2563eb"/><circle cx="188" cy="98" r="5" fill="#16a34a"/>`;

const royal: Motif = (p) => `<g transform="translate(-64 0) scale(1.4)">${crown(p)}</g>`;

const MOTIFS = {
  dice,
  sicBo,
  crash,
  mines,
  gems,
  plinko,
  roulette,
  pyramid,
  fruits,
  cards,
  dragonTiger,
  domino,
  rooster,
  fish,
  shark,
  football,
  trophy,
  controller,
  lotto,
  keno,
  coins,
  chest,
  dragon,
  phoenix,
  tiger,
  slots,
  royal,
} satisfies Record<string, Motif>;
export type MotifName = keyof typeof MOTIFS;

/** Which motif a game takes: by its code or name first, then by its category. */
const BY_NAME: Array<[RegExp, MotifName]> = [
  [/sic ?bo/i, 'sicBo'],
  [/\bdice\b|dados/i, 'dice'],
  [/crash/i, 'crash'],
  [/\bmines?\b/i, 'mines'],
  [/plinko/i, 'plinko'],
  [/roulette/i, 'roulette'],
  [/pharaoh/i, 'pyramid'],
  [/fruit/i, 'fruits'],
  [/dragon[ -]tiger/i, 'dragonTiger'],
  [/baccarat|blackjack|poker|teen[ -]patti|rummy|\bcards?\b/i, 'cards'],
  [/domino/i, 'domino'],
  [/cockfight|\bderby\b|\bpit\b/i, 'rooster'],
  [/shark/i, 'shark'],
  [/fish|ocean|reef/i, 'fish'],
  [/football|sportsbook|soccer/i, 'football'],
  [/\bcup\b|\bleague\b|\barena\b/i, 'trophy'],
  [/keno/i, 'keno'],
  [/lott|\bdraw\b|numbers/i, 'lotto'],
  [/dragon/i, 'dragon'],
  [/phoenix/i, 'phoenix'],
  [/tiger/i, 'tiger'],
  [/treasure/i, 'chest'],
  [/fortune/i, 'coins'],
  [/\bgems?\b/i, 'gems'],
  [/\broyal\b/i, 'royal'],
];

const BY_TYPE: Record<string, MotifName> = {
  RNG: 'slots',
  LIVE: 'cards',
  PVP: 'cards',
  FISH: 'fish',
  SPORTS: 'football',
  ESPORTS: 'controller',
  COCKFIGHT: 'rooster',
  LOTT: 'lotto',
  ELOTT: 'keno',
};

/** The motif a game's art shows. */
export function artMotif(subject: Pick<ArtSubject, 'code' | 'name' | 'gameType'>): MotifName {
  // An e-sports league or arena is played with a controller; only a cup keeps its trophy.
  if (subject.gameType === 'ESPORTS' && !/\bcup\b/i.test(subject.name)) return 'controller';
  const text = `${subject.code} ${subject.name}`;
  for (const [pattern, motif] of BY_NAME) if (pattern.test(text)) return motif;
  return BY_TYPE[subject.gameType] ?? 'slots';
}

function paletteFor(subject: ArtSubject): Palette {
  const accent = ACCENTS.find(([pattern]) => pattern.test(subject.name))?.[1] ?? GOLD;
  const base = toHex(parseHex(subject.color));
  return { base, accent, accentLight: shade(accent, 0.55), accentDark: shade(accent, -0.45) };
}

function frame(palette: Palette, seed: number, body: string): string {
  const turn = seed % 30;
  let rays = '';
  for (let index = 0; index < 12; index++) {
    const angle = index * 30 + turn;
    rays += `<path d="M${CX} ${CY} L${n(CX + 260 * Math.cos(((angle - 5) * Math.PI) / 180))} ${n(CY + 260 * Math.sin(((angle - 5) * Math.PI) / 180))} L${n(CX + 260 * Math.cos(((angle + 5) * Math.PI) / 180))} ${n(CY + 260 * Math.sin(((angle + 5) * Math.PI) / 180))}Z"/>`;
  }
  const sparkles = [0, 1, 2, 3]
    .map((index) => {
      const x = 24 + ((seed >> (index * 4)) % 9) * 8 + (index % 2) * 220;
      const y = 24 + ((seed >> (index * 3 + 2)) % 7) * 10 + (index > 1 ? 120 : 0);
      return `<path d="M${x} ${y - 7} L${x + 2} ${y - 2} L${x + 7} ${y} L${x + 2} ${y + 2} L${x} ${y + 7} L${x - 2} ${y + 2} L${x - 7} ${y} L${x - 2} ${y - 2}Z" fill="#fff" opacity=".7"/>`;
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs>` +
    `<radialGradient id="bg" cx="50%" cy="42%" r="75%"><stop offset="0" stop-color="${shade(palette.base, 0.18)}"/><stop offset=".6" stop-color="${shade(palette.base, -0.35)}"/><stop offset="1" stop-color="${shade(palette.base, -0.7)}"/></radialGradient>` +
    `<radialGradient id="glow"><stop offset="0" stop-color="${palette.accent}" stop-opacity=".5"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="metal" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.accentLight}"/><stop offset=".5" stop-color="${palette.accent}"/><stop offset="1" stop-color="${palette.accentDark}"/></linearGradient>` +
    `</defs>` +
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
    `<g fill="#fff" opacity=".06">${rays}</g>` +
    `<circle cx="${CX}" cy="${CY}" r="120" fill="url(#glow)"/>` +
    sparkles +
    body +
    `</svg>`
  );
}

/** A game's tile artwork. */
export function gameArtSvg(subject: ArtSubject): string {
  const palette = paletteFor(subject);
  const seed = hash(subject.code);
  return frame(palette, seed, MOTIFS[artMotif(subject)](palette, seed));
}

/** A vendor's card: the vendor's name over its category's motif. */
export function vendorArtSvg(vendor: { code: string; name: string; gameType: string; color: string }): string {
  const palette = paletteFor({ code: vendor.code, name: vendor.name, gameType: vendor.gameType, color: vendor.color });
  const seed = hash(vendor.code);
  const motif = MOTIFS[BY_TYPE[vendor.gameType] ?? 'slots'];
  const label = vendor.name.length > 18 ? `${vendor.name.slice(0, 17)}…` : vendor.name;
  return frame(
    palette,
    seed,
    `<g transform="translate(64 -8) scale(.6)">${motif(palette, seed)}</g>` +
      `<rect x="24" y="164" width="272" height="52" rx="12" fill="#000" opacity=".35"/>` +
      `<text x="160" y="199" font-family="sans-serif" font-size="26" font-weight="800" fill="#fff" text-anchor="middle" letter-spacing="1">${escapeXml(label)}</text>`,
  );
}
