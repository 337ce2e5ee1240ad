import { randomUUID } from 'node:crypto';
import { EVENTS, formatMinor, type EventPayload, type EventType, type VendorAnswer, type VendorOperation } from '@wps/contracts';
import { AppError, createEnvelope } from '@wps/platform';
import { validBetMinor, type Round } from '../../domain/rounds.js';
import { bonusShareOf, splitStake } from '../../domain/bonus-money.js';
import type { Cause } from '../../infra/ledger-store.js';
import type * as repo from './repository.js';

/** How a call leaves its round: still open, just settled or cancelled, or settled and corrected. */
export type RoundEffect = 'stays' | 'closes' | 'corrects';

interface HouseAccounts {
  houseAccountId(merchantCode: string, vendor: string, gameType: string, roundId: string, currency: string): Promise<string>;
}

/**
 * One keyed vendor call being decided: the ledger postings, the round's new state, the answer and the events, all
 * computed from one reading of the member's account. The member's balance and version after each posting follow from
 * that reading, because the write is refused if the account moved in between.
 */
export class CallPlan {
  private readonly postings: repo.DecidedCall['postings'] = [];
  private readonly events: repo.DecidedCall['events'] = [];
  private round: repo.DecidedCall['round'];
  private rolledBack: repo.DecidedCall['rolledBack'];
  private balanceMinor: bigint;
  /** The write moves the version once for the call itself, then once per posting that touches the account. */
  private version: number;
  private lastPostingId: string | undefined;
  private readonly merchantCode: string;
  /** The member's bonus balance as read (zero without a bonus account), and whether this call moves it. */
  private bonusMinor: bigint;
  private bonusTouched = false;
  /** The stakes of the call's round so far and the bonus money among them: the share its credits go back in. */
  private roundBetMinor: bigint;
  private roundBonusBetMinor: bigint;
  /** The bonus part of this call's own stake (a bet), stored with the call so a rollback returns it where it came from. */
  private callBonusMinor = 0n;

  constructor(
    private readonly accounts: HouseAccounts,
    private readonly vendor: string,
    private readonly call: { player: string; currency: string; transactionId: string },
    private readonly account: repo.MemberAccountRow,
    private readonly hash: string,
    private readonly reading: repo.CallReading,
  ) {
    this.balanceMinor = BigInt(account.balance_minor);
    this.version = Number(account.version) + 1;
    this.merchantCode = account.merchant_code;
    this.bonusMinor = BigInt(reading.bonus?.account?.balance_minor ?? 0);
    this.roundBetMinor = reading.round?.betTotalMinor ?? 0n;
    this.roundBonusBetMinor = reading.round?.bonusBetMinor ?? 0n;
  }

  /** A bonus is wagering: bonus money may be staked, and the round's bonus share of a credit goes back to it. */
  private get bonusWagering(): boolean {
    return this.reading.bonus?.latest?.state === 'wagering' && this.reading.bonus.account !== null;
  }

  /** The largest stake accepted while a bonus is wagering, if its terms set one. */
  get maxBetMinor(): bigint | undefined {
    const latest = this.reading.bonus?.latest;
    return latest?.state === 'wagering' && latest.max_bet_minor ? BigInt(latest.max_bet_minor) : undefined;
  }

  /** The bonus wagering when this call is decided; its wagering counts the round's bet. */
  private get wageringBonusId(): string | undefined {
    return this.bonusWagering ? this.reading.bonus!.latest!.id : undefined;
  }

  /** What the vendor may take: cash and, while a bonus is wagering, bonus money. */
  private get playableMinor(): bigint {
    return this.balanceMinor + (this.bonusWagering ? this.bonusMinor : 0n);
  }

  /**
   * A stake from the member into the round's house sub-account: cash first, then bonus money while a bonus is wagering.
   * The round remembers how much of its stakes was bonus money.
   */
  async stake(cause: Cause, roundId: string, gameType: string, amountMinor: bigint): Promise<void> {
    if (amountMinor === 0n) return;
    const split = splitStake(amountMinor, this.balanceMinor, this.bonusMinor, this.bonusWagering);
    if (!split) throw new AppError('INSUFFICIENT_FUNDS');
    const house = await this.accounts.houseAccountId(this.merchantCode, this.vendor, gameType, roundId, this.call.currency);
    this.postSplit(cause, roundId, house, -split.cashMinor, -split.bonusMinor);
    this.roundBetMinor += amountMinor;
    this.roundBonusBetMinor += split.bonusMinor;
    this.callBonusMinor += split.bonusMinor;
  }

  /**
   * Moves `memberDeltaMinor` between the member and the round's house sub-account; nothing when it is zero. A credit
   * goes back in the share the round's stakes were bonus money; a debit (a correction) takes that share from the bonus
   * balance first, as far as it goes, and the rest from cash.
   */
  async move(cause: Cause, roundId: string, gameType: string, memberDeltaMinor: bigint): Promise<void> {
    if (memberDeltaMinor === 0n) return;
    const magnitude = memberDeltaMinor < 0n ? -memberDeltaMinor : memberDeltaMinor;
    const share = bonusShareOf(magnitude, this.roundBonusBetMinor, this.roundBetMinor);
    const house = await this.accounts.houseAccountId(this.merchantCode, this.vendor, gameType, roundId, this.call.currency);
    if (memberDeltaMinor > 0n) {
      this.credit(cause, roundId, house, memberDeltaMinor - share, share);
      return;
    }
    const fromBonus = this.bonusWagering ? (share < this.bonusMinor ? share : this.bonusMinor) : 0n;
    this.postSplit(cause, roundId, house, -(magnitude - fromBonus), -fromBonus);
  }

  /** A rolled-back stake goes back where it came from: `bonusMinor` of it to the bonus balance. */
  async refund(roundId: string, gameType: string, amountMinor: bigint, bonusMinor: bigint): Promise<void> {
    const house = await this.accounts.houseAccountId(this.merchantCode, this.vendor, gameType, roundId, this.call.currency);
    this.credit('rollback', roundId, house, amountMinor - bonusMinor, bonusMinor);
    this.roundBetMinor -= amountMinor;
    this.roundBonusBetMinor -= bonusMinor > this.roundBonusBetMinor ? this.roundBonusBetMinor : bonusMinor;
  }

  /**
   * A credit of `cashMinor` in cash and `bonusMinor` of bonus money. Bonus money goes to the bonus balance while a
   * bonus is wagering; once the member's last bonus turned into cash it is cash too; a forfeited or expired bonus's
   * winnings stay with the house.
   */
  private credit(cause: Cause, roundId: string, house: string, cashMinor: bigint, bonusMinor: bigint): void {
    const latest = this.reading.bonus?.latest?.state;
    if (bonusMinor > 0n && !this.bonusWagering) {
      if (latest === 'forfeited' || latest === 'expired') bonusMinor = 0n;
      else {
        cashMinor += bonusMinor;
        bonusMinor = 0n;
      }
    }
    this.postSplit(cause, roundId, house, cashMinor, bonusMinor);
  }

  /** A posting between the member and one counter account; the member's side is `memberDeltaMinor`, all cash. */
  post(cause: Cause, roundId: string | null, counterAccountId: string, memberDeltaMinor: bigint): void {
    this.postSplit(cause, roundId, counterAccountId, memberDeltaMinor, 0n);
  }

  /** One posting: the member's cash side, its bonus side, and the counter account taking the opposite of both. */
  private postSplit(cause: Cause, roundId: string | null, counterAccountId: string, cashDeltaMinor: bigint, bonusDeltaMinor: bigint): void {
    const total = cashDeltaMinor + bonusDeltaMinor;
    if (total === 0n) return;
    const balanceAfter = this.balanceMinor + cashDeltaMinor;
    const bonusAfter = this.bonusMinor + bonusDeltaMinor;
    // The accounts' CHECK would refuse it too; refusing here saves the round trip.
    if (balanceAfter < 0n || bonusAfter < 0n) throw new AppError('INSUFFICIENT_FUNDS');
    const id = randomUUID();
    const { currency } = this.call;
    const legs: repo.DecidedCall['postings'][number]['legs'] = [];
    if (cashDeltaMinor !== 0n) legs.push({ accountId: this.account.id, currency, amountMinor: cashDeltaMinor.toString() });
    if (bonusDeltaMinor !== 0n) legs.push({ accountId: this.reading.bonus!.account!.id, currency, amountMinor: bonusDeltaMinor.toString() });
    legs.push({ accountId: counterAccountId, currency, amountMinor: (-total).toString() });
    this.postings.push({
      id,
      merchantCode: this.merchantCode,
      cause,
      causeRef: `${this.vendor}:${roundId ?? this.call.transactionId}`,
      actor: `vendor:${this.vendor}`,
      // A second line of defence under vendor_transactions: the ledger itself refuses to post one call's movement twice.
      idempotencyKey: `${this.call.player}:${this.call.transactionId}:${cause}`,
      requestHash: this.hash,
      legs,
    });
    this.lastPostingId = id;
    if (bonusDeltaMinor !== 0n) {
      this.bonusMinor = bonusAfter;
      this.bonusTouched = true;
    }
    if (cashDeltaMinor === 0n) return;
    this.balanceMinor = balanceAfter;
    this.version += 1;
    this.event('balance.changed', this.call.player, {
      memberId: this.call.player,
      merchantCode: this.merchantCode,
      currency,
      balanceMinor: balanceAfter.toString(),
      balance: formatMinor(balanceAfter, currency),
      version: this.version,
      transactionId: id,
      cause,
      amountMinor: cashDeltaMinor.toString(),
    });
  }

  /** The round's new state; `before` is what the reading saw (none for a new round), which the write checks again. */
  saveRound(before: repo.StoredRound | undefined, after: Round & { roundId: string; gameType: string; gameCode: string | null }, effect: RoundEffect): void {
    const revision = (before?.revision ?? 0) + (effect === 'corrects' ? 1 : 0);
    const settledAt = before?.settledAt ?? (effect === 'closes' ? new Date().toISOString() : null);
    this.round = {
      vendor: this.vendor,
      roundId: after.roundId,
      memberId: this.call.player,
      merchantCode: this.merchantCode,
      currency: this.call.currency,
      gameType: after.gameType,
      gameCode: after.gameCode,
      state: after.state,
      betTotalMinor: after.betTotalMinor.toString(),
      winTotalMinor: after.winTotalMinor.toString(),
      adjustTotalMinor: after.adjustTotalMinor.toString(),
      revision,
      settledAt,
      bonusBetMinor: this.roundBonusBetMinor.toString(),
      expected: before
        ? {
            state: before.state,
            betTotalMinor: before.betTotalMinor.toString(),
            winTotalMinor: before.winTotalMinor.toString(),
            adjustTotalMinor: before.adjustTotalMinor.toString(),
            revision: before.revision,
          }
        : null,
    };
    if (effect === 'stays' || after.state === 'open') return;
    const lineage = this.reading.lineage ?? { account: null, agentPath: null };
    const betId = `${this.vendor}:${after.roundId}`;
    this.event('bet.settled', betId, {
      betId,
      vendor: this.vendor,
      roundId: after.roundId,
      gameType: after.gameType,
      gameCode: after.gameCode,
      memberId: this.call.player,
      merchantCode: this.merchantCode,
      account: lineage.account,
      agentPath: lineage.agentPath,
      currency: this.call.currency,
      betAmountMinor: after.betTotalMinor.toString(),
      validBetMinor: validBetMinor(after).toString(),
      winAmountMinor: after.winTotalMinor.toString(),
      adjustAmountMinor: after.adjustTotalMinor.toString(),
      state: after.state,
      revision,
      settledAt: settledAt ?? new Date().toISOString(),
      ...(this.wageringBonusId ? { bonusId: this.wageringBonusId } : {}),
    });
  }

  markRolledBack(betTransactionId: string): void {
    this.rolledBack = { vendor: this.vendor, playerId: this.call.player, transactionId: betTransactionId };
  }

  /** The answer, stored with the call so that a replay gets exactly it. */
  finish(
    operation: VendorOperation,
    roundId: string | null,
    targetTransactionId: string | null,
    amountMinor: bigint,
    roundState?: Round['state'],
  ): { answer: VendorAnswer; decided: repo.DecidedCall } {
    const state = roundState ?? (this.round?.state as Round['state'] | undefined);
    const answer: VendorAnswer = {
      balance: formatMinor(this.playableMinor, this.call.currency),
      currency: this.call.currency,
      transactionId: this.call.transactionId,
      ...(this.lastPostingId ? { ledgerTransactionId: this.lastPostingId } : {}),
      ...(state ? { roundState: state } : {}),
    };
    return {
      answer,
      decided: {
        memberAccountId: this.account.id,
        expectedVersion: this.account.version,
        ...(this.bonusTouched ? { bonusAccountId: this.reading.bonus!.account!.id, expectedBonusVersion: this.reading.bonus!.account!.version } : {}),
        postings: this.postings,
        ...(this.round ? { round: this.round } : {}),
        ...(this.rolledBack ? { rolledBack: this.rolledBack } : {}),
        call: {
          vendor: this.vendor,
          playerId: this.call.player,
          transactionId: this.call.transactionId,
          operation,
          roundId,
          targetTransactionId,
          amountMinor: amountMinor.toString(),
          requestHash: this.hash,
          response: answer,
          ledgerTransactionId: this.lastPostingId ?? null,
          bonusMinor: this.callBonusMinor.toString(),
        },
        events: this.events,
      },
    };
  }

  private event<T extends EventType>(type: T, key: string, payload: EventPayload<T>): void {
    const envelope = createEnvelope(type, key, payload, 'wallet');
    this.events.push({ id: envelope.id, topic: EVENTS[type].topic, key, envelope });
  }
}
