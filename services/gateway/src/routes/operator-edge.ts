import { useCases } from '@wps/contracts';
import type { GatewayClients } from '../clients.js';
import type { SessionResolver } from '../auth.js';
import { edgeOperation } from '../use-cases.js';

/**
 * The back-office calls that need more than one service: a member's status ends their sessions at identity and
 * drops the cached principals on every gateway; brand-scoped game announcements first check the brand exists.
 */
export function operatorEdgeOperations(sessions: SessionResolver) {
  const setStatus = (status: 'active' | 'disabled') => async (memberId: string, operator: string, clients: GatewayClients) => {
    const { endedTokenHashes, ...result } = await clients.identity.setMemberStatus({ memberId, status, operator });
    // The cached principals live in the shared store, so dropping them here stops the sessions on every gateway at
    // once; the session.ended event then closes their sockets.
    await sessions.forgetHashes(endedTokenHashes);
    return { value: { ...result, endedSessions: endedTokenHashes.length } };
  };
  /** Identity answers MERCHANT_NOT_FOUND for a brand that does not exist. */
  const knownBrand = async (clients: GatewayClients, merchantCode: string): Promise<string> => {
    await clients.identity.resolveMerchant({ merchantCode });
    return merchantCode;
  };
  return Object.fromEntries([
    edgeOperation(useCases.operatorDisableMember, async ({ request, context, clients }) => setStatus('disabled')(request.memberId, await context.get('operator'), clients)),
    edgeOperation(useCases.operatorEnableMember, async ({ request, context, clients }) => setStatus('active')(request.memberId, await context.get('operator'), clients)),
    edgeOperation(useCases.operatorUpdateMerchantSettings, async ({ request, context, clients }) => {
      const { merchantCode, ...update } = request;
      return { value: await clients.identity.operatorUpdateMerchantSettings({ merchantCode, update, operator: await context.get('operator') }) };
    }),
    edgeOperation(useCases.operatorGameAnnouncements, async ({ request, clients }) => ({
      value: await clients.games.operatorListGameAnnouncements({ merchantCode: await knownBrand(clients, request.merchantCode) }),
    })),
    edgeOperation(useCases.operatorCreateGameAnnouncement, async ({ request, context, clients }) => {
      const { merchantCode, ...announcement } = request;
      return {
        value: await clients.games.operatorCreateGameAnnouncement({ ...announcement, merchantCode: await knownBrand(clients, merchantCode), operator: await context.get('operator') }),
      };
    }),
    edgeOperation(useCases.operatorDeleteGameAnnouncement, async ({ request, clients }) => ({
      value: await clients.games.operatorDeleteGameAnnouncement({ merchantCode: await knownBrand(clients, request.merchantCode), id: request.id }),
    })),
  ]);
}
