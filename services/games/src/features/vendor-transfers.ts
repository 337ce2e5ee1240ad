import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError, rows, type Database, type Logger } from '@wps/platform';
import { isTransferAdapter, type LaunchingMember, type TransferVendorAdapter, type VendorAdapter, type VendorTransferStatus } from '../vendors/adapter.js';

/** The wallet's side of transfers: each call is keyed, so repeating one after a crash or timeout moves money once. */
export interface WalletTransfersPort {
  balanceMinor(input: { merchantCode: string; memberId: string; currency: string }): Promise<bigint>;
  toVendor(input: WalletTransferMove): Promise<void>;
  fromVendor(input: WalletTransferMove): Promise<void>;
}
export interface WalletTransferMove {
  key: string;
  merchantCode: string;
  memberId: string;
  currency: string;
  vendor: string;
  amountMinor: bigint;
}

interface TransferRow {
  transfer_id: string;
  merchant_code: string;
  member_id: string;
  vassalage: string;
  direction: 'in' | 'out';
  currency: string;
  amount_minor: string;
  account: string | null;
}

const reversalKey = (transferId: string) => `${transferId}:reversal`;

/**
 * Money into and out of transfer-style vendors. The order of steps is what keeps money safe: into a vendor, the wallet
 * debits first and credits back only when the vendor says the transfer failed; out of a vendor, the wallet credits
 * only after the vendor confirmed. Anything the vendor leaves unclear stays pending for `reconcile`.
 */
export class VendorTransfers {
  constructor(private readonly deps: { db: Database; wallet: WalletTransfersPort; logger: Logger; reconcileAfterMs: number }) {}

  private async insert(input: {
    transferId: string;
    member: { merchantCode: string; memberId: string; currency: string; account: string };
    vassalage: string;
    direction: 'in' | 'out';
    amountMinor: bigint;
  }) {
    await this.deps.db.orm.execute(
      sql`INSERT INTO games.vendor_transfers (transfer_id, merchant_code, member_id, vassalage, direction, currency, amount_minor, account)
          VALUES (${input.transferId}, ${input.member.merchantCode}, ${input.member.memberId}, ${input.vassalage}, ${input.direction}, ${input.member.currency},
                  ${input.amountMinor.toString()}::bigint, ${input.member.account})`,
    );
  }

  private async mark(transferId: string, state: 'done' | 'failed'): Promise<void> {
    await this.deps.db.orm.execute(sql`UPDATE games.vendor_transfers SET state = ${state}, updated_at = now() WHERE transfer_id = ${transferId} AND state = 'pending'`);
  }

  /** Moves the member's whole balance into the vendor before play. */
  async fund(member: LaunchingMember, vassalage: string, adapter: TransferVendorAdapter): Promise<void> {
    const amountMinor = await this.deps.wallet.balanceMinor(member);
    if (amountMinor <= 0n) return;
    const transferId = randomUUID();
    await this.insert({ transferId, member, vassalage, direction: 'in', amountMinor });
    const move = { key: transferId, merchantCode: member.merchantCode, memberId: member.memberId, currency: member.currency, vendor: vassalage, amountMinor };
    try {
      await this.deps.wallet.toVendor(move);
    } catch (error) {
      await this.mark(transferId, 'failed');
      throw error;
    }
    let status = await adapter.transferIn({ transferId, account: member.account, currency: member.currency, amountMinor });
    if (status === 'unknown') status = await adapter.transferStatus(transferId);
    await this.settle({ transfer_id: transferId, direction: 'in', ...move }, status, false);
    if (status === 'failed') throw new AppError('VENDOR_TRANSFER_FAILED');
    if (status !== 'done') throw new AppError('VENDOR_TRANSFER_PENDING');
  }

  /**
   * Applies what the vendor said about a transfer. `not-found` right after a timeout may still be in flight, so only
   * the reconcile job (`final`) treats it as failed.
   */
  private async settle(transfer: { transfer_id: string; direction: 'in' | 'out' } & Omit<WalletTransferMove, 'key'>, status: VendorTransferStatus, final: boolean): Promise<void> {
    const failed = status === 'failed' || (final && status === 'not-found');
    const move = { merchantCode: transfer.merchantCode, memberId: transfer.memberId, currency: transfer.currency, vendor: transfer.vendor, amountMinor: transfer.amountMinor };
    if (transfer.direction === 'in') {
      if (failed) await this.deps.wallet.fromVendor({ ...move, key: reversalKey(transfer.transfer_id) });
    } else if (status === 'done') {
      await this.deps.wallet.fromVendor({ ...move, key: transfer.transfer_id });
    }
    if (status === 'done') await this.mark(transfer.transfer_id, 'done');
    else if (failed) await this.mark(transfer.transfer_id, 'failed');
  }

  /** Brings back whatever the member holds at the transfer-style vendors they were funded at. */
  async recall(
    member: { merchantCode: string; memberId: string; currency: string; account: string },
    vendors: Array<{ vassalage: string; adapter: VendorAdapter | undefined }>,
  ): Promise<{ recalled: Array<{ vendor: string; amountMinor: string }> }> {
    const played = await rows<{ vassalage: string }>(
      this.deps.db.orm,
      sql`SELECT DISTINCT vassalage FROM games.vendor_transfers WHERE member_id = ${member.memberId} AND direction = 'in' AND state = 'done'`,
    );
    const recalled: Array<{ vendor: string; amountMinor: string }> = [];
    for (const { vassalage } of played) {
      const adapter = vendors.find((vendor) => vendor.vassalage === vassalage)?.adapter;
      if (!adapter || !isTransferAdapter(adapter)) continue;
      const amountMinor = await adapter.balance(member.account, member.currency).catch(() => 0n);
      if (amountMinor <= 0n) continue;
      const transferId = randomUUID();
      await this.insert({ transferId, member, vassalage, direction: 'out', amountMinor });
      let status = await adapter.transferOut({ transferId, account: member.account, currency: member.currency, amountMinor });
      if (status === 'unknown') status = await adapter.transferStatus(transferId);
      await this.settle(
        { transfer_id: transferId, direction: 'out', merchantCode: member.merchantCode, memberId: member.memberId, currency: member.currency, vendor: vassalage, amountMinor },
        status,
        false,
      );
      if (status === 'done') recalled.push({ vendor: vassalage, amountMinor: amountMinor.toString() });
    }
    return { recalled };
  }

  /** Settles transfers left pending (timeouts, crashes) by asking the vendor; run on a timer. */
  async reconcile(vendors: Array<{ vassalage: string; adapter: VendorAdapter | undefined }>): Promise<number> {
    const pending = await rows<TransferRow>(
      this.deps.db.orm,
      sql`SELECT transfer_id::text AS transfer_id, merchant_code, member_id::text AS member_id, vassalage, direction, currency, amount_minor::text AS amount_minor, account
          FROM games.vendor_transfers WHERE state = 'pending' AND created_at < now() - make_interval(secs => ${this.deps.reconcileAfterMs / 1000})
          ORDER BY created_at LIMIT 100`,
    );
    let settled = 0;
    for (const transfer of pending) {
      const adapter = vendors.find((vendor) => vendor.vassalage === transfer.vassalage)?.adapter;
      if (!adapter || !isTransferAdapter(adapter)) continue;
      const status = await adapter.transferStatus(transfer.transfer_id);
      if (status === 'unknown') continue;
      await this.settle(
        {
          transfer_id: transfer.transfer_id,
          direction: transfer.direction,
          merchantCode: transfer.merchant_code,
          memberId: transfer.member_id,
          currency: transfer.currency,
          vendor: transfer.vassalage,
          amountMinor: BigInt(transfer.amount_minor),
        },
        status,
        true,
      );
      settled++;
      this.deps.logger.info({ transferId: transfer.transfer_id, status }, 'vendor transfer reconciled');
    }
    return settled;
  }
}
