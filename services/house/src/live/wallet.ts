import { HOUSE_VENDOR_CODE, type VendorOperation } from '@wps/contracts';
import { signedVendorCall, type VendorCall } from '../wallet-client.js';

/**
 * What the live tables need from the wallet: the seamless-wallet operations a third-party vendor would call, signed
 * with the house vendor's secret (services/house/src/wallet-client.ts). Transaction ids are derived from the round and
 * bet ids, so any call may be repeated after a failure or a restart and moves money at most once.
 */
export interface LiveWalletAnswer {
  balance: string;
  currency: string;
}
export interface LiveWallet {
  bet(body: { player: string; currency: string; transactionId: string; roundId: string; gameType: string; gameCode: string; amount: string }): Promise<LiveWalletAnswer>;
  win(body: { player: string; currency: string; transactionId: string; roundId: string; amount: string; settle: boolean }): Promise<LiveWalletAnswer>;
  rollback(body: { player: string; currency: string; transactionId: string; betTransactionId: string; roundId: string }): Promise<LiveWalletAnswer>;
  balance(body: { player: string; currency: string }): Promise<LiveWalletAnswer>;
}

export const walletRoundId = (roundId: string, memberId: string): string => `hl:${roundId}:${memberId}`;
export const winTransactionId = (roundId: string, memberId: string): string => `hl-win:${roundId}:${memberId}`;
export const rollbackTransactionId = (betTransactionId: string): string => `hl-rb:${betTransactionId}`;

/**
 * The live tables' calls, signed as the house vendor like every house call (see ../wallet-client.ts); they carry
 * their own game type (LIVE, COCKFIGHT) where the solo games' client fixes RNG.
 */
export function signedLiveWallet(options: { vendorCall: VendorCall; secret: string; vendor?: string }): LiveWallet {
  const call = (operation: VendorOperation, body: object): Promise<LiveWalletAnswer> => options.vendorCall(signedVendorCall(options.secret, options.vendor ?? HOUSE_VENDOR_CODE, operation, body));
  return {
    bet: (body) => call('bet', body),
    win: (body) => call('win', body),
    rollback: (body) => call('rollback', body),
    balance: (body) => call('balance', body),
  };
}
