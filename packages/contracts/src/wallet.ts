import { z } from 'zod';
import { defineRpc } from './rpc.js';
import { paymentsRpcMethods } from './payments.js';
import { betRecordPageSchema, vendorAnswerSchema, vendorCallInputSchema } from './vendor.js';

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
  /** A signed seamless-wallet call from a game vendor, verified and applied by the wallet. */
  vendorCall: { input: vendorCallInputSchema, output: vendorAnswerSchema },
  /** The house side of one (brand, vendor, game type): the sum of its sub-accounts. */
  houseBalance: {
    input: z.object({ merchantCode: z.string(), vendor: z.string(), gameType: z.string(), currency: z.string() }),
    output: z.object({ balance: z.string(), balanceMinor: z.string(), currency: z.string(), shards: z.number().int() }),
  },
  /** A member's own rounds, newest first, for the betting record. */
  listRounds: {
    input: z.object({
      merchantCode: z.string(),
      memberId: z.string(),
      pageNo: z.number().int().min(1),
      pageSize: z.number().int().min(1).max(100),
      gameType: z.string().optional(),
      from: z.string().optional(),
      to: z.string().optional(),
    }),
    output: betRecordPageSchema,
  },
  ...paymentsRpcMethods,
});
export type WalletRpc = typeof walletRpc;
