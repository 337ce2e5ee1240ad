import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, vendorSignature, type Database, type Logger } from '@wps/platform';
import type { LotteryDrawBody, SignedVendorCallInput } from '@wps/contracts';

/** The demo catalogue's lottery vendors; the embedded demo plays all four so a fresh start shows real draws. */
export const DEMO_LOTTERY_VENDORS = ['LOTT', 'ELOTT', 'TCG_LOTTO_VN', 'TCG_SEA'] as const;

/** VN-style results have five digits; the others three, each 0–9. */
export const digitsPerDraw = (vendor: string): number => (vendor === 'TCG_LOTTO_VN' ? 5 : 3);

/** Draw numbers name the draw's slot, so a restart within the slot reports the same draw (and is refused if it differs). */
export function drawNoOf(slotStartMs: number): string {
  return new Date(slotStartMs)
    .toISOString()
    .replace(/[-:TZ]/g, '')
    .slice(0, 14);
}

export function drawNumbers(vendor: string): string[] {
  return Array.from({ length: digitsPerDraw(vendor) }, () => String(randomInt(0, 10)));
}

export interface DemoLotteryDeps {
  db: Database;
  logger: Logger;
  /** The demo vendors' secrets; a vendor without one does not draw. */
  vendorSecrets: ReadonlyMap<string, string>;
  /** The signed draw call, taken exactly as a real vendor's call through the gateway. */
  reportDraw(call: SignedVendorCallInput): Promise<unknown>;
  intervalMs: number;
}

/**
 * A stand-in lottery vendor for the embedded demo: on start and then once per interval it draws every demo lottery
 * game's numbers with node:crypto and reports them through the signed vendor call, signed with the vendor's secret.
 */
export class DemoLotteryVendor {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly deps: DemoLotteryDeps) {}

  start(): void {
    this.tick();
    this.timer = setInterval(() => this.tick(), this.deps.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One draw per game at a time: a slow round is skipped rather than stacked. */
  private tick(): void {
    if (this.running || this.stopped) return;
    this.running = this.drawAll()
      .then(() => undefined)
      .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'demo lottery draw failed'))
      .finally(() => (this.running = undefined));
  }

  async drawAll(): Promise<number> {
    const vendors = DEMO_LOTTERY_VENDORS.filter((vendor) => this.deps.vendorSecrets.has(vendor));
    if (vendors.length === 0) return 0;
    const games = await rows<{ vassalage: string; game_code: string }>(
      this.deps.db.orm,
      sql`SELECT g.vassalage, g.game_code FROM games.games g JOIN games.vendors v ON v.vassalage = g.vassalage
          WHERE v.adapter = 'lottery' AND g.enabled AND g.game_type IN ('LOTT', 'ELOTT') AND g.vassalage = ANY(${`{${vendors.join(',')}}`}::text[])
          ORDER BY g.vassalage, g.sort_order, g.node_id`,
    );
    const slotStart = Math.floor(Date.now() / this.deps.intervalMs) * this.deps.intervalMs;
    let reported = 0;
    for (const game of games) {
      if (this.stopped) break;
      const body: LotteryDrawBody = { gameCode: game.game_code, drawNo: drawNoOf(slotStart), numbers: drawNumbers(game.vassalage), drawnAt: new Date().toISOString() };
      const raw = JSON.stringify(body);
      const timestamp = String(Date.now());
      const secret = this.deps.vendorSecrets.get(game.vassalage)!;
      try {
        await this.deps.reportDraw({ vendor: game.vassalage, timestamp, signature: vendorSignature(secret, timestamp, raw), body: raw });
        reported++;
      } catch (error) {
        // A restart within the slot finds the slot's draw already published: that one stands.
        if ((error as { code?: string }).code !== 'LOTTERY_DRAW_CONFLICT') throw error;
      }
    }
    return reported;
  }
}
