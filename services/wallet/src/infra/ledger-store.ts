import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError, rows, type Executor, isSqlState, SQL_STATE } from '@wps/platform';
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
  | 'jackpot';

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

/**
 * Posts a balanced transaction: one transaction row with its cause, actor and stored answer, one entry per leg, and
 * each account's balance and version moved in the same statement that locks it. A leg that would take a
 * non-negative account below zero fails the CHECK and the whole transaction rolls back as INSUFFICIENT_FUNDS.
 */
export async function postTransaction(
  tx: Executor,
  input: {
    merchantCode: string;
    cause: Cause;
    causeRef?: string;
    actor: string;
    idempotencyKey?: string;
    requestHash?: string;
    legs: Leg[];
    response: (posted: { transactionId: string; legs: PostedLeg[] }) => unknown;
  },
): Promise<{ transactionId: string; legs: PostedLeg[]; response: unknown }> {
  const legs = checkLegs(input.legs);
  const transactionId = randomUUID();
  const posted: PostedLeg[] = [];
  try {
    for (const leg of legs) {
      const [account] = await rows<AccountRow>(
        tx,
        sql`UPDATE wallet.accounts SET balance_minor = balance_minor + ${leg.amountMinor.toString()}::bigint, version = version + 1
            WHERE id = ${leg.accountId} AND currency = ${leg.currency}
            RETURNING id, owner_type, owner_id, currency, balance_minor, version`,
      );
      if (!account) throw new Error(`account ${leg.accountId} in ${leg.currency} not found`);
      posted.push({
        accountId: account.id,
        ownerType: account.owner_type,
        ownerId: account.owner_id,
        currency: account.currency,
        amountMinor: leg.amountMinor,
        balanceAfterMinor: BigInt(account.balance_minor),
        version: Number(account.version),
      });
    }
  } catch (error) {
    if (isInsufficientFunds(error)) throw new AppError('INSUFFICIENT_FUNDS', { cause: error });
    throw error;
  }
  const response = input.response({ transactionId, legs: posted });
  // The transaction row carries its stored answer, so a replay can never see the movement without it.
  await tx.execute(
    sql`INSERT INTO wallet.transactions (id, merchant_code, cause, cause_ref, actor, idempotency_key, request_hash, response)
        VALUES (${transactionId}, ${input.merchantCode}, ${input.cause}, ${input.causeRef ?? null}, ${input.actor}, ${input.idempotencyKey ?? null},
                ${input.requestHash ?? null}, ${JSON.stringify(response ?? null)}::jsonb)`,
  );
  const values = posted.map((leg) => sql`(${transactionId}, ${leg.accountId}, ${leg.currency}, ${leg.amountMinor.toString()}::bigint, ${leg.balanceAfterMinor.toString()}::bigint)`);
  await tx.execute(sql`INSERT INTO wallet.entries (transaction_id, account_id, currency, amount_minor, balance_after_minor) VALUES ${sql.join(values, sql`, `)}`);
  return { transactionId, legs: posted, response };
}
