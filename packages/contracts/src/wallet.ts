import { z } from 'zod';
import { defineRpc } from './rpc.js';
import { paymentsRpcMethods } from './payments.js';
import { agentPayoutRpcMethods } from './agent-payouts.js';
import { loyaltyPayoutRpcMethods } from './loyalty-payouts.js';
import { walletBalancesRpcMethods } from './wallet-balances.js';
import { walletBonusRpcMethods } from './wallet-bonuses.js';
import { betRecordPageSchema, betRecordQuerySchema, vendorAnswerSchema, vendorCallInputSchema } from './vendor.js';

export const balanceSchema = z.object({
  balance: z.string(),
  currency: z.string(),
  version: z.number().int(),
});
export type Balance = z.infer<typeof balanceSchema>;

export const betRecordStatusSchema = z.enum(['open', 'settled', 'cancelled']);
/** `GET /wps/v2/bets`: the betting record's filters (an empty value means no filter). */
export const betRecordFilterQuerySchema = betRecordQuerySchema.extend({ status: z.union([betRecordStatusSchema, z.literal('')]).optional() });
/** Sums over every round the filters match, not only the page shown; cancelled rounds moved no money and count nowhere. */
export const betRecordTotalsSchema = z.object({ betAmount: z.string(), validBet: z.string(), winAmount: z.string(), net: z.string(), currency: z.string() });
export const betRecordFilteredPageSchema = betRecordPageSchema.extend({ totals: betRecordTotalsSchema });

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
  /** A member's own rounds in their currency, newest first, for the betting record, with totals of the filtered range. */
  listRounds: {
    input: z.object({
      merchantCode: z.string(),
      memberId: z.string(),
      currency: z.string(),
      pageNo: z.number().int().min(1),
      pageSize: z.number().int().min(1).max(100),
      gameType: z.string().optional(),
      status: betRecordStatusSchema.optional(),
      from: z.string().optional(),
      to: z.string().optional(),
    }),
    output: betRecordFilteredPageSchema,
  },
  /**
   * Money into (`to-vendor`) or back from (`from-vendor`) a transfer-style game vendor, keyed by `key`: a repeated key
   * answers the first result and moves nothing.
   */
  vendorTransfer: {
    input: z.object({
      key: z.string().min(1).max(200),
      merchantCode: z.string(),
      memberId: z.string(),
      currency: z.string(),
      vendor: z.string().regex(/^[A-Z0-9_]{1,40}$/),
      direction: z.enum(['to-vendor', 'from-vendor']),
      amountMinor: z.string().regex(/^[1-9][0-9]{0,17}$/),
    }),
    output: z.object({ transactionId: z.string(), balance: z.string(), currency: z.string() }),
  },
  /** The brand's progressive jackpot pool in its currency. */
  jackpotPool: {
    input: z.object({ merchantCode: z.string(), currency: z.string() }),
    output: z.object({ amount: z.string(), amountMinor: z.string(), currency: z.string() }),
  },
  ...paymentsRpcMethods,
  ...agentPayoutRpcMethods,
  ...loyaltyPayoutRpcMethods,
  ...walletBalancesRpcMethods,
  ...walletBonusRpcMethods,
});
export type WalletRpc = typeof walletRpc;
