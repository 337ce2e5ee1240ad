import { z } from 'zod';
import { defineRpc } from './rpc.js';

export const gamesRpc = defineRpc({
  listVendors: {
    input: z.object({ merchantCode: z.string() }),
    output: z.array(z.object({ vassalage: z.string(), displayName: z.string(), gameType: z.string() })),
  },
  getPlayerProfile: {
    input: z.object({ memberId: z.string() }),
    output: z.object({ memberId: z.string(), createdAt: z.string() }).nullable(),
  },
});
export type GamesRpc = typeof gamesRpc;

export const agentContractsRpc = defineRpc({
  getDownline: {
    input: z.object({ agentId: z.string() }),
    output: z.array(z.object({ memberId: z.string(), account: z.string(), type: z.number().int(), depth: z.number().int() })),
  },
});
export type AgentContractsRpc = typeof agentContractsRpc;

export const pointsRpc = defineRpc({
  getPointBalance: {
    input: z.object({ memberId: z.string() }),
    output: z.object({ memberId: z.string(), points: z.string() }).nullable(),
  },
});
export type PointsRpc = typeof pointsRpc;

export const noticesRpc = defineRpc({
  listMessages: {
    input: z.object({ memberId: z.string() }),
    output: z.array(z.object({ id: z.string(), title: z.string(), content: z.string(), createdAt: z.string(), read: z.boolean() })),
  },
});
export type NoticesRpc = typeof noticesRpc;
