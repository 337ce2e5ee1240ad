import { randomBytes } from 'node:crypto';
import { formatMinor, parseMajor, vendorBodySchemas, type VendorAnswer, type VendorBody, type VendorCallInput, type VendorOperation } from '@wps/contracts';
import { AppError, vendorCallRefusal, type Database, type Executor, type Logger, type Outbox, type OutboxRelay, sleep, isSqlState, isUniqueViolation, SQL_STATE } from '@wps/platform';
import type { z } from 'zod';
import type { WalletConfig } from '../../config.js';
import { requestHash } from '../../domain/idempotency.js';
import { adjustRound, creditWin, HOUSE_SHARDS, houseShardFor, houseShardKind, placeBet, resettleRound, rollBackBet, voidRound, type Round, type RoundDecision } from '../../domain/rounds.js';
import { ensureAccount, isInsufficientFunds, type AccountRef, type Cause } from '../../infra/ledger-store.js';
import * as repo from './repository.js';
import { CallPlan } from './call-plan.js';

export const DEMO_VENDORS = [
  { code: 'HOUSE', name: 'House games' },
  { code: 'SIMVENDOR', name: 'Vendor simulator' },
] as const;

type KeyedOperation = Exclude<VendorOperation, 'balance'>;

/** Enough for dozens of calls of one member arriving at once; each retry reads the newest state. */
const MAX_ATTEMPTS = 25;

const accept = (decision: RoundDecision): Round => {
  if (!decision.ok) throw new AppError(decision.refusal);
  return decision.round;
};

export interface VendorWalletDeps {
  db: Database;
  outbox: Outbox;
  relay: () => OutboxRelay | undefined;
  config: WalletConfig;
  logger: Logger;
  now?: () => number;
}

/**
 * The seamless wallet: verifies a vendor's signed call, then applies it once, in two round trips to the database: one
 * statement reads everything the call depends on, the pure round rules decide, and one function call writes the
 * decision (ledger, round, stored answer, events) and commits. The write refuses when the member's account moved since
 * the reading, so calls of one member (a bet and its early rollback, two retries) still take effect one after the
 * other, while the house side is spread over sub-accounts so different members do not queue on one row.
 */
export class VendorWallet {
  private readonly now: () => number;
  /** Vendors are read on every call and change rarely: kept a few seconds, so a disabled vendor stops soon after. */
  private readonly vendors = new Map<string, { vendor: repo.VendorRow | undefined; at: number }>();
  /** Account ids never change once opened; the house sub-accounts are looked up on every bet and win. */
  private readonly accountIds = new Map<string, string>();
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
    const refusal = vendorCallRefusal(vendor?.enabled ? vendor.secret : undefined, input, this.now(), this.deps.config.WALLET_VENDOR_SKEW_SECONDS);
    if (refusal || !vendor) throw new AppError(refusal ?? 'VENDOR_UNAUTHORIZED');
    let json: unknown;
    try {
      json = JSON.parse(input.body);
    } catch {
      throw new AppError('VALIDATION_FAILED', { field: 'body' });
    }
    const operation = input.operation;
    if (operation === 'balance') return this.balance(vendorBodySchemas.balance.parse(json));
    const body = (vendorBodySchemas[operation] as z.ZodType).parse(json) as VendorBody<KeyedOperation>;
    const amounts = this.amountsOf(operation, body);
    const hash = requestHash({ operation, ...body, ...Object.fromEntries(Object.entries(amounts).map(([name, minor]) => [name, minor.toString()])) });
    for (let attempt = 1; ; attempt++) {
      const reading = await repo.loadCall(this.deps.db, this.readingFor(vendor.code, operation, body));
      const plan = await this.decide(vendor.code, operation, body, amounts, hash, reading);
      if (!plan.decided) return plan.answer;
      try {
        await repo.applyCall(this.deps.db, plan.decided);
      } catch (error) {
        // Another call of the same member (or a second delivery of this one) committed since the reading: read again.
        if ((isSqlState(error, SQL_STATE.serializationFailure) || isUniqueViolation(error)) && attempt < MAX_ATTEMPTS) {
          await sleep(Math.random() * attempt);
          continue;
        }
        if (isInsufficientFunds(error)) throw new AppError('INSUFFICIENT_FUNDS', { cause: error });
        throw error;
      }
      this.deps.relay()?.wake();
      return plan.answer;
    }
  }

  private async balance(body: VendorBody<'balance'>): Promise<VendorAnswer> {
    const account = await repo.findMemberAccount(this.deps.db.orm, body.player, body.currency);
    if (!account) throw new AppError('PLAYER_NOT_FOUND');
    return { balance: formatMinor(BigInt(account.playable_minor), body.currency), currency: body.currency };
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

  /** What the decision of this call needs read: the round, the bet it names, and the upline when a round may close. */
  private readingFor(vendor: string, operation: KeyedOperation, body: VendorBody<KeyedOperation>): Parameters<typeof repo.loadCall>[1] {
    const base = { vendor, player: body.player, currency: body.currency, transactionId: body.transactionId, checkRollback: false, checkLiveBet: false, withLineage: false };
    switch (operation) {
      case 'bet': {
        const bet = body as VendorBody<'bet'>;
        return { ...base, roundId: bet.roundId, targetTransactionId: null, checkRollback: true, withLineage: bet.settle === true };
      }
      case 'win': {
        const win = body as VendorBody<'win'>;
        return { ...base, roundId: win.roundId, targetTransactionId: win.betTransactionId ?? null, checkLiveBet: !win.betTransactionId, withLineage: win.settle === true };
      }
      case 'rollback':
        // The round is the one of the bet it names, whatever round id the vendor sent.
        return { ...base, roundId: null, targetTransactionId: (body as VendorBody<'rollback'>).betTransactionId };
      case 'adjust':
      case 'void':
      case 'resettle':
        return { ...base, roundId: (body as VendorBody<'adjust'>).roundId, targetTransactionId: null, withLineage: true };
      case 'tip':
        return { ...base, roundId: null, targetTransactionId: null };
    }
  }

  /** The answer to a replay, or the call decided: its ledger postings, round, stored answer and events. */
  private async decide(
    vendor: string,
    operation: KeyedOperation,
    body: VendorBody<KeyedOperation>,
    amounts: Record<string, bigint>,
    hash: string,
    reading: repo.CallReading,
  ): Promise<{ answer: VendorAnswer; decided?: repo.DecidedCall }> {
    const account = reading.account;
    if (!account) throw new AppError('PLAYER_NOT_FOUND');
    if (reading.stored) {
      if (reading.stored.request_hash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
      return { answer: reading.stored.response as VendorAnswer };
    }
    const plan = new CallPlan(this, vendor, body, account, hash, reading);
    const roundOf = (roundId: string): repo.StoredRound | undefined => {
      const round = reading.round;
      if (round && round.roundId !== roundId) return undefined;
      if (round && (round.memberId !== body.player || round.currency !== body.currency)) throw new AppError('ROUND_CONFLICT', { field: 'roundId' });
      return round;
    };
    switch (operation) {
      case 'bet': {
        const bet = body as VendorBody<'bet'>;
        if (reading.rollbackExists) throw new AppError('TRANSACTION_ROLLED_BACK');
        const existing = roundOf(bet.roundId);
        if (existing && existing.gameType !== bet.gameType) throw new AppError('ROUND_CONFLICT', { field: 'gameType' });
        const settleNow = bet.settle === true;
        const winMinor = amounts.win;
        const gameType = existing?.gameType ?? bet.gameType;
        const betDecision = placeBet(existing, amounts.amount!, settleNow && winMinor === undefined);
        let round = accept(betDecision);
        const maxBet = plan.maxBetMinor;
        if (maxBet !== undefined && amounts.amount! > maxBet) throw new AppError('BONUS_MAX_BET', { params: { maxBet: formatMinor(maxBet, body.currency) } });
        await plan.stake('bet', bet.roundId, gameType, amounts.amount!);
        let closes = betDecision.ok && betDecision.closes;
        if (winMinor !== undefined) {
          const winDecision = creditWin(round, true, winMinor, settleNow);
          round = accept(winDecision);
          await plan.move('win', bet.roundId, gameType, winMinor);
          closes = winDecision.ok && winDecision.closes;
        }
        plan.saveRound(existing, { roundId: bet.roundId, gameType, gameCode: existing?.gameCode ?? bet.gameCode ?? null, ...round }, closes ? 'closes' : 'stays');
        return plan.finish('bet', bet.roundId, null, amounts.amount!);
      }
      case 'win': {
        const win = body as VendorBody<'win'>;
        const round = roundOf(win.roundId);
        let hasBet = false;
        if (round && win.betTransactionId) {
          const target = reading.target;
          if (target?.operation === 'bet' && target.round_id === win.roundId) {
            if (target.rolled_back) throw new AppError('TRANSACTION_ROLLED_BACK');
            hasBet = true;
          }
        } else if (round) hasBet = reading.liveBet;
        const decision = creditWin(round, hasBet, amounts.amount!, win.settle === true);
        const next = accept(decision);
        await plan.move('win', win.roundId, round!.gameType, amounts.amount!);
        plan.saveRound(round, { ...round!, ...next }, decision.ok && decision.closes ? 'closes' : 'stays');
        return plan.finish('win', win.roundId, null, amounts.amount!);
      }
      case 'rollback': {
        const rollback = body as VendorBody<'rollback'>;
        const target = reading.target;
        // The bet has not arrived (or never will): remember the rollback so the late bet is refused, and answer OK.
        if (!target) return plan.finish('rollback', rollback.roundId ?? null, rollback.betTransactionId, 0n);
        if (target.operation !== 'bet') throw new AppError('BET_NOT_FOUND', { field: 'betTransactionId' });
        const round = roundOf(target.round_id!);
        if (target.rolled_back) return plan.finish('rollback', target.round_id, rollback.betTransactionId, 0n, round?.state);
        const amountMinor = BigInt(target.amount_minor);
        const next = accept(rollBackBet(round!, amountMinor));
        await plan.refund(target.round_id!, round!.gameType, amountMinor, BigInt(target.bonus_minor ?? 0));
        plan.markRolledBack(rollback.betTransactionId);
        plan.saveRound(round, { ...round!, ...next }, 'stays');
        return plan.finish('rollback', target.round_id, rollback.betTransactionId, amountMinor);
      }
      case 'adjust':
      case 'void':
      case 'resettle': {
        const roundId = (body as VendorBody<'adjust'>).roundId;
        const round = roundOf(roundId);
        const decision = operation === 'adjust' ? adjustRound(round, amounts.amount!) : operation === 'void' ? voidRound(round) : resettleRound(round, amounts.winAmount!);
        const next = accept(decision);
        const cause: Cause = operation === 'adjust' ? 'adjustment' : operation;
        await plan.move(cause, roundId, round!.gameType, decision.ok ? decision.memberDeltaMinor : 0n);
        // A settled round that changes is published again as a correction.
        const effect = decision.ok && decision.closes ? 'closes' : round!.state === 'settled' ? 'corrects' : 'stays';
        plan.saveRound(round, { ...round!, ...next }, effect);
        return plan.finish(operation, roundId, null, operation === 'adjust' ? amounts.amount! : operation === 'resettle' ? amounts.winAmount! : 0n);
      }
      case 'tip': {
        const tip = body as VendorBody<'tip'>;
        const tips = await this.accountId({ merchantCode: account.merchant_code, ownerType: 'vendor', ownerId: vendor, kind: 'tip', currency: body.currency });
        plan.post('tip', tip.roundId ?? null, tips, -amounts.amount!);
        return plan.finish('tip', tip.roundId ?? null, null, amounts.amount!);
      }
    }
  }

  /**
   * House and tip accounts by reference, opened on first use. Account ids never change, so they are kept; an account
   * is opened in its own short transaction, so a call that later fails never leaves a remembered id that does not exist.
   */
  async accountId(ref: AccountRef): Promise<string> {
    const key = `${ref.merchantCode}|${ref.ownerType}|${ref.ownerId}|${ref.kind}|${ref.currency}`;
    let id = this.accountIds.get(key);
    if (!id) {
      id = (await ensureAccount(this.deps.db.orm, ref, ref.ownerType === 'house')).id;
      if (this.accountIds.size > 100_000) this.accountIds.clear();
      this.accountIds.set(key, id);
    }
    return id;
  }

  /** The house sub-account a round's money goes through. */
  houseAccountId(merchantCode: string, vendor: string, gameType: string, roundId: string, currency: string): Promise<string> {
    return this.accountId({ merchantCode, ownerType: 'house', ownerId: `${vendor}:${gameType}`, kind: houseShardKind(houseShardFor(roundId, HOUSE_SHARDS)), currency });
  }

  async houseBalance(input: { merchantCode: string; vendor: string; gameType: string; currency: string }): Promise<{ balance: string; balanceMinor: string; currency: string; shards: number }> {
    const { sumMinor, shards } = await repo.houseBalance(this.deps.db.orm, input.merchantCode, `${input.vendor}:${input.gameType}`, input.currency);
    return { balance: formatMinor(sumMinor, input.currency), balanceMinor: sumMinor.toString(), currency: input.currency, shards };
  }

  async recordMember(tx: Executor, member: { memberId: string; merchantCode: string; account: string; uplineId: string | null }): Promise<void> {
    await repo.recordMember(tx, member);
  }
}
