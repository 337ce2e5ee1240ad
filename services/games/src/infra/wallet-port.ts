import { parseMajor, type RpcClient, type WalletRpc } from '@wps/contracts';
import type { WalletTransfersPort } from '../features/vendor-transfers.js';

/** The wallet's transfer calls over its RPC contract, whichever transport the client uses. */
export function walletTransfersPort(wallet: RpcClient<WalletRpc>): WalletTransfersPort {
  const move = (direction: 'to-vendor' | 'from-vendor') => async (input: Parameters<WalletTransfersPort['toVendor']>[0]) => {
    await wallet.vendorTransfer({ ...input, direction, amountMinor: input.amountMinor.toString() });
  };
  return {
    async balanceMinor(input) {
      const balance = await wallet.getBalance(input);
      return parseMajor(balance.balance, balance.currency) ?? 0n;
    },
    toVendor: move('to-vendor'),
    fromVendor: move('from-vendor'),
  };
}
