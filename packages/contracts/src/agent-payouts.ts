import { z } from 'zod';
import { rowIdSchema } from './ids.js';

const minorAmount = z.string().regex(/^(0|[1-9][0-9]{0,17})$/);

/** The wallet's operations for the agent programme's payouts; `walletRpc` includes them. */
export const agentPayoutRpcMethods = {
  /**
   * Pays an agent's contract commission, once per `key`: from its upline's wallet (`payerMemberId`), as much as the
   * payer holds up to the amount and never below zero (all or nothing unless `allowPartial`), or in full from the
   * brand's commission house account when the platform pays (`payerMemberId` null). A repeated key answers the first
   * result and moves nothing. `transactionId` is null when nothing could be paid.
   */
  payAgentCommission: {
    input: z.object({
      key: z.string().min(1).max(200),
      merchantCode: z.string().min(1),
      currency: z.string().min(1),
      payerMemberId: rowIdSchema.nullable(),
      payeeMemberId: rowIdSchema,
      amountMinor: minorAmount,
      causeRef: z.string().min(1).max(200),
      allowPartial: z.boolean(),
    }),
    output: z.object({ transactionId: z.string().nullable(), paidMinor: minorAmount, payerBalanceMinor: z.string().optional() }),
  },
};
