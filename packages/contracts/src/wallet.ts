import { z } from 'zod';
import { defineRpc } from './rpc.js';

export const balanceSchema = z.object({
  balance: z.string(),
  currency: z.string(),
  version: z.number().int(),
});
export type Balance = z.infer<typeof balanceSchema>;

export const walletRpc = defineRpc({
  getBalance: {
    input: z.object({ merchantCode: z.string(), memberId: z.string(), currency: z.string() }),
    output: balanceSchema,
  },
  /** Credits demo funds from the brand's demo funding account; only brands with demo funding enabled allow it. */
  demoDeposit: {
    input: z.object({
      merchantCode: z.string(),
      memberId: z.string(),
      currency: z.string(),
      amount: z.string(),
      idempotencyKey: z.string().min(1).max(200),
    }),
    output: balanceSchema.extend({ transactionId: z.string() }),
  },
  /** Sum of all entries per currency; zero on a healthy ledger. Used by tests and the operator's health view. */
  ledgerCheck: {
    input: z.object({}),
    output: z.object({ imbalances: z.array(z.object({ currency: z.string(), sumMinor: z.string() })), negativeAccounts: z.number().int() }),
  },
});
export type WalletRpc = typeof walletRpc;
