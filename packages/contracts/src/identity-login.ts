import { z } from 'zod';
import { defineRpc } from './rpc.js';
import { clientMeta, loginResultSchema } from './identity-common.js';

const text = (max: number) => z.string().max(max).optional();

/**
 * POST /wps/session/login (spec section 3): `type` 'sms' signs in with the mobile number as username and the SMS code
 * as password. `area: 'agent'` is the agent login page: only agent types may enter.
 */
export const signInBodySchema = z.object({
  username: text(100),
  password: text(200),
  type: z.enum(['username', 'sms', '']).optional(),
  captcha: text(20),
  /** The key the client fetched the captcha image with. */
  captchaKey: text(64),
  countryDialingCode: text(8),
  area: z.enum(['player', 'agent']).optional(),
  language: text(10),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

/** /wps/verification/sms/noLogin */
export const loginSmsBodySchema = z.object({ mobileNum: text(40), countryDialingCode: text(8), language: text(10) });

/** GET /wps/captcha?key=…: the client picks a random key per login form and sends it back with the answer. */
export const captchaQuerySchema = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });

/** The login answer plus whether the member must change the password before doing anything else. */
export const signInResultSchema = loginResultSchema.extend({
  /** The default password, or an expired one where the brand forces a change (PWDEXPFORCECHANGE3). */
  mustChangePassword: z.boolean(),
});
export type SignInResult = z.infer<typeof signInResultSchema>;

const brandHint = { merchantCode: z.string().optional(), host: z.string().optional() };

/** Sign-in calls. */
export const loginRpcMethods = defineRpc({
  login: {
    input: z.object({
      ...brandHint,
      username: z.string(),
      password: z.string(),
      type: z.enum(['username', 'sms']).optional(),
      captcha: z.string().optional(),
      captchaKey: z.string().optional(),
      countryDialingCode: z.string().optional(),
      area: z.enum(['player', 'agent']).optional(),
      ...clientMeta,
    }),
    output: signInResultSchema,
  },
  /** Answers the same whether or not the number belongs to a member; only a member's phone receives a code. */
  sendLoginSms: {
    input: z.object({ ...brandHint, mobileNum: z.string(), countryDialingCode: z.string().optional(), language: z.enum(['EN', 'ES']).optional(), ...clientMeta }),
    output: z.object({ expiredMinutes: z.number().int() }),
  },
  /** A new captcha for `key`, replacing the previous one; at most one a second per key. */
  getCaptcha: {
    input: z.object({ ...brandHint, key: z.string(), ...clientMeta }),
    output: z.object({ image: z.string() }),
  },
  /** A fresh trial account (type 4) with a generated name, signed in; brands with FREEPLAY3 only. */
  freePlayLogin: { input: z.object({ ...brandHint, ...clientMeta }), output: signInResultSchema },
  /** Operator action: lifts a lockout after failed sign-ins. */
  unlockMember: {
    input: z.object({ memberId: z.string(), operator: z.string() }),
    output: z.object({ memberId: z.string(), wasLocked: z.boolean() }),
  },
});
