import { z } from 'zod';
import { supportedCurrencySchema } from './money.js';

/**
 * Player money beyond the balance: deposits, withdrawals, transfers, the account record, deposit limits and the
 * operator's actions. Public bodies are validated at the gateway with these schemas; the wallet's RPC methods are
 * spread into `walletRpc`.
 */

const amountText = z.string().max(32);
const proofFileSchema = z.object({
  name: z.string().min(1).max(200),
  contentType: z.enum(['image/png', 'image/jpeg']),
  dataBase64: z.string().max(7_200_000),
});
export type ProofFile = z.infer<typeof proofFileSchema>;
export const PROOF_FILES_MAX = 3;
export const PROOF_FILE_BYTES_MAX = 5 * 1024 * 1024;
export const CONFIRM_COMMENT_MAX = 140;

export const depositBodySchema = z.object({ methodCode: z.string().min(1).max(40), amount: amountText });
export const proofBodySchema = z.object({ files: z.array(proofFileSchema).max(10) });
export const depositLimitsBodySchema = z.object({
  daily: amountText.nullable().optional(),
  weekly: amountText.nullable().optional(),
  monthly: amountText.nullable().optional(),
});
export const paymentPasswordBodySchema = z.object({
  password: z.string().max(100).optional(),
  confirmPassword: z.string().max(100).optional(),
  oldPassword: z.string().max(100).optional(),
});
export const withdrawBodySchema = z.object({
  amount: amountText,
  paymentPassword: z.string().max(100).optional(),
  bankName: z.string().trim().min(1).max(100),
  accountName: z.string().trim().min(1).max(100),
  accountNumber: z
    .string()
    .trim()
    // 4 to 40 characters once trimmed; the ends are never white space, as a trimmed value's are not.
    .regex(/^[0-9A-Za-z-][0-9A-Za-z -]{2,38}[0-9A-Za-z-]$/),
  /** The member confirmed that a bonus still wagering is forfeited by this withdrawal. */
  forfeitBonus: z.boolean().optional(),
});
export const withdrawalConfirmBodySchema = z.object({
  result: z.enum(['received', 'partial', 'not_received']),
  receivedAmount: amountText.optional(),
  comment: z.string().max(2_000).optional(),
  files: z.array(proofFileSchema).max(10).optional(),
});
export const walletTransferBodySchema = z.object({
  toAccount: z.string().trim().min(1).max(100),
  amount: amountText,
  paymentPassword: z.string().max(100).optional(),
});
export const pageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const transactionsQuerySchema = pageQuerySchema.extend({
  type: z
    .string()
    .regex(/^[a-z_]{1,30}$/)
    .optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export const operatorReasonBodySchema = z.object({ reason: z.string().trim().min(1).max(500) });
export const operatorAdjustBodySchema = z.object({
  amount: z.string().regex(/^-?\d{1,15}(\.\d+)?$/),
  currency: supportedCurrencySchema,
  reason: z.string().trim().min(1).max(500),
});

export const depositMethodSchema = z.object({
  code: z.string(),
  kind: z.enum(['manual_bank', 'sandbox_gateway']),
  name: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
  currency: z.string(),
  details: z.object({ bankName: z.string().optional(), accountName: z.string().optional(), accountNumber: z.string().optional(), note: z.string().optional() }),
});
export type DepositMethod = z.infer<typeof depositMethodSchema>;

export const depositStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export const depositSchema = z.object({
  id: z.string(),
  status: depositStatusSchema,
  method: z.string(),
  amount: z.string(),
  currency: z.string(),
  createdAt: z.string(),
  paymentUrl: z.string().optional(),
  reason: z.string().nullable(),
  proofCount: z.number().int(),
  decidedAt: z.string().nullable(),
});
export type DepositView = z.infer<typeof depositSchema>;

export const withdrawalStatusSchema = z.enum(['pending', 'approved', 'paid', 'confirmed', 'disputed', 'rejected']);
export const withdrawalSchema = z.object({
  id: z.string(),
  status: withdrawalStatusSchema,
  amount: z.string(),
  currency: z.string(),
  createdAt: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  reason: z.string().nullable(),
  paidAt: z.string().nullable(),
  confirmResult: z.enum(['received', 'partial', 'not_received']).nullable(),
  receivedAmount: z.string().nullable(),
  autoConfirmed: z.boolean(),
});
export type WithdrawalView = z.infer<typeof withdrawalSchema>;

/** A bound of a list filter: a full timestamp, or a bare date meaning that whole (UTC) day. */
const rangeBound = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);
const operatorListQuery = pageQuerySchema.extend({
  memberId: z
    .string()
    .regex(/^[0-9A-Za-z-]{1,40}$/)
    .optional(),
  from: rangeBound.optional(),
  to: rangeBound.optional(),
});
/** `GET /operator/v1/deposits` filters; empty query values are dropped before parsing. */
export const operatorDepositsQuerySchema = operatorListQuery.extend({ status: depositStatusSchema.optional() });
export const operatorWithdrawalsQuerySchema = operatorListQuery.extend({ status: withdrawalStatusSchema.optional() });
const operatorListInput = { pageNo: z.number().int().min(1), pageSize: z.number().int().min(1).max(100), memberId: z.string().optional(), from: z.string().optional(), to: z.string().optional() };

const pageOf = <T extends z.ZodType>(item: T) => z.object({ content: z.array(item), pageNum: z.number().int(), totalPages: z.number().int(), total: z.number().int() });

export const accountRecordSchema = z.object({
  id: z.string(),
  type: z.string(),
  amount: z.string(),
  balanceAfter: z.string(),
  currency: z.string(),
  reference: z.string().nullable(),
  createdAt: z.string(),
});

const limitValue = z.string().nullable();
export const depositLimitsSchema = z.object({
  daily: limitValue,
  weekly: limitValue,
  monthly: limitValue,
  pending: z.object({ daily: limitValue.optional(), weekly: limitValue.optional(), monthly: limitValue.optional(), effectiveAt: z.string() }).optional(),
});
export type DepositLimits = z.infer<typeof depositLimitsSchema>;

export const merchantWalletSchema = z.object({ balance: z.string(), held: z.string(), available: z.string(), currency: z.string() });

const member = { merchantCode: z.string(), memberId: z.string(), currency: z.string() };
const idempotencyKey = z.string().min(1).max(200);
const operatorId = z.string().min(1).max(100);

/** The sandbox payment provider's signed callback (sent as JSON text, HMAC-SHA256 of the body under SANDBOX_PAY_SECRET). */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const sandboxCallbackBodySchema = z.object({
  depositId: z.string().max(64),
  outcome: z.enum(['paid', 'declined']),
  amount: z.string().max(32),
  providerReference: z.string().min(1).max(200),
});

/** The wallet's payment methods; `walletRpc` includes them. */
export const paymentsRpcMethods = {
  getMerchantWallet: { input: z.object(member), output: merchantWalletSchema },
  /** Names and notes in `language` where the brand wrote them in it, else as the method was first written. */
  listDepositMethods: { input: z.object({ merchantCode: z.string(), language: z.string().max(10).optional() }), output: z.array(depositMethodSchema) },
  createDeposit: { input: z.object({ ...member, methodCode: z.string(), amount: z.string(), idempotencyKey }), output: depositSchema },
  addDepositProof: { input: z.object({ ...member, depositId: z.string(), files: z.array(proofFileSchema) }), output: z.object({ id: z.string(), proofCount: z.number().int() }) },
  listDeposits: { input: z.object({ ...member, pageNo: z.number().int(), pageSize: z.number().int() }), output: pageOf(depositSchema) },
  listWithdrawals: { input: z.object({ ...member, pageNo: z.number().int(), pageSize: z.number().int() }), output: pageOf(withdrawalSchema) },
  getDepositLimits: { input: z.object(member), output: depositLimitsSchema },
  setDepositLimits: {
    input: z.object({ ...member, daily: z.string().nullable().optional(), weekly: z.string().nullable().optional(), monthly: z.string().nullable().optional() }),
    output: depositLimitsSchema,
  },
  /** The sandbox provider's verified callback; the gateway checked the signature. */
  settleSandboxDeposit: {
    input: sandboxCallbackBodySchema,
    output: depositSchema,
  },
  /** What the sandbox provider's page shows; no member data beyond the amount. */
  getSandboxDeposit: { input: z.object({ depositId: z.string() }), output: z.object({ id: z.string(), amount: z.string(), currency: z.string(), status: depositStatusSchema }).nullable() },
  createWithdrawal: {
    input: z.object({ ...member, amount: z.string(), bankName: z.string(), accountName: z.string(), accountNumber: z.string(), idempotencyKey, forfeitBonus: z.boolean().optional() }),
    output: withdrawalSchema,
  },
  confirmWithdrawal: {
    input: z.object({
      ...member,
      withdrawalId: z.string(),
      result: z.enum(['received', 'partial', 'not_received']),
      receivedAmount: z.string().optional(),
      comment: z.string().optional(),
      files: z.array(proofFileSchema).optional(),
    }),
    output: withdrawalSchema,
  },
  transfer: {
    input: z.object({
      merchantCode: z.string(),
      currency: z.string(),
      fromMemberId: z.string(),
      fromType: z.number().int(),
      toMemberId: z.string(),
      toType: z.number().int(),
      /** Facts from identity, which owns the tree. */
      toIsDirectUplineOfFrom: z.boolean(),
      toIsInDownlineOfFrom: z.boolean(),
      amount: z.string(),
      idempotencyKey,
    }),
    output: z.object({ transferId: z.string(), balance: z.string(), currency: z.string() }),
  },
  listAccountRecord: {
    input: z.object({ ...member, pageNo: z.number().int(), pageSize: z.number().int(), type: z.string().optional(), from: z.string().optional(), to: z.string().optional() }),
    output: pageOf(accountRecordSchema),
  },
  operatorListDeposits: {
    input: z.object({ ...operatorListInput, status: depositStatusSchema.optional() }),
    output: pageOf(depositSchema.extend({ merchantCode: z.string(), memberId: z.string() })),
  },
  operatorDecideDeposit: {
    input: z.object({ depositId: z.string(), decision: z.enum(['approve', 'reject']), reason: z.string().optional(), operator: operatorId }),
    output: depositSchema,
  },
  operatorListWithdrawals: {
    input: z.object({ ...operatorListInput, status: withdrawalStatusSchema.optional() }),
    output: pageOf(withdrawalSchema.extend({ merchantCode: z.string(), memberId: z.string() })),
  },
  operatorDecideWithdrawal: {
    input: z.object({ withdrawalId: z.string(), decision: z.enum(['approve', 'reject', 'paid']), reason: z.string().optional(), operator: operatorId }),
    output: withdrawalSchema,
  },
  operatorAdjust: {
    input: z.object({ memberId: z.string(), currency: z.string(), amount: z.string(), reason: z.string(), operator: operatorId, idempotencyKey }),
    output: z.object({ adjustmentId: z.string(), transactionId: z.string(), balance: z.string(), currency: z.string() }),
  },
  /** Counts unconfirmed paid withdrawals past the brand's minutes as received; the wallet also runs it periodically. */
  autoConfirmWithdrawals: { input: z.object({}), output: z.object({ confirmed: z.number().int() }) },
};
