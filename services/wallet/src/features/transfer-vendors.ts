import { oncePerKey, sameRequest, type Database, type Outbox, type OutboxRelay } from '@wps/platform';
import { transferLegs } from '../domain/ledger.js';
import { requestHash } from '../domain/idempotency.js';
import { answeredBalance, ensureAccount, findIdempotent, postTransaction, type PostingAnswer } from '../infra/ledger-store.js';
import { announceBalances } from './balances.js';

export interface VendorTransferInput {
  key: string;
  merchantCode: string;
  memberId: string;
  currency: string;
  vendor: string;
  direction: 'to-vendor' | 'from-vendor';
  amountMinor: string;
}
export interface VendorTransferAnswer {
  transactionId: string;
  balance: string;
  currency: string;
}

const transferAnswer = (stored: PostingAnswer<{ currency: string }>): VendorTransferAnswer => ({
  transactionId: stored.transactionId,
  balance: answeredBalance(stored, stored.currency),
  currency: stored.currency,
});

/**
 * Money held by transfer-style game vendors. Each vendor has one account per brand and currency that mirrors what
 * our players hold there; it may go negative, because players win at the vendor. The games service keys every move,
 * so a retried move after a timeout or crash answers the first result.
 */
export class TransferVendorMoney {
  constructor(private readonly deps: { db: Database; outbox: Outbox; relay: () => OutboxRelay | undefined }) {}

  async transfer(input: VendorTransferInput): Promise<VendorTransferAnswer> {
    const actor = `vendor-transfer:${input.vendor}`;
    const amountMinor = BigInt(input.amountMinor);
    const hash = requestHash({ op: 'vendorTransfer', memberId: input.memberId, currency: input.currency, direction: input.direction, amountMinor: input.amountMinor });
    return oncePerKey({
      answered: async () => {
        const stored = await findIdempotent(this.deps.db.orm, input.merchantCode, actor, input.key);
        return sameRequest(stored && { hash: stored.requestHash, answer: transferAnswer(stored.response as PostingAnswer<{ currency: string }>) }, hash);
      },
      run: async () => {
        const answer = await this.deps.db.transaction(async (tx) => {
          const member = await ensureAccount(tx, { merchantCode: input.merchantCode, ownerType: 'member', ownerId: input.memberId, currency: input.currency });
          const vendor = await ensureAccount(tx, { merchantCode: input.merchantCode, ownerType: 'vendor', ownerId: input.vendor, kind: 'transfer', currency: input.currency }, true);
          const legs = input.direction === 'to-vendor' ? transferLegs(member.id, vendor.id, input.currency, amountMinor) : transferLegs(vendor.id, member.id, input.currency, amountMinor);
          const posted = await postTransaction(tx, {
            merchantCode: input.merchantCode,
            cause: 'transfer',
            causeRef: `vendor:${input.vendor}:${input.key}`,
            actor,
            idempotencyKey: input.key,
            requestHash: hash,
            legs,
            answer: { currency: input.currency },
            answerAccountId: member.id,
          });
          await announceBalances(this.deps.outbox, tx, input.merchantCode, posted.transactionId, 'transfer', posted.legs);
          return transferAnswer(posted.answer);
        });
        this.deps.relay()?.wake();
        return answer;
      },
    });
  }
}
