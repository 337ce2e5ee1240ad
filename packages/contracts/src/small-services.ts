import { z } from 'zod';
import { defineRpc } from './rpc.js';

/** Ids of bigint rows (members, messages) travel as plain decimal strings: no sign, no leading zeros. */
export const decimalIdSchema = z.string().regex(/^(0|[1-9][0-9]{0,18})$/, 'a decimal id');
export const memberIdSchema = decimalIdSchema;

/** The games contract lives in games.ts; it is re-exported from the package index. */

export const agentContractsRpc = defineRpc({
  getDownline: {
    input: z.object({ agentId: memberIdSchema }),
    output: z.array(z.object({ memberId: z.string(), account: z.string(), type: z.number().int(), depth: z.number().int() })),
  },
});
export type AgentContractsRpc = typeof agentContractsRpc;

export const pointsRpc = defineRpc({
  getPointBalance: {
    input: z.object({ memberId: memberIdSchema }),
    output: z.object({ memberId: z.string(), points: z.string() }).nullable(),
  },
});
export type PointsRpc = typeof pointsRpc;

export const noticesRpc = defineRpc({
  listMessages: {
    input: z.object({ memberId: memberIdSchema }),
    output: z.array(z.object({ id: z.string(), title: z.string(), content: z.string(), createdAt: z.string(), read: z.boolean() })),
  },
  /** Marks one of the member's own messages read; marking it again keeps the first read time. NOT_FOUND otherwise. */
  markMessageRead: {
    input: z.object({ memberId: memberIdSchema, messageId: decimalIdSchema }),
    output: z.object({ id: z.string(), read: z.literal(true) }),
  },
});
export type NoticesRpc = typeof noticesRpc;
