import { sql } from 'drizzle-orm';
import { rows, type Subscription } from '@wps/platform';
import type { NoticesDeps } from '../module.js';
import { nextChange } from '../content/rules.js';
import { nextBroadcastVersion } from './counts.js';

type Deps = Pick<NoticesDeps, 'db' | 'outbox' | 'wakeRelay' | 'logger'>;

/** Broadcasts announced per transaction when many expire at once. */
const EXPIRIES_PER_ROUND = 100;
/**
 * The longest the timer sleeps. The process that sends a broadcast looks again at once; the others find it within
 * this, so its expiry is announced on time, or this late at worst if that process stopped meanwhile.
 */
const RECHECK_MS = 60_000;
/** After a failed round, or while another process is announcing the next expiry, the next look waits this long. */
const RETRY_MS = 1_000;

/** Not withdrawn, with an expiry whose announcement is not written yet. */
const EXPIRY_PENDING = sql`expires_at IS NOT NULL AND expiry_announced_at IS NULL AND withdrawn_at IS NULL`;

/**
 * A broadcast stops counting when it expires, so its members' counts drop by themselves: the timer for the next
 * expiry announces each one as `inbox.broadcast` (change `expired`), as a send or a withdrawal is announced, and every
 * gateway pushes the new counts of its connected members. The announcement is written in the transaction that marks
 * the broadcast announced and moves the brand's broadcast stamp, its rows claimed with SKIP LOCKED: among several
 * notices processes, and across restarts, each expiry is announced once. A relay that publishes it twice makes the
 * gateways read and push the same counts again, which changes nothing.
 */
export class BroadcastExpiries {
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  /** Asked to look again while a round was running. */
  private again = false;

  constructor(private readonly deps: Deps) {}

  start(): Subscription {
    this.running = true;
    this.look();
    return {
      close: async () => {
        this.running = false;
        clearTimeout(this.timer);
        await this.round;
      },
    };
  }

  /** Looks again now: a broadcast with an expiry was just sent, and the next expiry may be earlier. */
  look(): void {
    if (!this.running) return;
    if (this.round) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.round = this.announceDue()
      .catch((error: unknown) => {
        this.deps.logger.warn({ err: error }, 'broadcast expiries could not be announced; trying again shortly');
        return RETRY_MS;
      })
      .then((wait) => {
        this.round = undefined;
        if (!this.running) return;
        if (this.again) {
          this.again = false;
          this.look();
        } else this.timer = setTimeout(() => this.look(), wait);
      });
  }

  /** Announces every broadcast past its expiry that nobody announced yet; answers how long to wait for the next one (ms). */
  async announceDue(): Promise<number> {
    for (;;) {
      const announced = await this.deps.db.transaction(async (tx) => {
        const expired = await rows<{ id: string; merchant_code: string; expires_at: Date | string }>(
          tx,
          sql`UPDATE notices.broadcasts AS b SET expiry_announced_at = now(), version = ${nextBroadcastVersion(sql`b.merchant_code`)}
               WHERE b.id IN (SELECT id FROM notices.broadcasts WHERE ${EXPIRY_PENDING} AND expires_at <= now()
                               ORDER BY expires_at, id LIMIT ${EXPIRIES_PER_ROUND} FOR UPDATE SKIP LOCKED)
           RETURNING b.id::text AS id, b.merchant_code, b.expires_at`,
        );
        await this.deps.outbox.addAll(
          tx,
          'inbox.broadcast',
          expired.map((row) => ({
            key: row.merchant_code,
            payload: { broadcastId: row.id, merchantCode: row.merchant_code, change: 'expired' as const, at: new Date(row.expires_at).toISOString() },
          })),
        );
        return expired.length;
      });
      if (announced > 0) this.deps.wakeRelay();
      if (announced < EXPIRIES_PER_ROUND) break;
    }
    const [next] = await rows<{ created_at: Date | string; expires_at: Date | string; now: Date | string }>(
      this.deps.db.orm,
      sql`SELECT created_at, expires_at, now() AS now FROM notices.broadcasts WHERE ${EXPIRY_PENDING} ORDER BY expires_at LIMIT 1`,
    );
    if (!next) return RECHECK_MS;
    // Measured on the database's clock, which decides when a broadcast stops counting.
    const now = new Date(next.now);
    const at = nextChange([{ startsAt: new Date(next.created_at), endsAt: new Date(next.expires_at) }], now);
    // Already due, yet claimed by another process that is announcing it: look again shortly.
    if (!at) return RETRY_MS;
    return Math.min(at.getTime() - now.getTime() + 1, RECHECK_MS);
  }
}
