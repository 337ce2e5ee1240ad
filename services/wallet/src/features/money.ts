import { sql } from 'drizzle-orm';
import { AppError, oncePerKey, rows, sameRequest, type Database, type Outbox, type OutboxRelay, type Executor } from '@wps/platform';
import { formatMinor, parseMajor, type Balance } from '@wps/contracts';
import { transferLegs } from '../domain/ledger.js';
import { requestHash } from '../domain/idempotency.js';
import { answeredBalance, ensureAccount, findAccount, findIdempotent, postTransaction, type PostingAnswer } from '../infra/ledger-store.js';
import type { WalletConfig } from '../config.js';
import { announceBalances } from './balances.js';
import { brandSandboxOn } from './payments/repository.js';

export interface MoneyDeps {
  db: Database;
  outbox: Outbox;
  relay: () => OutboxRelay | undefined;
  config: WalletConfig;
}

/** A demo deposit's answer: the member's balance after it, from the ledger transaction's stored answer. */
const depositAnswer = (stored: PostingAnswer<{ currency: string }>): Balance & { transactionId: string } => ({
  balance: answeredBalance(stored, stored.currency),
  currency: stored.currency,
  version: stored.version ?? 0,
  transactionId: stored.transactionId,
});

export class MemberMoney {
  constructor(private readonly deps: MoneyDeps) {}

  async openMemberAccount(tx: Executor, merchantCode: string, memberId: string, currency: string): Promise<void> {
    await ensureAccount(tx, { merchantCode, ownerType: 'member', ownerId: memberId, currency });
  }

  async balance(input: { merchantCode: string; memberId: string; currency: string }): Promise<Balance> {
    const account = await findAccount(this.deps.db.orm, { merchantCode: input.merchantCode, ownerType: 'member', ownerId: input.memberId, currency: input.currency });
    return {
      balance: formatMinor(BigInt(account?.balance_minor ?? 0), input.currency),
      currency: input.currency,
      version: Number(account?.version ?? 0),
    };
  }

  async demoDeposit(input: { merchantCode: string; memberId: string; currency: string; amount: string; idempotencyKey: string }): Promise<Balance & { transactionId: string }> {
    if (!this.deps.config.WALLET_DEMO_DEPOSITS) throw new AppError('FEATURE_DISABLED');
    // Play money exists only on a brand whose sandbox is on; elsewhere there is no such call.
    if (!(await brandSandboxOn(this.deps.db.orm, input.merchantCode))) throw new AppError('NOT_FOUND');
    const amountMinor = parseMajor(input.amount, input.currency);
    const maxMinor = parseMajor(this.deps.config.WALLET_DEMO_DEPOSIT_MAX, input.currency)!;
    if (amountMinor === undefined || amountMinor <= 0n || amountMinor > maxMinor) throw new AppError('AMOUNT_INVALID', { field: 'amount' });
    const actor = `member:${input.memberId}`;
    const hash = requestHash({ op: 'demoDeposit', amountMinor: amountMinor.toString(), currency: input.currency });

    return oncePerKey({
      answered: async () => {
        const stored = await findIdempotent(this.deps.db.orm, input.merchantCode, actor, input.idempotencyKey);
        return sameRequest(stored && { hash: stored.requestHash, answer: depositAnswer(stored.response as PostingAnswer<{ currency: string }>) }, hash);
      },
      run: async () => {
        const result = await this.deps.db.transaction(async (tx) => {
          const funding = await ensureAccount(tx, { merchantCode: input.merchantCode, ownerType: 'funding', ownerId: 'demo', currency: input.currency }, true);
          const member = await ensureAccount(tx, { merchantCode: input.merchantCode, ownerType: 'member', ownerId: input.memberId, currency: input.currency });
          const posted = await postTransaction(tx, {
            merchantCode: input.merchantCode,
            cause: 'demo_deposit',
            causeRef: `demo:${input.idempotencyKey}`,
            actor,
            idempotencyKey: input.idempotencyKey,
            requestHash: hash,
            legs: transferLegs(funding.id, member.id, input.currency, amountMinor),
            answer: { currency: input.currency },
            answerAccountId: member.id,
          });
          await announceBalances(this.deps.outbox, tx, input.merchantCode, posted.transactionId, 'demo_deposit', posted.legs);
          return depositAnswer(posted.answer);
        });
        this.deps.relay()?.wake();
        return result;
      },
    });
  }

  /** The ledger's own health: every transaction balanced, no non-negative account below zero. */
  async ledgerCheck(): Promise<{ imbalances: Array<{ currency: string; sumMinor: string }>; negativeAccounts: number }> {
    const imbalances = await rows<{ currency: string; sum_minor: string }>(
      this.deps.db.orm,
      sql`SELECT currency, sum(amount_minor)::text AS sum_minor FROM wallet.entries GROUP BY currency HAVING sum(amount_minor) <> 0`,
    );
    const [negative] = await rows<{ n: number }>(this.deps.db.orm, sql`SELECT count(*)::int AS n FROM wallet.accounts WHERE NOT allow_negative AND balance_minor < 0`);
    const [drift] = await rows<{ n: number }>(
      this.deps.db.orm,
      sql`SELECT count(*)::int AS n FROM wallet.accounts a
          WHERE a.balance_minor <> coalesce((SELECT sum(amount_minor) FROM wallet.entries e WHERE e.account_id = a.id), 0)`,
    );
    if ((drift?.n ?? 0) > 0) imbalances.push({ currency: '*', sum_minor: `accounts-drifted:${drift!.n}` });
    return { imbalances: imbalances.map((row) => ({ currency: row.currency, sumMinor: row.sum_minor })), negativeAccounts: negative?.n ?? 0 };
  }
}
