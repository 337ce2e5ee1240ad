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

  /**
   * Records a batch of settled bets, in order. Each eligible bet is seen once (by bet id) and draws once; the shares of
   * the bets between two hits move to the pool in one posting, which the bets name. A hit pays the whole pool, the
   * shares before it included, then the house puts the seed back. One pool push per brand and currency per batch.
   */
  /** Whether a settled bet takes part: a share is configured, the round settled (not cancelled), on a jackpot game type. */
  readonly eligible = (bet: BetSettled): boolean =>
    this.deps.config.WALLET_JACKPOT_SHARE_BP > 0 && bet.state === 'settled' && this.deps.config.WALLET_JACKPOT_GAME_TYPES.includes(bet.gameType.toUpperCase());

  async recordSettledBets(tx: Executor, bets: BetSettled[]): Promise<void> {
    const { config } = this.deps;
    const eligible = bets.filter(this.eligible);
    if (eligible.length === 0) return;
    const seen = new Map<string, BetSettled & { contributionMinor: bigint; hit: boolean }>();
    for (const bet of eligible) {
      if (seen.has(bet.betId)) continue;
      seen.set(bet.betId, {
        ...bet,
        contributionMinor: (BigInt(bet.validBetMinor) * BigInt(config.WALLET_JACKPOT_SHARE_BP)) / 10_000n,
        hit: jackpotHits(bet.betId, config.WALLET_JACKPOT_HIT_PROBABILITY),
      });
    }
    const values = [...seen.values()].map((bet) => ({
      bet_id: bet.betId,
      merchant_code: bet.merchantCode,
      member_id: bet.memberId,
      currency: bet.currency,
      contribution_minor: bet.contributionMinor.toString(),
      hit: bet.hit,
    }));
    const first = await rows<{ bet_id: string }>(
      tx,
      sql`INSERT INTO wallet.jackpot_bets (bet_id, merchant_code, member_id, currency, contribution_minor, hit)
          SELECT bet_id, merchant_code, member_id, currency, contribution_minor::bigint, hit
            FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS b(bet_id text, merchant_code text, member_id text, currency text, contribution_minor text, hit boolean)
          ON CONFLICT (bet_id) DO NOTHING RETURNING bet_id`,
    );
    const fresh = new Set(first.map((row) => row.bet_id));
    const pools = new Map<string, Array<BetSettled & { contributionMinor: bigint; hit: boolean }>>();
    for (const bet of seen.values()) {
      if (!fresh.has(bet.betId)) continue;
      const key = `${bet.merchantCode}\u0000${bet.currency}`;
      pools.set(key, [...(pools.get(key) ?? []), bet]);
    }
    for (const poolBets of pools.values()) await this.recordInPool(tx, poolBets);
  }

  private async recordInPool(tx: Executor, bets: Array<BetSettled & { contributionMinor: bigint; hit: boolean }>): Promise<void> {
    const { merchantCode, currency } = bets[0]!;
    const funding = await ensureAccount(tx, fundingRef(merchantCode, currency), true);
    let pool = await ensureAccount(tx, poolRef(merchantCode, currency));
    const seed = this.seedMinor(currency);
    const move = async (from: string, to: string, amountMinor: bigint, ref: string) => {
      const posted = await postTransaction(tx, { merchantCode, cause: 'jackpot', causeRef: ref, actor: 'jackpot', legs: transferLegs(from, to, currency, amountMinor) });
      const poolLeg = posted.legs.find((leg) => leg.accountId === pool.id);
      if (poolLeg) pool = { ...pool, balance_minor: poolLeg.balanceAfterMinor.toString(), version: String(poolLeg.version) };
      return posted;
    };
    // The shares not yet moved, and the bets they come from.
    let pendingMinor = 0n;
    let pendingBets: string[] = [];
    const moveShares = async () => {
      if (pendingMinor > 0n) {
        const posted = await move(funding.id, pool.id, pendingMinor, pendingBets.length === 1 ? `contribution:${pendingBets[0]}` : `contributions:${pendingBets[0]}+${pendingBets.length - 1}`);
        await tx.execute(
          sql`UPDATE wallet.jackpot_bets SET contribution_transaction_id = ${posted.transactionId}::uuid WHERE bet_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(pendingBets)}::jsonb))`,
        );
      }
      pendingMinor = 0n;
      pendingBets = [];
    };
    for (const bet of bets) {
      if (BigInt(pool.balance_minor) + pendingMinor === 0n && seed > 0n) await move(funding.id, pool.id, seed, `seed:${bet.betId}`);
      pendingMinor += bet.contributionMinor;
      pendingBets.push(bet.betId);
      if (!bet.hit) continue;
      await moveShares();
      if (BigInt(pool.balance_minor) === 0n) continue;
      const member = await ensureAccount(tx, { merchantCode, ownerType: 'member', ownerId: bet.memberId, currency });
      const paidMinor = BigInt(pool.balance_minor);
      const paid = await move(pool.id, member.id, paidMinor, `hit:${bet.betId}`);
      await announceBalances(this.deps.outbox, tx, merchantCode, paid.transactionId, 'jackpot', paid.legs);
      await tx.execute(sql`UPDATE wallet.jackpot_bets SET paid_minor = ${paidMinor.toString()}::bigint WHERE bet_id = ${bet.betId}`);
      if (seed > 0n) await move(funding.id, pool.id, seed, `reseed:${bet.betId}`);
    }
    await moveShares();
    await this.deps.outbox.add(tx, 'lobby.changed', merchantCode, {
      merchantCode,
      pushType: 'jackpot',
      version: Number(pool.version),
      data: { amount: formatMinor(BigInt(pool.balance_minor), currency), currency },
    });
  }
}
