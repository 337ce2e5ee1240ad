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
  lastLoginAt: z.string().nullable(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

export const loginResultSchema = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  user: z.object({ id: z.string(), account: z.string(), nickname: z.string(), type: z.number().int() }),
  previousLoginAt: z.string().nullable(),
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
