import { vendorSignature } from '@wps/platform';
import { HOUSE_VENDOR_CODE, houseSoloWalletGameType, type VendorAnswer, type VendorCallInput, type VendorOperation } from '@wps/contracts';

/** The wallet's signed vendor entry point, whichever transport reaches it (in process or the wallet's internal RPC). */
export type VendorCall = (input: VendorCallInput) => Promise<VendorAnswer>;

/** A call to the seamless-wallet API signed exactly as a third-party vendor signs it (docs/vendor-api.md). */
export function signedVendorCall(secret: string, vendor: string, operation: VendorOperation, body: object, nowMs: number = Date.now()): VendorCallInput {
  const raw = JSON.stringify(body);
  const timestamp = String(nowMs);
  return { vendor, operation, timestamp, signature: vendorSignature(secret, timestamp, raw), body: raw };
}

export interface HouseWalletOptions {
  vendorCall: VendorCall;
  secret: string;
  /** HOUSE; the live tables use the same vendor. */
  vendor?: string;
  now?: () => number;
}

export interface WalletPlayer {
  memberId: string;
  currency: string;
}

/**
 * The house vendor's side of the seamless-wallet API: every call is signed exactly as a third-party vendor signs it
 * (HMAC-SHA256 of `${timestamp}.${body}` under the vendor secret) and the wallet verifies it the same way. Transaction
 * ids are derived from the caller's round and bet ids, so a retried call is answered from the wallet's stored reply.
 */
export class HouseWallet {
  private readonly vendor: string;
  private readonly now: () => number;
  constructor(private readonly options: HouseWalletOptions) {
    this.vendor = options.vendor ?? HOUSE_VENDOR_CODE;
    this.now = options.now ?? Date.now;
  }

  private call(operation: VendorOperation, body: Record<string, unknown>): Promise<VendorAnswer> {
    return this.options.vendorCall(signedVendorCall(this.options.secret, this.vendor, operation, body, this.now()));
  }

  balance(player: WalletPlayer): Promise<VendorAnswer> {
    return this.call('balance', { player: player.memberId, currency: player.currency });
  }

  /** A debit on a round; with `win` the round is settled in the same call (instant games). */
  bet(player: WalletPlayer, input: { roundId: string; transactionId: string; gameCode: string; amount: string; win?: string }): Promise<VendorAnswer> {
    return this.call('bet', {
      player: player.memberId,
      currency: player.currency,
      transactionId: input.transactionId,
      roundId: input.roundId,
      gameType: houseSoloWalletGameType(input.gameCode),
      gameCode: input.gameCode,
      amount: input.amount,
      ...(input.win !== undefined ? { win: input.win, settle: true } : {}),
    });
  }

  /** Credits a round's win (zero for a loss) and settles it. */
  win(player: WalletPlayer, input: { roundId: string; transactionId: string; betTransactionId: string; amount: string }): Promise<VendorAnswer> {
    return this.call('win', { player: player.memberId, currency: player.currency, settle: true, ...input });
  }

  /** Refunds a bet; safe before the bet arrived (the late bet is then refused). */
  rollback(player: WalletPlayer, input: { transactionId: string; betTransactionId: string; roundId?: string }): Promise<VendorAnswer> {
    return this.call('rollback', { player: player.memberId, currency: player.currency, ...input });
  }
}
