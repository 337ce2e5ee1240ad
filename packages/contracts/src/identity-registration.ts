import { z } from 'zod';
import { defineRpc } from './rpc.js';
import { clientMeta, loginResultSchema } from './identity-common.js';

/** Registration and brand configuration calls. */
export const registrationRpcMethods = defineRpc({
  register: {
    input: z.object({
      merchantCode: z.string().optional(),
      host: z.string().optional(),
      username: z.string(),
      password: z.string(),
      confirmPassword: z.string(),
      registerUrl: z.string().optional(),
      registerMethod: z.string().optional(),
      referralCode: z.string().optional(),
      ...clientMeta,
    }),
    output: loginResultSchema,
  },
});
