import { z } from 'zod';
import { defineRpc } from './rpc.js';
import { memberInfoSchema, sessionPrincipalSchema } from './identity-common.js';

/** Sessions, passwords and the member profile. */
export const accountRpcMethods = defineRpc({
  authenticate: { input: z.object({ token: z.string() }), output: sessionPrincipalSchema.nullable() },
  getMemberInfo: { input: z.object({ memberId: z.string() }), output: memberInfoSchema },
  logout: { input: z.object({ token: z.string() }), output: z.object({ ended: z.boolean() }) },
});
