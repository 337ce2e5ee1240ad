import { randomBytes } from 'node:crypto';
import {
  betRecordPageSchema,
  formatMinor,
  parseMajor,
  vendorBodySchemas,
  type VendorAnswer,
  type VendorBody,
  type VendorCallInput,
  type VendorOperation,
} from '@wps/contracts';
import { AppError, type Database, type Executor, type Logger, type Outbox, type OutboxRelay } from '@wps/platform';
import type { z } from 'zod';
import type { WalletConfig } from '../../config.js';
import { requestHash } from '../../domain/idempotency.js';
import {
  adjustRound,
  creditWin,
  HOUSE_SHARDS,
  houseShardFor,
  houseShardKind,
  placeBet,
  resettleRound,
  rollBackBet,
  validBetMinor,
  voidRound,
  type Round,
  type RoundDecision,
} from '../../domain/rounds.js';
import { ensureAccount, findAccount, postTransaction, type Cause } from '../../infra/ledger-store.js';
import { announceBalances } from '../balances.js';
import * as repo from './repository.js';
import { signatureMatches, timestampFresh } from './signature.js';

export const DEMO_VENDORS = [
  { code: 'HOUSE', name: 'House games' },
  { code: 'SIMVENDOR', name: 'Vendor simulator' },
] as const;

const isUniqueViolation = (error: unknown): boolean => {
  for (let current: unknown = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if ((current as { code?: string }).code === '23505') return true;
  }
  return false;
};

/** One keyed call in flight: who, which member account, and what it has moved so far. */
interface CallContext {
  tx: Executor;
  vendor: string;
  player: string;
  currency: string;
  merchantCode: string;
  memberAccountId: string;
  transactionId: string;
  hash: string;
  ledgerTransactionId?: string;
}

export interface VendorWalletDeps {
  db: Database;
  outbox: Outbox;
  relay: () => OutboxRelay | undefined;
  config: WalletConfig;
  logger: Logger;
  now?: () => number;
}

/**
 * The seamless wallet: verifies a vendor's signed call, then applies it once. Every keyed call locks the member's
 * account first, so calls of one member (a bet and its early rollback, two retries) run one after the other, while
 * the house side is spread over sub-accounts so different members do not queue on one row.
 */
export class VendorWallet {
  private readonly now: () => number;
  /** Vendors are read on every call and change rarely: kept a few seconds, so a disabled vendor stops soon after. */
  private readonly vendors = new Map<string, { vendor: repo.VendorRow | undefined; at: number }>();
  /** Account ids never change once opened; the house sub-accounts are looked up on every bet and win. */
  private readonly houseAccountIds = new Map<string, string>();
  constructor(private readonly deps: VendorWalletDeps) {
    this.now = deps.now ?? Date.now;
  }

  private async vendor(code: string): Promise<repo.VendorRow | undefined> {
    const cached = this.vendors.get(code);
    if (cached && Date.now() - cached.at < 5_000) return cached.vendor;
    const vendor = await repo.findVendor(this.deps.db.orm, code);
    if (this.vendors.size > 10_000) this.vendors.clear();
    this.vendors.set(code, { vendor, at: Date.now() });
    return vendor;
  }

  /** Configured secrets win; the embedded demo vendors get a random one at first start, logged once. */
  async provisionVendors(): Promise<void> {
    const { db, config, logger } = this.deps;
    for (const [code, secret] of config.WALLET_VENDOR_SECRETS) await repo.upsertVendorSecret(db.orm, code, secret);
    if (!config.WALLET_DEMO_VENDORS) return;
    for (const vendor of DEMO_VENDORS) {
      if (config.WALLET_VENDOR_SECRETS.has(vendor.code)) continue;
      const secret = randomBytes(24).toString('hex');
      if (await repo.insertVendorIfMissing(db.orm, vendor.code, vendor.name, secret)) {
        logger.info({ vendor: vendor.code, secret }, 'demo vendor secret generated; set WALLET_VENDOR_SECRETS to choose your own');
      }
    }
  }

  async call(input: VendorCallInput): Promise<VendorAnswer> {
    const vendor = await this.vendor(input.vendor);
    // An unknown vendor and a bad signature answer alike, so the answer does not tell which vendor codes exist.
    if (!vendor || !vendor.enabled || !signatureMatches(vendor.secret, input.timestamp, input.body, input.signature)) throw new AppError('VENDOR_UNAUTHORIZED');
    if (!timestampFresh(input.timestamp, this.now(), this.deps.config.WALLET_VENDOR_SKEW_SECONDS)) throw new AppError('VENDOR_TIMESTAMP_EXPIRED');
    let json: unknown;
    try {
      json = JSON.parse(input.body);
    } catch {
      throw new AppError('VALIDATION_FAILED', { field: 'body' });
    }
    const operation = input.operation;
    if (operation === 'balance') return this.balance(vendorBodySchemas.balance.parse(json));
    const body = (vendorBodySchemas[operation] as z.ZodType).parse(json) as VendorBody<Exclude<VendorOperation, 'balance'>>;
    const amounts = this.amountsOf(operation, body);
    const hash = requestHash({ operation, ...body, ...Object.fromEntries(Object.entries(amounts).map(([name, minor]) => [name, minor.toString()])) });
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await this.deps.db.transaction((tx) => this.keyed(tx, vendor.code, operation, body, amounts, hash));
        this.deps.relay()?.wake();
        return answer;
      } catch (error) {
        // Two deliveries of one call raced past the replay check: the second attempt finds the stored answer.
        if (attempt === 0 && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  }

  private async balance(body: VendorBody<'balance'>): Promise<VendorAnswer> {
    const account = await repo.findMemberAccount(this.deps.db.orm, body.player, body.currency);
    if (!account) throw new AppError('PLAYER_NOT_FOUND');
    return { balance: formatMinor(BigInt(account.balance_minor), body.currency), currency: body.currency };
  }

  /** Money fields in minor units; a malformed or over-precise amount is refused by field name. */
  private amountsOf(operation: VendorOperation, body: Record<string, unknown>): Record<string, bigint> {
    const currency = body.currency as string;
    const parse = (field: string, signed: boolean, positive: boolean): bigint | undefined => {
      const text = body[field];
      if (typeof text !== 'string') return undefined;
      const negative = signed && text.startsWith('-');
      const minor = parseMajor(negative ? text.slice(1) : text, currency);
      if (minor === undefined || (positive && minor === 0n)) throw new AppError('AMOUNT_INVALID', { field });
      return negative ? -minor : minor;
    };
    const amounts: Record<string, bigint> = {};
    const put = (field: string, value: bigint | undefined) => {
      if (value !== undefined) amounts[field] = value;
    };
    if (operation === 'bet') {
      put('amount', parse('amount', false, false));
      put('win', parse('win', false, false));
    } else if (operation === 'win') put('amount', parse('amount', false, false));
    else if (operation === 'adjust') put('amount', parse('amount', true, true));
    else if (operation === 'resettle') put('winAmount', parse('winAmount', false, false));
    else if (operation === 'tip') put('amount', parse('amount', false, true));
    return amounts;
  }

  private async keyed(tx: Executor, vendor: string, operation: Exclude<VendorOperation, 'balance'>, body: VendorBody<Exclude<VendorOperation, 'balance'>>, amounts: Record<string, bigint>, hash: string): Promise<VendorAnswer> {
    const account = await repo.lockMemberAccount(tx, body.player, body.currency);
    if (!account) throw new AppError('PLAYER_NOT_FOUND');
    const stored = await repo.findVendorTransaction(tx, vendor, body.player, body.transactionId);
    if (stored) {
      if (stored.request_hash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
      return stored.response as VendorAnswer;
    }
    const context: CallContext = {
      tx,
      vendor,
      player: body.player,
      currency: body.currency,
      merchantCode: account.merchant_code,
      memberAccountId: account.id,
      transactionId: body.transactionId,
      hash,
    };
    switch (operation) {
      case 'bet':
        return this.bet(context, body as VendorBody<'bet'>, amounts.amount!, amounts.win);
      case 'win':
        return this.win(context, body as VendorBody<'win'>, amounts.amount!);
      case 'rollback':
        return this.rollback(context, body as VendorBody<'rollback'>);
      case 'adjust':
        return this.onRound(context, 'adjust', (body as VendorBody<'adjust'>).roundId, 'adjustment', (round) => adjustRound(round, amounts.amount!), amounts.amount!);
      case 'void':
        return this.onRound(context, 'void', (body as VendorBody<'void'>).roundId, 'void', (round) => voidRound(round), 0n);
      case 'resettle':
        return this.onRound(context, 'resettle', (body as VendorBody<'resettle'>).roundId, 'resettle', (round) => resettleRound(round, amounts.winAmount!), amounts.winAmount!);
      case 'tip':
        return this.tip(context, body as VendorBody<'tip'>, amounts.amount!);
    }
  }

  private async bet(context: CallContext, body: VendorBody<'bet'>, amountMinor: bigint, winMinor: bigint | undefined): Promise<VendorAnswer> {
    if (await repo.hasRollbackFor(context.tx, context.vendor, context.player, context.transactionId)) throw new AppError('TRANSACTION_ROLLED_BACK');
    const existing = await this.roundOf(context, body.roundId);
    if (existing && existing.gameType !== body.gameType) throw new AppError('ROUND_CONFLICT', { field: 'gameType' });
    const settleNow = body.settle === true;
    const betDecision = placeBet(existing, amountMinor, settleNow && winMinor === undefined);
    let round = this.accept(betDecision);
    const gameType = existing?.gameType ?? body.gameType;
    await this.move(context, 'bet', body.roundId, gameType, -amountMinor);
    let closes = betDecision.ok && betDecision.closes;
    if (winMinor !== undefined) {
      const winDecision = creditWin(round, true, winMinor, settleNow);
      round = this.accept(winDecision);
      await this.move(context, 'win', body.roundId, gameType, winMinor);
      closes = winDecision.ok && winDecision.closes;
    }
    const saved = await repo.saveRound(context.tx, {
      vendor: context.vendor,
      roundId: body.roundId,
      memberId: context.player,
      merchantCode: context.merchantCode,
      currency: context.currency,
      gameType,
      gameCode: existing?.gameCode ?? body.gameCode ?? null,
      ...round,
    });
    if (closes) await this.announceRound(context.tx, saved);
    return this.finish(context, 'bet', body.roundId, null, amountMinor, saved.state);
  }

  private async win(context: CallContext, body: VendorBody<'win'>, amountMinor: bigint): Promise<VendorAnswer> {
    const round = await this.roundOf(context, body.roundId);
    let hasBet = false;
    if (round && body.betTransactionId) {
      const bet = await repo.findVendorTransaction(context.tx, context.vendor, context.player, body.betTransactionId);
      if (bet?.operation === 'bet' && bet.round_id === body.roundId) {
        if (bet.rolled_back) throw new AppError('TRANSACTION_ROLLED_BACK');
        hasBet = true;
      }
    } else if (round) {
      hasBet = await repo.hasLiveBet(context.tx, context.vendor, body.roundId);
    }
    const decision = creditWin(round, hasBet, amountMinor, body.settle === true);
    const next = this.accept(decision);
    await this.move(context, 'win', body.roundId, round!.gameType, amountMinor);
    const saved = await repo.saveRound(context.tx, { ...round!, ...next });
    if (decision.ok && decision.closes) await this.announceRound(context.tx, saved);
    return this.finish(context, 'win', body.roundId, null, amountMinor, saved.state);
  }

  private async rollback(context: CallContext, body: VendorBody<'rollback'>): Promise<VendorAnswer> {
    const target = await repo.findVendorTransaction(context.tx, context.vendor, context.player, body.betTransactionId);
    // The bet has not arrived (or never will): remember the rollback so the late bet is refused, and answer OK.
    if (!target) return this.finish(context, 'rollback', body.roundId ?? null, body.betTransactionId, 0n);
    if (target.operation !== 'bet') throw new AppError('BET_NOT_FOUND', { field: 'betTransactionId' });
    const round = await this.roundOf(context, target.round_id!);
    if (target.rolled_back) return this.finish(context, 'rollback', target.round_id, body.betTransactionId, 0n, round?.state);
    const amountMinor = BigInt(target.amount_minor);
    const next = this.accept(rollBackBet(round!, amountMinor));
    await this.move(context, 'rollback', target.round_id!, round!.gameType, amountMinor);
    await repo.markRolledBack(context.tx, context.vendor, context.player, body.betTransactionId);
    const saved = await repo.saveRound(context.tx, { ...round!, ...next });
    return this.finish(context, 'rollback', target.round_id, body.betTransactionId, amountMinor, saved.state);
  }

  /** adjust, void and resettle: a rule on an existing round of this player, and the money it decides. */
  private async onRound(context: CallContext, operation: VendorOperation, roundId: string, cause: Cause, decide: (round: Round | undefined) => RoundDecision, recordedAmountMinor: bigint): Promise<VendorAnswer> {
    const round = await this.roundOf(context, roundId);
    const decision = decide(round);
    const next = this.accept(decision);
    await this.move(context, cause, roundId, round!.gameType, decision.ok ? decision.memberDeltaMinor : 0n);
    const saved = await repo.saveRound(context.tx, { ...round!, ...next });
    if (decision.ok && decision.closes) await this.announceRound(context.tx, saved);
    return this.finish(context, operation, roundId, null, recordedAmountMinor, saved.state);
  }

  private async tip(context: CallContext, body: VendorBody<'tip'>, amountMinor: bigint): Promise<VendorAnswer> {
    const tips = await ensureAccount(context.tx, { merchantCode: context.merchantCode, ownerType: 'vendor', ownerId: context.vendor, kind: 'tip', currency: context.currency });
    await this.post(context, 'tip', body.roundId ?? null, [
      { accountId: context.memberAccountId, currency: context.currency, amountMinor: -amountMinor },
      { accountId: tips.id, currency: context.currency, amountMinor },
    ]);
    return this.finish(context, 'tip', body.roundId ?? null, null, amountMinor);
  }

  /** The round, if it exists, as long as it is this player's in this currency. */
  private async roundOf(context: CallContext, roundId: string): Promise<repo.StoredRound | undefined> {
    const round = await repo.findRound(context.tx, context.vendor, roundId);
    if (round && (round.memberId !== context.player || round.currency !== context.currency)) throw new AppError('ROUND_CONFLICT', { field: 'roundId' });
    return round;
  }

  private accept(decision: RoundDecision): Round {
    if (!decision.ok) throw new AppError(decision.refusal);
    return decision.round;
  }

  /** Moves `memberDeltaMinor` between the member and the round's house sub-account; nothing when it is zero. */
  private async move(context: CallContext, cause: Cause, roundId: string, gameType: string, memberDeltaMinor: bigint): Promise<void> {
    if (memberDeltaMinor === 0n) return;
    const ref = { merchantCode: context.merchantCode, ownerType: 'house' as const, ownerId: `${context.vendor}:${gameType}`, kind: houseShardKind(houseShardFor(roundId, HOUSE_SHARDS)), currency: context.currency };
    const cacheKey = `${ref.merchantCode}|${ref.ownerId}|${ref.kind}|${ref.currency}`;
    let houseId = this.houseAccountIds.get(cacheKey);
    if (!houseId) {
      // Only an account some earlier transaction committed is remembered: one this transaction opens could still roll back.
      const committed = await findAccount(context.tx, ref);
      if (committed) this.houseAccountIds.set(cacheKey, committed.id);
      houseId = committed?.id ?? (await ensureAccount(context.tx, ref, true)).id;
    }
    await this.post(context, cause, roundId, [
      { accountId: context.memberAccountId, currency: context.currency, amountMinor: memberDeltaMinor },
      { accountId: houseId, currency: context.currency, amountMinor: -memberDeltaMinor },
    ]);
  }

  private async post(context: CallContext, cause: Cause, roundId: string | null, legs: Array<{ accountId: string; currency: string; amountMinor: bigint }>): Promise<void> {
    const posted = await postTransaction(context.tx, {
      merchantCode: context.merchantCode,
      cause,
      causeRef: `${context.vendor}:${roundId ?? context.transactionId}`,
      actor: `vendor:${context.vendor}`,
      // A second line of defence under vendor_transactions: the ledger itself refuses to post one call's movement twice.
      idempotencyKey: `${context.player}:${context.transactionId}:${cause}`,
      requestHash: context.hash,
      legs,
      response: ({ transactionId }) => ({ transactionId }),
    });
    await announceBalances(this.deps.outbox, context.tx, context.merchantCode, posted.transactionId, cause, posted.legs);
    context.ledgerTransactionId = posted.transactionId;
  }

  /** Stores the answer with the call, so a replay gets exactly it. */
  private async finish(context: CallContext, operation: VendorOperation, roundId: string | null, targetTransactionId: string | null, amountMinor: bigint, roundState?: Round['state']): Promise<VendorAnswer> {
    const balanceMinor = await repo.accountBalanceMinor(context.tx, context.memberAccountId);
    const answer: VendorAnswer = {
      balance: formatMinor(balanceMinor, context.currency),
      currency: context.currency,
      transactionId: context.transactionId,
      ...(context.ledgerTransactionId ? { ledgerTransactionId: context.ledgerTransactionId } : {}),
      ...(roundState ? { roundState } : {}),
    };
    await repo.insertVendorTransaction(context.tx, {
      vendor: context.vendor,
      playerId: context.player,
      transactionId: context.transactionId,
      operation,
      roundId,
      targetTransactionId,
      amountMinor,
      requestHash: context.hash,
      response: answer,
      ledgerTransactionId: context.ledgerTransactionId ?? null,
    });
    return answer;
  }

  private async announceRound(tx: Executor, round: repo.StoredRound): Promise<void> {
    const lineage = await repo.memberLineage(tx, round.memberId);
    const betId = `${round.vendor}:${round.roundId}`;
    await this.deps.outbox.add(tx, 'bet.settled', betId, {
      betId,
      vendor: round.vendor,
      roundId: round.roundId,
      gameType: round.gameType,
      gameCode: round.gameCode,
      memberId: round.memberId,
      merchantCode: round.merchantCode,
      account: lineage.account,
      agentPath: lineage.agentPath,
      currency: round.currency,
      betAmountMinor: round.betTotalMinor.toString(),
      validBetMinor: validBetMinor(round).toString(),
      winAmountMinor: round.winTotalMinor.toString(),
      settledAt: round.settledAt ?? new Date().toISOString(),
    });
  }

  async houseBalance(input: { merchantCode: string; vendor: string; gameType: string; currency: string }): Promise<{ balance: string; balanceMinor: string; currency: string; shards: number }> {
    const { sumMinor, shards } = await repo.houseBalance(this.deps.db.orm, input.merchantCode, `${input.vendor}:${input.gameType}`, input.currency);
    return { balance: formatMinor(sumMinor, input.currency), balanceMinor: sumMinor.toString(), currency: input.currency, shards };
  }

  async listRounds(input: { merchantCode: string; memberId: string; pageNo: number; pageSize: number; gameType?: string; from?: string; to?: string }): Promise<z.input<typeof betRecordPageSchema>> {
    const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString();
    const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);
    const fromIso = input.from ? (isDate(input.from) ? `${input.from}T00:00:00Z` : input.from) : undefined;
    // A bare date as `to` means the whole of that day; a full timestamp is inclusive.
    const toIsoExclusive = input.to ? (isDate(input.to) ? dayAfter(input.to) : new Date(Date.parse(input.to) + 1).toISOString()) : undefined;
    const { rounds, total } = await repo.listMemberRounds(
      this.deps.db.orm,
      { memberId: input.memberId, merchantCode: input.merchantCode, gameType: input.gameType || undefined, fromIso, toIsoExclusive },
      input.pageSize,
      (input.pageNo - 1) * input.pageSize,
    );
    return {
      content: rounds.map((round) => ({
        roundId: round.roundId,
        vendor: round.vendor,
        gameType: round.gameType,
        gameCode: round.gameCode,
        betAmount: formatMinor(round.betTotalMinor, round.currency),
        validBet: formatMinor(validBetMinor(round), round.currency),
        winAmount: formatMinor(round.winTotalMinor, round.currency),
        currency: round.currency,
        status: round.state,
        createdAt: round.createdAt,
        settledAt: round.settledAt,
      })),
      pageNum: input.pageNo,
      totalPages: Math.ceil(total / input.pageSize),
      total,
    };
  }

  async recordMember(tx: Executor, member: { memberId: string; merchantCode: string; account: string; uplineId: string | null }): Promise<void> {
    await repo.recordMember(tx, member);
  }
}
