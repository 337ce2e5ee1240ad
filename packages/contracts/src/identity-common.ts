/** Schemas shared by the identity contract's areas. */
import { z } from 'zod';

export const merchantSchema = z.object({
  code: z.string(),
  name: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  defaultLanguage: z.string(),
  languages: z.array(z.string()),
  timeZone: z.string(),
});
export type Merchant = z.infer<typeof merchantSchema>;

export const memberInfoSchema = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string(),
  type: z.number().int(),
  currency: z.string(),
  currencySymbol: z.string(),
  merchantCode: z.string(),
  /** When the member signed in before the current session; null on the first sign-in. */
  lastLoginAt: z.string().nullable(),
  /** The chosen avatar icon id (identity-account MEMBER_ICON_IDS). */
  icon: z.string(),
  /** The interface language the member chose last; null until they choose one. */
  language: z.string().nullable(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

export const loginResultSchema = z.object({
  /** Absent while a second step (below) is still owed; the session opens only after it. */
  token: z.string().optional(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  user: z.object({ id: z.string(), account: z.string(), nickname: z.string(), type: z.number().int() }),
  previousLoginAt: z.string().nullable(),
  /** The address is new for this member: prove it with one of `methods`, then POST /wps/session/login/verify. */
  verificationRequired: z.object({ ticket: z.string(), methods: z.array(z.enum(['mobile', 'email', 'bankAccountName', 'authenticator'])) }).optional(),
  /** The member has an authenticator: POST /wps/session/login/2fa with its code. */
  twoFactorRequired: z.object({ ticket: z.string() }).optional(),
  /** The brand requires two-factor for agents and this agent has none: enrol first (/wps/session/login/2fa/setup). */
  twoFactorSetupRequired: z.object({ ticket: z.string() }).optional(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** The authenticated caller as the gateway sees it after checking a session token. */
export const sessionPrincipalSchema = z.object({
  memberId: z.string(),
  merchantCode: z.string(),
  account: z.string(),
  type: z.number().int(),
  currency: z.string(),
});
export type SessionPrincipal = z.infer<typeof sessionPrincipalSchema>;

/** The caller's address and browser, passed by the gateway on every unauthenticated identity call. */
export const clientMeta = { ip: z.string(), userAgent: z.string().optional() };
