import { FISH_KINDS, type FishKind } from '@wps/contracts/fairness-fish';

/**
 * Where the fish swim: purely cosmetic and computed from the elapsed time alone, so a frame can be redrawn (and a
 * pointer hit-tested) for any instant without keeping positions. The server never sees any of it.
 */

/** The canvas's drawing space; the element is scaled to its container by CSS. */
export const SEA_WIDTH = 960;
export const SEA_HEIGHT = 540;
/** The cannon sits at the bottom centre; fish keep above its deck. */
export const CANNON = { x: SEA_WIDTH / 2, y: SEA_HEIGHT - 26 } as const;
const SWIM_TOP = 40;
const SWIM_BOTTOM = SEA_HEIGHT - 120;

export interface KindLook {
  color: string;
  fin: string;
  /** Half the body length in canvas units. */
  size: number;
  /** How many swim at once. */
  count: number;
}

export const KIND_LOOKS: Record<string, KindLook> = {
  clownfish: { color: '#f97316', fin: '#fff7ed', size: 16, count: 5 },
  pufferfish: { color: '#facc15', fin: '#a16207', size: 19, count: 4 },
  angelfish: { color: '#38bdf8', fin: '#0c4a6e', size: 21, count: 4 },
  lionfish: { color: '#ef4444', fin: '#fecaca', size: 25, count: 3 },
  turtle: { color: '#22c55e', fin: '#14532d', size: 30, count: 2 },
  octopus: { color: '#a855f7', fin: '#f3e8ff', size: 34, count: 2 },
  shark: { color: '#94a3b8', fin: '#1e293b', size: 50, count: 1 },
  whale: { color: '#3b82f6', fin: '#1e3a8a', size: 64, count: 1 },
  kraken: { color: '#b91c1c', fin: '#fde047', size: 82, count: 1 },
};

export interface Swimmer {
  /** Stable index across frames: the swimmer's path and its hit-test identity. */
  id: number;
  fish: FishKind;
  look: KindLook;
  direction: 1 | -1;
  /** Canvas units a second. */
  speed: number;
  lane: number;
  amplitude: number;
  /** Radians a second of the up-and-down wave. */
  wave: number;
  phase: number;
  /** Where along its loop the swimmer starts. */
  offset: number;
}

/** A small integer hash (from a well-known 32-bit mixer) so paths look varied yet repeat on every load. */
const mix = (value: number): number => {
  let x = (value + 0x9e3779b9) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
};
const unit = (value: number): number => mix(value) / 2 ** 32;

/** The school: every published kind, the small ones many, the big ones alone; drawn big first so the small stay visible. */
export function makeSchool(): Swimmer[] {
  const swimmers: Swimmer[] = [];
  let id = 0;
  for (const fish of [...FISH_KINDS].reverse()) {
    const look = KIND_LOOKS[fish.kind] ?? { color: '#e2e8f0', fin: '#64748b', size: 20, count: 1 };
    for (let copy = 0; copy < look.count; copy++, id++) {
      swimmers.push({
        id,
        fish,
        look,
        direction: mix(id * 7 + 1) % 2 === 0 ? 1 : -1,
        // Bigger fish swim slower, so the prizes stay on screen long enough to aim at.
        speed: Math.max(28, 110 - look.size * 1.1) * (0.8 + 0.4 * unit(id * 13 + 2)),
        lane: SWIM_TOP + look.size * 0.6 + unit(id * 17 + 3) * (SWIM_BOTTOM - SWIM_TOP - look.size * 1.2),
        amplitude: 8 + unit(id * 19 + 4) * 22,
        wave: 0.6 + unit(id * 23 + 5) * 0.9,
        phase: unit(id * 29 + 6) * Math.PI * 2,
        offset: unit(id * 31 + 7),
      });
    }
  }
  return swimmers;
}

export interface Place {
  x: number;
  y: number;
  /** The body's tilt from level in radians, nose up positive before the direction flip, for drawing. */
  tilt: number;
}

/** A swimmer's place at `seconds` after the sea opened: it loops across the width, off-screen between passes. */
export function placeAt(swimmer: Swimmer, seconds: number): Place {
  const margin = swimmer.look.size * 2;
  const span = SEA_WIDTH + margin * 2;
  const travelled = (swimmer.offset * span + swimmer.speed * seconds) % span;
  const along = travelled - margin;
  const x = swimmer.direction === 1 ? along : SEA_WIDTH - along;
  const angle = swimmer.wave * seconds + swimmer.phase;
  const y = swimmer.lane + swimmer.amplitude * Math.sin(angle);
  const climb = swimmer.amplitude * swimmer.wave * Math.cos(angle);
  return { x, y, tilt: Math.atan2(climb, swimmer.speed) };
}

/** Whether a point falls on a swimmer's body (an ellipse, a little generous for fingers). */
export function touches(swimmer: Swimmer, place: Place, x: number, y: number): boolean {
  const half = swimmer.look.size * 1.15;
  const dx = (x - place.x) / half;
  const dy = (y - place.y) / (half * 0.62);
  return dx * dx + dy * dy <= 1;
}

export const onScreen = (swimmer: Swimmer, place: Place): boolean => place.x > -swimmer.look.size && place.x < SEA_WIDTH + swimmer.look.size;

/** The swimmer under a point: the one drawn last (on top) wins. `hidden` ids (just caught) cannot be hit. */
export function swimmerAt(school: readonly Swimmer[], seconds: number, x: number, y: number, hidden: ReadonlySet<number> = new Set()): Swimmer | undefined {
  for (let index = school.length - 1; index >= 0; index--) {
    const swimmer = school[index]!;
    if (hidden.has(swimmer.id)) continue;
    const place = placeAt(swimmer, seconds);
    if (onScreen(swimmer, place) && touches(swimmer, place, x, y)) return swimmer;
  }
  return undefined;
}

/** For the keyboard and the kind buttons: the swimmer of a kind nearest the cannon that is on screen now. */
export function nearestOfKind(school: readonly Swimmer[], seconds: number, kind: string, hidden: ReadonlySet<number> = new Set()): Swimmer | undefined {
  let best: { swimmer: Swimmer; distance: number } | undefined;
  for (const swimmer of school) {
    if (swimmer.fish.kind !== kind || hidden.has(swimmer.id)) continue;
    const place = placeAt(swimmer, seconds);
    if (!onScreen(swimmer, place)) continue;
    const distance = Math.hypot(place.x - CANNON.x, place.y - CANNON.y);
    if (!best || distance < best.distance) best = { swimmer, distance };
  }
  return best?.swimmer;
}

/** The cannon's angle towards a point, kept pointing upwards. */
export function aimAngle(x: number, y: number): number {
  const angle = Math.atan2(y - CANNON.y, x - CANNON.x);
  return Math.min(-0.12, Math.max(-Math.PI + 0.12, angle));
}
