import { consumeBatches, type Subscription } from '@wps/platform';
import type { agentOfferRpcMethods } from '@wps/contracts';
import type { AgentContractsDeps, AgentContractsModule } from '../module.js';
import { answerOffer } from './answer.js';
import type { OffersContext } from './context.js';
import { expireOffers } from './expire.js';
import { bringsContracts, createInvitationContracts } from './invitation.js';
import { offerContract, offerTermination, operatorOfferContract, operatorOfferTermination, operatorWithdrawOffer, withdrawOffer } from './offer.js';
import { agentContracts, consolidatedContracts } from './read.js';
import { getTerms, setTerms } from './terms.js';

export { ensureDemoTerms } from './terms.js';
export { expireOffers } from './expire.js';

const SCHEMA = 'agent_contracts';
const INVITATION_CONTRACTS = 'agent-contracts.invitation-contracts';
/** Offers past their time are swept this often; an answer to one that has not been swept yet finds it expired anyway. */
export const EXPIRY_SWEEP_MS = 60_000;

/** Contract terms per brand, and the offers an upline makes to a direct downline with their answers. */
export function createOffersModule(deps: AgentContractsDeps): AgentContractsModule<keyof typeof agentOfferRpcMethods> {
  const { db, bus, logger, outbox } = deps;
  const context: OffersContext = { db, outbox, logger, wake: () => deps.wakeRelay(), now: () => new Date() };

  return {
    handlers: {
      operatorGetContractTerms: (input) => getTerms(db.orm, input.merchantCode),
      operatorSetContractTerms: async (input) => {
        const terms = await setTerms(db.orm, input);
        logger.info({ merchantCode: input.merchantCode, kind: input.kind, operator: input.operator }, 'contract terms set');
        return terms;
      },
      operatorOfferContract: (input) => operatorOfferContract(context, input),
      operatorOfferTermination: (input) => operatorOfferTermination(context, input),
      operatorWithdrawOffer: (input) => operatorWithdrawOffer(context, input),
      offerContract: (input) => offerContract(context, input),
      offerTermination: (input) => offerTermination(context, input),
      withdrawOffer: (input) => withdrawOffer(context, input),
      answerOffer: (input) => answerOffer(context, input),
      agentContracts: (input) => agentContracts(db.orm, input, context.now()),
      consolidatedContracts: (input) => consolidatedContracts(db.orm, input, context.now()),
    },
    async start() {
      const invitations = await consumeBatches(
        { db, bus },
        { schema: SCHEMA, group: INVITATION_CONTRACTS, type: 'member.registered', relevant: bringsContracts, handle: (tx, events) => createInvitationContracts(tx, context, events) },
      );
      const sweep = () =>
        void expireOffers(context).catch((error: unknown) => {
          logger.warn({ err: error }, 'expiring contract offers failed');
        });
      const timer = setInterval(sweep, EXPIRY_SWEEP_MS);
      timer.unref();
      sweep();
      const sweeper: Subscription = { close: async () => clearInterval(timer) };
      return [invitations, sweeper];
    },
  };
}
