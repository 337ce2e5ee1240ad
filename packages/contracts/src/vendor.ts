import { z } from 'zod';
import { supportedCurrencySchema } from './money.js';

/**
 * The seamless-wallet API that game vendors call: `POST /api/vendor/v1/:operation`, signed with the vendor's secret.
 * Bodies are validated here once, by the wallet, after the signature over the raw body has been checked.
 */
export const VENDOR_OPERATIONS = ['balance', 'bet', 'win', 'rollback', 'adjust', 'void', 'resettle', 'tip'] as const;
export type VendorOperation = (typeof VENDOR_OPERATIONS)[number];
export const vendorOperationSchema = z.enum(VENDOR_OPERATIONS);

export const VENDOR_HEADERS = { vendor: 'x-vendor-code', timestamp: 'x-timestamp', signature: 'x-signature' } as const;

const reference = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and _ . : - only');
/** Major units as a decimal string; the wallet checks the decimals against the currency. */
const amount = z
  .string()
  .max(32)
  .regex(/^\d{1,15}(\.\d+)?$/, 'a non-negative decimal string such as "12.50"')
  .meta({ description: 'Major units, at most the currency’s decimals', examples: ['12.50'] });
const signedAmount = z
  .string()
  .max(32)
  .regex(/^-?\d{1,15}(\.\d+)?$/, 'a decimal string such as "-3.00"');
const gameType = z
  .string()
  .min(1)
  .max(20)
  .regex(/^[A-Z0-9_]+$/, 'upper-case letters, digits and _');

const playerFields = {
  player: z.string().min(1).max(64).meta({ description: 'The platform’s member id, as given to you at game launch' }),
  currency: supportedCurrencySchema.meta({ description: 'The player’s currency' }),
};
const keyed = { ...playerFields, transactionId: reference.meta({ description: 'Unique per (vendor, player); retries reuse it' }) };

export const vendorBodySchemas = {
  balance: z.object(playerFields),
  /** A debit on a round; `win` with `settle` settles the round in the same call. */
  bet: z.object({
    ...keyed,
    roundId: reference,
    gameType,
    gameCode: z.string().min(1).max(100).optional(),
    amount,
    win: amount.optional().meta({ description: 'A win credited in the same call, after the stake' }),
    settle: z.boolean().optional().meta({ description: 'Settle the round with this call' }),
  }),
  /** A credit on an open round that has a bet; `amount` may be zero for a lost round that `settle` closes. */
  win: z.object({ ...keyed, roundId: reference, betTransactionId: reference.optional(), amount, settle: z.boolean().optional() }),
  /** Refunds the bet `betTransactionId`; may arrive before that bet, which is then refused. */
  rollback: z.object({ ...keyed, betTransactionId: reference, roundId: reference.optional() }),
  /** A signed correction on a round: positive credits the player, negative debits. */
  adjust: z.object({ ...keyed, roundId: reference, amount: signedAmount }),
  /** Cancels an open round: its bets are refunded and its wins taken back. */
  void: z.object({ ...keyed, roundId: reference }),
  /** Sets a settled round's total win to `winAmount` and posts the difference. */
  resettle: z.object({ ...keyed, roundId: reference, winAmount: amount.meta({ description: 'The round’s new total win' }) }),
  /** Moves money from the player to the vendor's tip account. */
  tip: z.object({ ...keyed, amount, roundId: reference.optional() }),
} as const satisfies Record<VendorOperation, z.ZodType>;
export type VendorBody<O extends VendorOperation> = z.infer<(typeof vendorBodySchemas)[O]>;

/** What the gateway forwards: the raw body travels untouched so the wallet can check the signature over it. */
export const vendorCallInputSchema = z.object({
  vendor: z.string().max(40),
  operation: vendorOperationSchema,
  timestamp: z.string().max(20),
  signature: z.string().max(200),
  body: z.string().max(65_536),
});
export type VendorCallInput = z.infer<typeof vendorCallInputSchema>;

export const vendorAnswerSchema = z.object({
  balance: z.string(),
  currency: z.string(),
  transactionId: z.string().optional(),
  /** The ledger transaction that moved money; absent when the call moved none (an early rollback, a zero win). */
  ledgerTransactionId: z.string().optional(),
  roundState: z.enum(['open', 'settled', 'cancelled']).optional(),
});
export type VendorAnswer = z.infer<typeof vendorAnswerSchema>;

export const betRecordSchema = z.object({
  roundId: z.string(),
  vendor: z.string(),
  gameType: z.string(),
  gameCode: z.string().nullable(),
  betAmount: z.string(),
  validBet: z.string(),
  winAmount: z.string(),
  currency: z.string(),
  status: z.enum(['open', 'settled', 'cancelled']),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type BetRecord = z.infer<typeof betRecordSchema>;

export const betRecordQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  gameType: z.union([gameType, z.literal('')]).optional(),
  from: z.union([z.iso.datetime({ offset: true }), z.iso.date(), z.literal('')]).optional(),
  to: z.union([z.iso.datetime({ offset: true }), z.iso.date(), z.literal('')]).optional(),
});

export const betRecordPageSchema = z.object({
  content: z.array(betRecordSchema),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
