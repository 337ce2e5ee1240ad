import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type Database, type Executor, type Outbox } from '@wps/platform';
import { formatMinor, parseMajor, type BetSettled } from '@wps/contracts';
import { transferLegs } from '../domain/ledger.js';
import { ensureAccount, findAccount, postTransaction, type AccountRef } from '../infra/ledger-store.js';
import { announceBalances } from './balances.js';
import type { JackpotConfig } from '../config.js';

const poolRef = (merchantCode: string, currency: string): AccountRef => ({ merchantCode, ownerType: 'house', ownerId: 'jackpot', kind: 'pool', currency });
const fundingRef = (merchantCode: string, currency: string): AccountRef => ({ merchantCode, ownerType: 'house', ownerId: 'jackpot', kind: 'funding', currency });

/** A replay of the same bet draws the same number: the draw is the bet id's hash, read as a fraction of 2^53. */
export function jackpotDraw(betId: string): number {
  const digest = createHash('sha256').update(`jackpot:${betId}`).digest();
  return Number(digest.readBigUInt64BE(0) >> 11n) / 2 ** 53;
}

export const jackpotHits = (betId: string, probability: number): boolean => jackpotDraw(betId) < probability;

/**
 * The progressive jackpot. Every eligible settled bet moves a share of its valid amount from the house to the brand's
 * pool account; a hit pays the whole pool to the member and the house puts the seed back. All of it is ledger
 * transactions with cause `jackpot`, written in the transaction that records the bet, once per bet id.
 */
export class Jackpot {
  constructor(private readonly deps: { db: Database; outbox: Outbox; config: JackpotConfig }) {}

  private seedMinor(currency: string): bigint {
    return parseMajor(this.deps.config.WALLET_JACKPOT_SEED, currency) ?? 0n;
  }

  async pool(input: { merchantCode: string; currency: string }): Promise<{ amount: string; amountMinor: string; currency: string }> {
    const pool = await findAccount(this.deps.db.orm, poolRef(input.merchantCode, input.currency));
    // Before the first eligible bet the pool is not funded yet; it will open at the seed.
    const minor = pool ? BigInt(pool.balance_minor) : this.seedMinor(input.currency);
    return { amount: formatMinor(minor, input.currency), amountMinor: minor.toString(), currency: input.currency };
  }

  async recordSettledBet(tx: Executor, bet: BetSettled): Promise<void> {
    const { config } = this.deps;
    if (config.WALLET_JACKPOT_SHARE_BP === 0 || bet.state !== 'settled' || !config.WALLET_JACKPOT_GAME_TYPES.includes(bet.gameType.toUpperCase())) return;
    const contributionMinor = (BigInt(bet.validBetMinor) * BigInt(config.WALLET_JACKPOT_SHARE_BP)) / 10_000n;
    const hit = jackpotHits(bet.betId, config.WALLET_JACKPOT_HIT_PROBABILITY);
    const first = await rows<{ bet_id: string }>(
      tx,
      sql`INSERT INTO wallet.jackpot_bets (bet_id, merchant_code, member_id, currency, contribution_minor, hit)
          VALUES (${bet.betId}, ${bet.merchantCode}, ${bet.memberId}, ${bet.currency}, ${contributionMinor.toString()}::bigint, ${hit})
          ON CONFLICT (bet_id) DO NOTHING RETURNING bet_id`,
    );
    if (first.length === 0) return;
    const funding = await ensureAccount(tx, fundingRef(bet.merchantCode, bet.currency), true);
    let pool = await ensureAccount(tx, poolRef(bet.merchantCode, bet.currency));
    const seed = this.seedMinor(bet.currency);
    const move = async (from: string, to: string, amountMinor: bigint, ref: string) => {
      const posted = await postTransaction(tx, {
        merchantCode: bet.merchantCode,
        cause: 'jackpot',
        causeRef: ref,
        actor: 'jackpot',
        legs: transferLegs(from, to, bet.currency, amountMinor),
      });
      const poolLeg = posted.legs.find((leg) => leg.accountId === pool.id);
      if (poolLeg) pool = { ...pool, balance_minor: poolLeg.balanceAfterMinor.toString(), version: String(poolLeg.version) };
      return posted;
    };
    if (BigInt(pool.balance_minor) === 0n && seed > 0n) await move(funding.id, pool.id, seed, `seed:${bet.betId}`);
    if (contributionMinor > 0n) await move(funding.id, pool.id, contributionMinor, `contribution:${bet.betId}`);
    if (hit && BigInt(pool.balance_minor) > 0n) {
      const member = await ensureAccount(tx, { merchantCode: bet.merchantCode, ownerType: 'member', ownerId: bet.memberId, currency: bet.currency });
      const paidMinor = BigInt(pool.balance_minor);
      const paid = await move(pool.id, member.id, paidMinor, `hit:${bet.betId}`);
      await announceBalances(this.deps.outbox, tx, bet.merchantCode, paid.transactionId, 'jackpot', paid.legs);
      await tx.execute(sql`UPDATE wallet.jackpot_bets SET paid_minor = ${paidMinor.toString()}::bigint WHERE bet_id = ${bet.betId}`);
      if (seed > 0n) await move(funding.id, pool.id, seed, `reseed:${bet.betId}`);
    }
    await this.deps.outbox.add(tx, 'lobby.changed', bet.merchantCode, {
      merchantCode: bet.merchantCode,
      pushType: 'jackpot',
      version: Number(pool.version),
      data: { amount: formatMinor(BigInt(pool.balance_minor), bet.currency), currency: bet.currency },
    });
  }
}
