import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError, rows, type Executor, isSqlState, SQL_STATE } from '@wps/platform';
import { formatMinor } from '@wps/contracts';
import { checkLegs, type Leg } from '../domain/ledger.js';

export type OwnerType = 'member' | 'house' | 'clearing' | 'agent' | 'funding' | 'vendor';
export type Cause =
  | 'deposit'
  | 'withdrawal'
  | 'withdrawal_hold'
  | 'withdrawal_release'
  | 'bet'
  | 'win'
  | 'rollback'
  | 'tip'
  | 'void'
  | 'resettle'
  | 'transfer'
  | 'bonus'
  | 'commission'
  | 'adjustment'
  | 'demo_deposit'
  | 'jackpot'
  | 'points'
  | 'bonus_release'
  | 'bonus_forfeit';

export interface AccountRef {
  merchantCode: string;
  ownerType: OwnerType;
  ownerId: string;
  currency: string;
  kind?: string;
}

export interface AccountRow {
  id: string;
  owner_type: OwnerType;
  owner_id: string;
  currency: string;
  balance_minor: string;
  version: string;
}

export interface PostedLeg {
  accountId: string;
  ownerType: OwnerType;
  ownerId: string;
  currency: string;
  amountMinor: bigint;
  balanceAfterMinor: bigint;
  version: number;
}

export interface StoredIdempotency {
  requestHash: string;
  response: unknown;
}

/** Opens the account if it does not exist yet and returns it; safe under concurrent callers. */
export async function ensureAccount(tx: Executor, ref: AccountRef, allowNegative = false): Promise<AccountRow> {
  const kind = ref.kind ?? 'main';
  const inserted = await rows<AccountRow>(
    tx,
    sql`INSERT INTO wallet.accounts (merchant_code, owner_type, owner_id, kind, currency, allow_negative)
        VALUES (${ref.merchantCode}, ${ref.ownerType}, ${ref.ownerId}, ${kind}, ${ref.currency}, ${allowNegative})
        ON CONFLICT (merchant_code, owner_type, owner_id, kind, currency) DO NOTHING
        RETURNING id, owner_type, owner_id, currency, balance_minor, version`,
  );
  if (inserted[0]) return inserted[0];
  const [existing] = await rows<AccountRow>(
    tx,
    sql`SELECT id, owner_type, owner_id, currency, balance_minor, version FROM wallet.accounts
        WHERE merchant_code = ${ref.merchantCode} AND owner_type = ${ref.ownerType} AND owner_id = ${ref.ownerId} AND kind = ${kind} AND currency = ${ref.currency}`,
  );
  if (!existing) throw new Error('account vanished');
  return existing;
}

export async function findAccount(tx: Executor, ref: AccountRef): Promise<AccountRow | undefined> {
  const [account] = await rows<AccountRow>(
    tx,
    sql`SELECT id, owner_type, owner_id, currency, balance_minor, version FROM wallet.accounts
        WHERE merchant_code = ${ref.merchantCode} AND owner_type = ${ref.ownerType} AND owner_id = ${ref.ownerId} AND kind = ${ref.kind ?? 'main'} AND currency = ${ref.currency}`,
  );
  return account;
}

/** A previous answer for this actor's key, if any; the caller compares the hash to tell a replay from a reuse. */
export async function findIdempotent(tx: Executor, merchantCode: string, actor: string, key: string): Promise<StoredIdempotency | undefined> {
  const [row] = await rows<{ request_hash: string; response: unknown }>(
    tx,
    sql`SELECT request_hash, response FROM wallet.transactions WHERE merchant_code = ${merchantCode} AND actor = ${actor} AND idempotency_key = ${key}`,
  );
  if (!row) return undefined;
  return { requestHash: row.request_hash, response: typeof row.response === 'string' ? JSON.parse(row.response) : row.response };
}

/** The CHECK that keeps a non-negative account at or above zero refused a leg. */
export const isInsufficientFunds = (error: unknown): boolean => isSqlState(error, SQL_STATE.checkViolation, 'balance_not_negative');

/** The stored answer of a posting: its fixed fields, its id, and the balance after and version of one account. */
export type PostingAnswer<T extends object = object> = T & { transactionId: string; balanceAfterMinor?: string; version?: number };

/**
 * Posts a balanced transaction through `wallet.post_transaction` (migration 006), the one implementation every
 * posting uses, keyed vendor calls included: one transaction row with its cause, actor and stored answer, one entry
 * per leg, and each account's balance and version moved in the statement that locks it, in one round trip. A leg that
 * would take a non-negative account below zero fails the CHECK and the whole transaction rolls back as
 * INSUFFICIENT_FUNDS. The stored answer is `answer` plus the transaction id and, when `answerAccountId` is given, that
 * account's balance after and version; a replay reads the same answer back (`findIdempotent`).
 */
export async function postTransaction<T extends object = object>(
  tx: Executor,
  input: {
    merchantCode: string;
    cause: Cause;
    causeRef?: string;
    actor: string;
    idempotencyKey?: string;
    requestHash?: string;
    legs: Leg[];
    answer?: T;
    answerAccountId?: string;
  },
): Promise<{ transactionId: string; legs: PostedLeg[]; answer: PostingAnswer<T> }> {
  const transactionId = randomUUID();
  const posting = {
    id: transactionId,
    merchantCode: input.merchantCode,
    cause: input.cause,
    causeRef: input.causeRef ?? null,
    actor: input.actor,
    idempotencyKey: input.idempotencyKey ?? null,
    requestHash: input.requestHash ?? null,
    legs: checkLegs(input.legs).map((leg) => ({ accountId: leg.accountId, currency: leg.currency, amountMinor: leg.amountMinor.toString() })),
    answer: input.answer ?? {},
    answerAccountId: input.answerAccountId ?? null,
  };
  let result: { answer: PostingAnswer<T>; legs: { accountId: string; ownerType: OwnerType; ownerId: string; currency: string; amountMinor: string; balanceAfterMinor: string; version: number }[] };
  try {
    const [row] = await rows<{ posted: unknown }>(tx, sql`SELECT wallet.post_transaction(${JSON.stringify(posting)}::jsonb) AS posted`);
    result = (typeof row!.posted === 'string' ? JSON.parse(row!.posted) : row!.posted) as typeof result;
  } catch (error) {
    if (isInsufficientFunds(error)) throw new AppError('INSUFFICIENT_FUNDS', { cause: error });
    throw error;
  }
  const legs = result.legs.map((leg) => ({ ...leg, amountMinor: BigInt(leg.amountMinor), balanceAfterMinor: BigInt(leg.balanceAfterMinor), version: Number(leg.version) }));
  return { transactionId, legs, answer: result.answer };
}

/** The balance after that a stored answer carries, in the currency's major units. */
export const answeredBalance = (answer: PostingAnswer, currency: string): string => formatMinor(BigInt(answer.balanceAfterMinor ?? '0'), currency);
