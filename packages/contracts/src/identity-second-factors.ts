import { z } from 'zod';
import { defineRpc } from './rpc.js';
import { clientMeta } from './identity-common.js';
import { signInResultSchema } from './identity-login.js';

/** The ways a member can prove a sign-in from an address not seen before (spec §4). */
export const NEW_IP_METHODS = ['mobile', 'email', 'bankAccountName', 'authenticator'] as const;
export const newIpMethodSchema = z.enum(NEW_IP_METHODS);
export type NewIpMethod = z.infer<typeof newIpMethodSchema>;

/** The providers of the spec's social login buttons (§2). */
export const SOCIAL_PROVIDERS = ['line', 'facebook', 'google'] as const;
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

const ticket = z.string().min(1).max(200);
const otp = z.string().max(255);

export const loginVerifyBodySchema = z.object({ ticket, method: newIpMethodSchema, code: z.string().max(255) });
export const loginVerifySendBodySchema = z.object({ ticket, method: z.enum(['mobile', 'email']) });
export const loginTwoFactorBodySchema = z.object({ ticket, code: otp });
export const loginTwoFactorSetupBodySchema = z.object({ ticket });
export const twoFactorCodeBodySchema = z.object({ code: otp });
export const socialExchangeBodySchema = z.object({ code: z.string().min(1).max(200) });

export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const loginRecordSchema = z.object({ at: z.string(), ip: z.string().nullable(), device: z.string(), success: z.boolean() });
export type LoginRecord = z.infer<typeof loginRecordSchema>;

export const securityOverviewSchema = z.object({
  twoFactorEnabled: z.boolean(),
  /** The sign-in before the current one, so a member can spot one they did not make. */
  previousLoginAt: z.string().nullable(),
  lastLogins: z.array(loginRecordSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

const merchantHint = { merchantCode: z.string().optional(), host: z.string().optional() };

/** New-IP verification, TOTP two-factor authentication, social login and the security centre. */
export const secondFactorRpcMethods = defineRpc({
  sendLoginVerificationCode: {
    input: z.object({ ticket: z.string(), method: z.enum(['mobile', 'email']), ...clientMeta }),
    output: z.object({ expiredMinutes: z.number() }),
  },
  verifyNewIpLogin: { input: z.object({ ticket: z.string(), method: newIpMethodSchema, code: z.string(), ...clientMeta }), output: signInResultSchema },
  verifyTwoFactorLogin: { input: z.object({ ticket: z.string(), code: z.string(), ...clientMeta }), output: signInResultSchema },
  /** An agent whose brand requires two-factor enrols before the first session, with the sign-in ticket. */
  setupTwoFactorAtLogin: { input: z.object({ ticket: z.string(), ...clientMeta }), output: twoFactorSetupSchema },
  enableTwoFactorAtLogin: { input: z.object({ ticket: z.string(), code: z.string(), ...clientMeta }), output: signInResultSchema },
  setupTwoFactor: { input: z.object({ memberId: z.string(), ...clientMeta }), output: twoFactorSetupSchema },
  enableTwoFactor: { input: z.object({ memberId: z.string(), code: z.string(), token: z.string().optional(), ...clientMeta }), output: z.object({ twoFactorEnabled: z.boolean() }) },
  disableTwoFactor: { input: z.object({ memberId: z.string(), code: z.string(), token: z.string().optional(), ...clientMeta }), output: z.object({ twoFactorEnabled: z.boolean() }) },
  getSecurityOverview: {
    input: z.object({ memberId: z.string(), pageNo: z.number().int().min(1), pageSize: z.number().int().min(1).max(50) }),
    output: securityOverviewSchema,
  },
  listSocialProviders: { input: z.object(merchantHint), output: z.object({ providers: z.array(z.object({ name: socialProviderSchema })) }) },
  /** The provider's authorisation URL, and the value the gateway binds to the browser in a short-lived cookie. */
  startSocialLogin: {
    input: z.object({ ...merchantHint, provider: z.string(), redirectUri: z.string(), ...clientMeta }),
    output: z.object({ authorizeUrl: z.string(), binding: z.string() }),
  },
  /** Checks the provider's answer and returns a one-time code the client exchanges for the login answer. */
  completeSocialLogin: {
    input: z.object({
      provider: z.string(),
      state: z.string(),
      binding: z.string(),
      code: z.string().optional(),
      error: z.string().optional(),
      ...clientMeta,
    }),
    output: z.object({ exchangeCode: z.string() }),
  },
  exchangeSocialLogin: { input: z.object({ code: z.string(), ...clientMeta }), output: signInResultSchema },
});
