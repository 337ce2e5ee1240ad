import { z } from 'zod';
import { defineRpc } from './rpc.js';
import { agentTeamRpcMethods } from './agent-team.js';
import { agentOfferRpcMethods } from './agent-offers.js';
import { agentSettlementRpcMethods } from './agent-settlement.js';
import { memberIdSchema } from './ids.js';

export { decimalIdSchema, memberIdSchema } from './ids.js';

/** The games contract lives in games.ts; it is re-exported from the package index. */

export const agentContractsRpc = defineRpc({
  getDownline: {
    input: z.object({ agentId: memberIdSchema }),
    output: z.array(z.object({ memberId: z.string(), account: z.string(), type: z.number().int(), depth: z.number().int() })),
  },
  ...agentTeamRpcMethods,
  ...agentOfferRpcMethods,
  ...agentSettlementRpcMethods,
});
export type AgentContractsRpc = typeof agentContractsRpc;

export { pointsRpc, type PointsRpc } from './loyalty.js';

export { noticesRpc, type NoticesRpc } from './notices.js';
