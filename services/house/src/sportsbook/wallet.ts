import { HOUSE_VENDOR_CODE, type VendorOperation } from '@wps/contracts';
import { signedVendorCall, type VendorCall } from '../wallet-client.js';

export interface SportsWalletAnswer {
  balance: string;
  currency: string;
}

type Player = { player: string; currency: string };

/**
 * The seamless-wallet operations the sportsbook calls, signed as the house vendor. Each bet is its own wallet round
 * (`sb:<betId>`): the stake is its bet, every later payment a `win` (cash-outs, the settlement) or a `resettle` of the
 * round's total after a correction. Transaction ids come from the bet and its revision, so a call repeated after a
 * failure or a restart moves money at most once.
 */
export interface SportsWallet {
  balance(body: Player): Promise<SportsWalletAnswer>;
  bet(body: Player & { transactionId: string; roundId: string; gameType: string; gameCode: string; amount: string }): Promise<SportsWalletAnswer>;
  win(body: Player & { transactionId: string; roundId: string; betTransactionId: string; amount: string; settle: boolean }): Promise<SportsWalletAnswer>;
  resettle(body: Player & { transactionId: string; roundId: string; winAmount: string }): Promise<SportsWalletAnswer>;
  rollback(body: Player & { transactionId: string; betTransactionId: string; roundId: string }): Promise<SportsWalletAnswer>;
}

export const SPORTSBOOK_GAME_CODE = 'house-sportsbook';

export const sportsWalletIds = (betId: string) => ({
  roundId: `sb:${betId}`,
  bet: `sb:${betId}:bet`,
  rollback: `sb:${betId}:rb`,
});

export function signedSportsWallet(options: { vendorCall: VendorCall; secret: string; vendor?: string }): SportsWallet {
  const call = (operation: VendorOperation, body: object): Promise<SportsWalletAnswer> => options.vendorCall(signedVendorCall(options.secret, options.vendor ?? HOUSE_VENDOR_CODE, operation, body));
  return {
    balance: (body) => call('balance', body),
    bet: (body) => call('bet', body),
    win: (body) => call('win', body),
    resettle: (body) => call('resettle', body),
    rollback: (body) => call('rollback', body),
  };
}
