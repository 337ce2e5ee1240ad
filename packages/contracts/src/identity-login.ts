import { z } from 'zod';
import { defineRpc } from './rpc.js';
import { clientMeta, loginResultSchema } from './identity-common.js';

/** Sign-in calls. */
export const loginRpcMethods = defineRpc({
  login: {
    input: z.object({ merchantCode: z.string().optional(), host: z.string().optional(), username: z.string(), password: z.string(), ...clientMeta }),
    output: loginResultSchema,
  },
});
