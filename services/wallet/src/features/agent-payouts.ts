import { sql } from 'drizzle-orm';
import { AppError, rows, type Database, type Outbox, type OutboxRelay, oncePerKey, sameRequest } from '@wps/platform';
import { transferLegs } from '../domain/ledger.js';
import { requestHash } from '../domain/idempotency.js';
import { ensureAccount, postTransaction, type AccountRow, type Cause } from '../infra/ledger-store.js';
import { announceBalances } from './balances.js';

export interface AgentCommissionInput {
  key: string;
  merchantCode: string;
  currency: string;
  /** The upline that pays; null when the platform pays from the brand's commission account. */
  payerMemberId: string | null;
  payeeMemberId: string;
  amountMinor: string;
  causeRef: string;
  allowPartial: boolean;
}
export interface AgentCommissionAnswer {
  transactionId: string | null;
  paidMinor: string;
  payerBalanceMinor?: string;
}

/** The brand's house account that agent commissions paid by the platform come from; it may go negative. */
export const COMMISSION_HOUSE = 'agent-commissions';

/** Where one kind of payout is kept and posted: its answers' table, the brand's house account, who posts it and why. */
export interface PayoutKind {
  op: string;
  table: 'agent_payouts' | 'loyalty_payouts';
  house: string;
  actor: string;
}
const AGENT_COMMISSIONS: PayoutKind = { op: 'payAgentCommission', table: 'agent_payouts', house: COMMISSION_HOUSE, actor: 'agent-contracts' };
/** Loyalty payouts (points conversions, rewards, bonuses, red envelopes), from the brand's loyalty house account. */
export const LOYALTY_PAYOUTS: PayoutKind = { op: 'payLoyalty', table: 'loyalty_payouts', house: 'loyalty', actor: 'points' };

/**
 * Agent contract commissions. An upline pays its direct downline from its own spendable balance, as much as it holds
 * up to what is owed (never below zero); the platform pays top agents in full from the brand's commission house
 * account. Once per key: a repeat answers the first result, also when nothing could be paid.
 */
export class AgentPayouts {
  constructor(
    private readonly deps: { db: Database; outbox: Outbox; relay: () => OutboxRelay | undefined },
    private readonly kind: PayoutKind = AGENT_COMMISSIONS,
  ) {}

  async pay(input: AgentCommissionInput, cause: Cause = 'commission'): Promise<AgentCommissionAnswer> {
    const { op, house, actor } = this.kind;
    const table = sql.raw(`wallet.${this.kind.table}`);
    if (input.payerMemberId === input.payeeMemberId) throw new AppError('VALIDATION_FAILED', { field: 'payeeMemberId' });
    const amountMinor = BigInt(input.amountMinor);
    const hash = requestHash({
      op,
      // Commission answers stored before other causes existed were hashed without one.
      ...(cause === 'commission' ? {} : { cause }),
      currency: input.currency,
      payer: input.payerMemberId,
      payee: input.payeeMemberId,
      amountMinor: input.amountMinor,
      causeRef: input.causeRef,
      allowPartial: input.allowPartial,
    });
    const answer = await oncePerKey<AgentCommissionAnswer>({
      answered: async () => {
        const [row] = await rows<{ request_hash: string; response: unknown }>(
          this.deps.db.orm,
          sql`SELECT request_hash, response FROM ${table} WHERE merchant_code = ${input.merchantCode} AND key = ${input.key}`,
        );
        return sameRequest(row && { hash: row.request_hash, answer: (typeof row.response === 'string' ? JSON.parse(row.response) : row.response) as AgentCommissionAnswer }, hash);
      },
      run: () =>
        this.deps.db.transaction(async (tx) => {
          const { merchantCode, currency } = input;
          let payer: AccountRow;
          let paidMinor = amountMinor;
          let payerBalanceMinor: bigint | undefined;
          if (input.payerMemberId === null) {
            payer = await ensureAccount(tx, { merchantCode, ownerType: 'house', ownerId: house, currency }, true);
          } else {
            payer = await ensureAccount(tx, { merchantCode, ownerType: 'member', ownerId: input.payerMemberId, currency });
            // Locks the payer's account, so the balance read is the balance paid from.
            const [locked] = await rows<{ balance_minor: string }>(tx, sql`SELECT balance_minor FROM wallet.accounts WHERE id = ${payer.id} FOR UPDATE`);
            const balance = BigInt(locked!.balance_minor);
            if (balance < amountMinor) {
              if (!input.allowPartial) throw new AppError('INSUFFICIENT_FUNDS');
              paidMinor = balance > 0n ? balance : 0n;
            }
            payerBalanceMinor = balance - paidMinor;
          }
          const payee = await ensureAccount(tx, { merchantCode, ownerType: 'member', ownerId: input.payeeMemberId, currency });
          let transactionId: string | null = null;
          if (paidMinor > 0n) {
            const posted = await postTransaction(tx, {
              merchantCode,
              cause,
              causeRef: input.causeRef,
              actor,
              legs: transferLegs(payer.id, payee.id, currency, paidMinor),
            });
            transactionId = posted.transactionId;
            await announceBalances(this.deps.outbox, tx, merchantCode, posted.transactionId, cause, posted.legs);
          }
          const answer: AgentCommissionAnswer = { transactionId, paidMinor: paidMinor.toString(), ...(payerBalanceMinor === undefined ? {} : { payerBalanceMinor: payerBalanceMinor.toString() }) };
          await tx.execute(
            sql`INSERT INTO ${table} (merchant_code, key, request_hash, payer_member_id, payee_member_id, currency, amount_minor, paid_minor, transaction_id, response)
                VALUES (${merchantCode}, ${input.key}, ${hash}, ${input.payerMemberId}, ${input.payeeMemberId}, ${currency}, ${input.amountMinor}::bigint,
                        ${paidMinor.toString()}::bigint, ${transactionId}::uuid, ${JSON.stringify(answer)}::jsonb)`,
          );
          return answer;
        }),
    });
    this.deps.relay()?.wake();
    return answer;
  }
}
