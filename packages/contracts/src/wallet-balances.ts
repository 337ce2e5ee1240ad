import { z } from 'zod';
import { rowIdSchema } from './ids.js';

/** The most members whose balances one call reads (a report page). */
export const WALLET_BALANCES_MAX = 100;

/** The wallet's bulk balance reads; `walletRpc` includes them. */
export const walletBalancesRpcMethods = {
  /**
   * The spendable balance of each listed member of one brand in one currency, in one read. A member without an
   * account yet has a zero balance; every id asked for is answered, in the order asked.
   */
  getBalances: {
    input: z.object({
      merchantCode: z.string().min(1),
      currency: z.string().min(1),
      memberIds: z.array(rowIdSchema).max(WALLET_BALANCES_MAX),
    }),
    output: z.object({
      currency: z.string(),
      balances: z.array(z.object({ memberId: z.string(), balance: z.string(), balanceMinor: z.string() })),
    }),
  },
};
