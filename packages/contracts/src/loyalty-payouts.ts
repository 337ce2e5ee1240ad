import { z } from 'zod';
import { rowIdSchema } from './ids.js';

/** What a loyalty payout is for: `points` for points converted to cash, `bonus` for every reward paid as money. */
export const loyaltyPayoutCauseSchema = z.enum(['points', 'bonus']);
export type LoyaltyPayoutCause = z.infer<typeof loyaltyPayoutCauseSchema>;

/** The wallet's operation for the points service's payouts; `walletRpc` includes it. */
export const loyaltyPayoutRpcMethods = {
  /**
   * Pays a member from the brand's loyalty house account (which may go negative: it is what loyalty has cost the
   * brand), once per `key`: a repeated key answers the first result and moves nothing; the same key with other content
   * is refused with IDEMPOTENCY_CONFLICT. `causeRef` names what is paid (a conversion, a redemption, a claim).
   */
  payLoyalty: {
    input: z.object({
      key: z.string().min(1).max(200),
      merchantCode: z.string().min(1),
      currency: z.string().min(1),
      memberId: rowIdSchema,
      amountMinor: z.string().regex(/^[1-9][0-9]{0,17}$/),
      cause: loyaltyPayoutCauseSchema,
      causeRef: z.string().min(1).max(200),
    }),
    output: z.object({ transactionId: z.string(), amountMinor: z.string() }),
  },
};
