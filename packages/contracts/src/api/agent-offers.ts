/** Agent centre calls: contracts offered and answered. */
export const agentOfferUseCases = {};
