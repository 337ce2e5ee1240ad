import { randomUUID } from 'node:crypto';
import { EVENTS, formatMinor, type EventPayload, type EventType, type VendorAnswer, type VendorOperation } from '@wps/contracts';
import { AppError, createEnvelope } from '@wps/platform';
import { validBetMinor, type Round } from '../../domain/rounds.js';
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
  /** The write moves the version once for the call itself, then once per posting. */
  private version: number;
  private lastPostingId: string | undefined;
  private readonly merchantCode: string;

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
  }

  /** Moves `memberDeltaMinor` between the member and the round's house sub-account; nothing when it is zero. */
  async move(cause: Cause, roundId: string, gameType: string, memberDeltaMinor: bigint): Promise<void> {
    if (memberDeltaMinor === 0n) return;
    const house = await this.accounts.houseAccountId(this.merchantCode, this.vendor, gameType, roundId, this.call.currency);
    this.post(cause, roundId, house, memberDeltaMinor);
  }

  /** A posting between the member and one counter account; the member's side is `memberDeltaMinor`. */
  post(cause: Cause, roundId: string | null, counterAccountId: string, memberDeltaMinor: bigint): void {
    const balanceAfter = this.balanceMinor + memberDeltaMinor;
    // The account's CHECK would refuse it too; refusing here saves the round trip.
    if (balanceAfter < 0n) throw new AppError('INSUFFICIENT_FUNDS');
    const id = randomUUID();
    const { currency } = this.call;
    this.postings.push({
      id,
      merchantCode: this.merchantCode,
      cause,
      causeRef: `${this.vendor}:${roundId ?? this.call.transactionId}`,
      actor: `vendor:${this.vendor}`,
      // A second line of defence under vendor_transactions: the ledger itself refuses to post one call's movement twice.
      idempotencyKey: `${this.call.player}:${this.call.transactionId}:${cause}`,
      requestHash: this.hash,
      legs: [
        { accountId: this.account.id, currency, amountMinor: memberDeltaMinor.toString() },
        { accountId: counterAccountId, currency, amountMinor: (-memberDeltaMinor).toString() },
      ],
    });
    this.balanceMinor = balanceAfter;
    this.version += 1;
    this.lastPostingId = id;
    this.event('balance.changed', this.call.player, {
      memberId: this.call.player,
      merchantCode: this.merchantCode,
      currency,
      balanceMinor: balanceAfter.toString(),
      balance: formatMinor(balanceAfter, currency),
      version: this.version,
      transactionId: id,
      cause,
      amountMinor: memberDeltaMinor.toString(),
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
      balance: formatMinor(this.balanceMinor, this.call.currency),
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
