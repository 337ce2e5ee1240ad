import { HOUSE_VENDOR_CODE, type VendorOperation } from '@wps/contracts';
import { signedVendorCall, type VendorCall } from '../wallet-client.js';

export interface LotteryWalletAnswer {
  balance: string;
  currency: string;
}

type Player = { player: string; currency: string };

/**
 * The seamless-wallet operations the lottery calls, signed as the house vendor like every house call. Each ticket is
 * its own wallet round; every id is derived from the ticket id (`lotteryWalletIds`), so a call repeated after a
 * failure or a restart moves money at most once.
 */
export interface LotteryWallet {
  balance(body: Player): Promise<LotteryWalletAnswer>;
  bet(body: Player & { transactionId: string; roundId: string; gameType: string; gameCode: string; amount: string }): Promise<LotteryWalletAnswer>;
  /** Pays a ticket's win (zero for a loss) and settles its round. */
  win(body: Player & { transactionId: string; roundId: string; betTransactionId: string; amount: string; settle: true }): Promise<LotteryWalletAnswer>;
  /** Refunds a debit whose outcome is unknown; safe before it arrives (the late debit is then refused). */
  rollback(body: Player & { transactionId: string; betTransactionId: string; roundId: string }): Promise<LotteryWalletAnswer>;
  /** Cancels a ticket's round whose draw will not happen: the stake comes back and the round is recorded cancelled. */
  void(body: Player & { transactionId: string; roundId: string }): Promise<LotteryWalletAnswer>;
}

export const lotteryWalletIds = (ticketId: string) => ({
  roundId: `lt:${ticketId}`,
  bet: `lt:${ticketId}:bet`,
  win: `lt:${ticketId}:win`,
  rollback: `lt:${ticketId}:rb`,
  void: `lt:${ticketId}:void`,
});

export function signedLotteryWallet(options: { vendorCall: VendorCall; secret: string; vendor?: string }): LotteryWallet {
  const call = (operation: VendorOperation, body: object): Promise<LotteryWalletAnswer> => options.vendorCall(signedVendorCall(options.secret, options.vendor ?? HOUSE_VENDOR_CODE, operation, body));
  return {
    balance: (body) => call('balance', body),
    bet: (body) => call('bet', body),
    win: (body) => call('win', body),
    rollback: (body) => call('rollback', body),
    void: (body) => call('void', body),
  };
}
