import { aimAngle, CANNON, makeSchool, onScreen, placeAt, SEA_HEIGHT, SEA_WIDTH, type Place, type Swimmer } from './swim';

/** Seconds a bullet takes to reach its fish; the server's answer usually arrives before it lands. */
const FLIGHT_SECONDS = 0.28;
const NET_SECONDS = 0.7;
const PASS_SECONDS = 0.45;
const HIDDEN_AFTER_CATCH_SECONDS = 1.8;
const POPUP_SECONDS = 1.4;

interface Bullet {
  id: number;
  swimmer: Swimmer;
  firedAt: number;
  /** Where the bullet was aimed when fired, for fish that leave the screen meanwhile. */
  aim: { x: number; y: number };
  outcome?: { caught: boolean; at: number };
}

interface Popup {
  x: number;
  y: number;
  text: string;
  color: string;
  at: number;
}

const lerp = (from: number, to: number, share: number) => from + (to - from) * share;

/**
 * The sea on the canvas: the school on its cosmetic paths, the cannon turned to the pointer, bullets flying to their
 * fish and, once the server decided, a net around a catch or the bullet passing through. Outside React: a frame is
 * drawn from the clock, so nothing re-renders per frame.
 */
export class SeaScene {
  readonly school: Swimmer[] = makeSchool();
  private readonly openedAt = performance.now();
  private aim = -Math.PI / 2;
  private bullets: Bullet[] = [];
  private popups: Popup[] = [];
  private hiddenUntil = new Map<number, number>();
  private nextId = 1;
  level = 1;

  seconds(now = performance.now()): number {
    return (now - this.openedAt) / 1000;
  }

  /** Swimmers that were just caught are gone for a moment and cannot be hit. */
  hidden(seconds = this.seconds()): Set<number> {
    const gone = new Set<number>();
    for (const [id, until] of this.hiddenUntil) if (until > seconds) gone.add(id);
    return gone;
  }

  pointTo(x: number, y: number): void {
    this.aim = aimAngle(x, y);
  }

  /** Sends a bullet towards a swimmer; the caller reports the server's answer with `settle` or `drop`. */
  fire(swimmer: Swimmer): number {
    const seconds = this.seconds();
    const place = placeAt(swimmer, seconds);
    const aim = { x: Math.min(SEA_WIDTH - 20, Math.max(20, place.x)), y: place.y };
    this.pointTo(aim.x, aim.y);
    const id = this.nextId++;
    this.bullets.push({ id, swimmer, firedAt: seconds, aim });
    return id;
  }

  settle(id: number, caught: boolean, label: string): void {
    const bullet = this.bullets.find((entry) => entry.id === id);
    if (!bullet) return;
    const seconds = this.seconds();
    bullet.outcome = { caught, at: seconds };
    const landsAt = Math.max(seconds, bullet.firedAt + FLIGHT_SECONDS);
    const place = this.target(bullet, landsAt);
    if (caught) this.hiddenUntil.set(bullet.swimmer.id, landsAt + HIDDEN_AFTER_CATCH_SECONDS);
    this.popups.push({ x: place.x, y: place.y - bullet.swimmer.look.size - 8, text: label, color: caught ? '#fde047' : '#cbd5e1', at: landsAt });
  }

  /** A shot the server refused: its bullet simply vanishes. */
  drop(id: number): void {
    this.bullets = this.bullets.filter((entry) => entry.id !== id);
  }

  private target(bullet: Bullet, seconds: number): { x: number; y: number } {
    const place = placeAt(bullet.swimmer, seconds);
    return onScreen(bullet.swimmer, place) ? place : bullet.aim;
  }

  draw(context: CanvasRenderingContext2D, now = performance.now()): void {
    const seconds = this.seconds(now);
    this.drawWater(context, seconds);
    const hidden = this.hidden(seconds);
    for (const swimmer of this.school) {
      if (hidden.has(swimmer.id)) continue;
      const place = placeAt(swimmer, seconds);
      if (onScreen(swimmer, place)) drawFish(context, swimmer, place, seconds);
    }
    this.drawBullets(context, seconds);
    this.drawCannon(context);
    this.drawPopups(context, seconds);
  }

  private drawWater(context: CanvasRenderingContext2D, seconds: number): void {
    const water = context.createLinearGradient(0, 0, 0, SEA_HEIGHT);
    water.addColorStop(0, '#0e7490');
    water.addColorStop(0.55, '#0c4a6e');
    water.addColorStop(1, '#082f49');
    context.fillStyle = water;
    context.fillRect(0, 0, SEA_WIDTH, SEA_HEIGHT);
    context.fillStyle = 'rgba(255, 255, 255, 0.05)';
    for (let ray = 0; ray < 5; ray++) {
      const x = ((ray * 233 + seconds * 12) % (SEA_WIDTH + 200)) - 100;
      context.beginPath();
      context.moveTo(x, 0);
      context.lineTo(x + 60, 0);
      context.lineTo(x - 80, SEA_HEIGHT);
      context.lineTo(x - 150, SEA_HEIGHT);
      context.fill();
    }
    context.fillStyle = 'rgba(224, 242, 254, 0.35)';
    for (let bubble = 0; bubble < 18; bubble++) {
      const x = ((bubble * 151) % SEA_WIDTH) + Math.sin(seconds + bubble) * 6;
      const y = SEA_HEIGHT - ((seconds * (18 + (bubble % 5) * 6) + bubble * 97) % (SEA_HEIGHT + 20));
      context.beginPath();
      context.arc(x, y, 1.5 + (bubble % 3), 0, Math.PI * 2);
      context.fill();
    }
    context.fillStyle = '#a16207';
    context.fillRect(0, SEA_HEIGHT - 14, SEA_WIDTH, 14);
  }

  private drawBullets(context: CanvasRenderingContext2D, seconds: number): void {
    const kept: Bullet[] = [];
    for (const bullet of this.bullets) {
      const landsAt = bullet.firedAt + FLIGHT_SECONDS;
      const decidedAt = bullet.outcome ? Math.max(bullet.outcome.at, landsAt) : undefined;
      // The bullet follows its fish until the answer lands; the net or the pass-through stays where that happened.
      const target = this.target(bullet, decidedAt !== undefined && seconds >= decidedAt ? decidedAt : seconds);
      const flown = Math.min(1, (seconds - bullet.firedAt) / FLIGHT_SECONDS);
      if (decidedAt === undefined || seconds < decidedAt) {
        // In flight, or waiting on the fish for the server's answer.
        drawBullet(context, lerp(CANNON.x, target.x, flown), lerp(CANNON.y, target.y, flown), 1);
        kept.push(bullet);
        continue;
      }
      const since = seconds - decidedAt;
      if (bullet.outcome!.caught) {
        if (since > NET_SECONDS) continue;
        drawNet(context, target.x, target.y, bullet.swimmer.look.size, since / NET_SECONDS);
      } else {
        if (since > PASS_SECONDS) continue;
        // A miss: the bullet passes through and on, fading.
        const length = Math.hypot(target.x - CANNON.x, target.y - CANNON.y) || 1;
        const beyond = (since / PASS_SECONDS) * 240;
        drawBullet(context, target.x + ((target.x - CANNON.x) / length) * beyond, target.y + ((target.y - CANNON.y) / length) * beyond, 1 - since / PASS_SECONDS);
      }
      kept.push(bullet);
    }
    this.bullets = kept;
  }

  private drawCannon(context: CanvasRenderingContext2D): void {
    context.save();
    context.translate(CANNON.x, CANNON.y);
    context.rotate(this.aim + Math.PI / 2);
    context.fillStyle = '#e2e8f0';
    const length = 42 + Math.min(this.level, 10) * 2.5;
    const width = 12 + Math.min(this.level, 10) * 0.8;
    context.fillRect(-width / 2, -length, width, length);
    context.fillStyle = '#f59e0b';
    context.fillRect(-width / 2 - 2, -length, width + 4, 6);
    context.restore();
    context.fillStyle = '#475569';
    context.beginPath();
    context.arc(CANNON.x, CANNON.y, 24, Math.PI, 0);
    context.fill();
    context.fillStyle = '#f8fafc';
    context.font = 'bold 13px system-ui, sans-serif';
    context.textAlign = 'center';
    context.fillText(String(this.level), CANNON.x, CANNON.y + 2);
  }

  private drawPopups(context: CanvasRenderingContext2D, seconds: number): void {
    this.popups = this.popups.filter((popup) => seconds - popup.at < POPUP_SECONDS);
    for (const popup of this.popups) {
      const age = seconds - popup.at;
      if (age < 0) continue;
      context.globalAlpha = Math.max(0, 1 - age / POPUP_SECONDS);
      context.fillStyle = popup.color;
      context.font = 'bold 20px system-ui, sans-serif';
      context.textAlign = 'center';
      context.fillText(popup.text, popup.x, popup.y - age * 30);
      context.globalAlpha = 1;
    }
  }
}

function drawFish(context: CanvasRenderingContext2D, swimmer: Swimmer, place: Place, seconds: number): void {
  const { size, color, fin } = swimmer.look;
  context.save();
  context.translate(place.x, place.y);
  context.scale(swimmer.direction, 1);
  context.rotate(place.tilt);
  const wag = Math.sin(seconds * 8 + swimmer.id) * size * 0.12;
  if (swimmer.fish.kind === 'octopus' || swimmer.fish.kind === 'kraken') {
    // Cephalopods: a head and waving arms trailing behind.
    context.strokeStyle = color;
    context.lineWidth = Math.max(3, size * 0.12);
    for (let arm = 0; arm < 6; arm++) {
      const spread = (arm - 2.5) * size * 0.14;
      context.beginPath();
      context.moveTo(-size * 0.2, spread * 0.6);
      context.quadraticCurveTo(-size * 0.8, spread + Math.sin(seconds * 5 + arm) * size * 0.2, -size * 1.2, spread * 1.4);
      context.stroke();
    }
    context.fillStyle = color;
    context.beginPath();
    context.ellipse(size * 0.15, 0, size * 0.6, size * 0.5, 0, 0, Math.PI * 2);
    context.fill();
    if (swimmer.fish.boss) {
      context.fillStyle = fin;
      context.beginPath();
      context.moveTo(size * 0.1, -size * 0.45);
      context.lineTo(size * 0.2, -size * 0.75);
      context.lineTo(size * 0.3, -size * 0.5);
      context.lineTo(size * 0.45, -size * 0.78);
      context.lineTo(size * 0.5, -size * 0.42);
      context.fill();
    }
  } else {
    context.fillStyle = fin;
    context.beginPath();
    context.moveTo(-size * 0.7, 0);
    context.lineTo(-size * 1.15, -size * 0.45 + wag);
    context.lineTo(-size * 1.15, size * 0.45 + wag);
    context.closePath();
    context.fill();
    context.fillStyle = color;
    context.beginPath();
    context.ellipse(0, 0, size, size * 0.55, 0, 0, Math.PI * 2);
    context.fill();
    if (swimmer.fish.kind === 'turtle') {
      context.strokeStyle = fin;
      context.lineWidth = 2;
      context.beginPath();
      context.ellipse(-size * 0.1, 0, size * 0.6, size * 0.38, 0, 0, Math.PI * 2);
      context.stroke();
    }
    if (swimmer.fish.kind === 'shark') {
      context.fillStyle = fin;
      context.beginPath();
      context.moveTo(-size * 0.1, -size * 0.5);
      context.lineTo(-size * 0.35, -size * 0.95);
      context.lineTo(-size * 0.45, -size * 0.45);
      context.fill();
    }
  }
  context.fillStyle = '#0f172a';
  context.beginPath();
  context.arc(size * 0.55, -size * 0.15, Math.max(2, size * 0.08), 0, Math.PI * 2);
  context.fill();
  context.restore();
  context.fillStyle = swimmer.fish.boss ? '#fde047' : '#f8fafc';
  context.font = `bold ${Math.round(10 + Math.min(size, 60) * 0.15)}px system-ui, sans-serif`;
  context.textAlign = 'center';
  context.fillText(`×${swimmer.fish.multiplier}`, place.x, place.y - size * 0.62 - 4);
}

function drawBullet(context: CanvasRenderingContext2D, x: number, y: number, alpha: number): void {
  context.globalAlpha = Math.max(0, alpha);
  context.fillStyle = '#fde68a';
  context.beginPath();
  context.arc(x, y, 5, 0, Math.PI * 2);
  context.fill();
  context.globalAlpha = 1;
}

function drawNet(context: CanvasRenderingContext2D, x: number, y: number, size: number, share: number): void {
  const radius = size * (0.6 + share * 0.9);
  context.globalAlpha = 1 - share * 0.7;
  context.strokeStyle = '#fef08a';
  context.lineWidth = 2;
  context.beginPath();
  context.arc(x, y, radius, 0, Math.PI * 2);
  context.stroke();
  for (let line = 0; line < 6; line++) {
    const angle = (line / 6) * Math.PI;
    context.beginPath();
    context.moveTo(x + Math.cos(angle) * radius, y + Math.sin(angle) * radius);
    context.lineTo(x - Math.cos(angle) * radius, y - Math.sin(angle) * radius);
    context.stroke();
  }
  context.globalAlpha = 1;
}
