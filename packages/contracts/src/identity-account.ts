import { z } from 'zod';
import { defineRpc } from './rpc.js';
import { clientMeta, memberInfoSchema, sessionPrincipalSchema } from './identity-common.js';

/** The avatar icons a member can choose from; the client ships one image per id. */
export const MEMBER_ICON_IDS = ['1', '2', '3', '4', '5', '6', '7', '8'] as const;
export const memberIconSchema = z.enum(MEMBER_ICON_IDS);
export type MemberIcon = z.infer<typeof memberIconSchema>;

/** Bodies of the public password calls (spec section 3), as the client sends them. */
export const changePasswordBodySchema = z.object({
  oldPassword: z.string().max(200).optional().default(''),
  newPassword: z.string().max(200),
  confirmNewPassword: z.string().max(200),
});
export const forgotPasswordByEmailBodySchema = z.object({ username: z.string().max(200), email: z.string().max(320) });
export const resetPasswordBodySchema = z.object({ token: z.string().max(200), newPassword: z.string().max(200), confirmNewPassword: z.string().max(200) });
export const forgotPasswordByPhoneBodySchema = z.object({
  newPassword: z.string().max(200),
  mobileNum: z.string().max(40),
  verificationCode: z.string().max(255),
  countryDialingCode: z.string().max(8).optional(),
});
export const resetSmsBodySchema = z.object({ mobileNum: z.string().max(40), countryDialingCode: z.string().max(8).optional() });
export const languageBodySchema = z.object({ language: z.string().min(2).max(8) });
export const iconBodySchema = z.object({ icon: z.string().max(8) });

export const loginHistoryQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export const loginHistoryPageSchema = z.object({
  list: z.array(z.object({ at: z.string(), ip: z.string().nullable(), device: z.string().nullable(), success: z.boolean() })),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type LoginHistoryPage = z.infer<typeof loginHistoryPageSchema>;

/** Sessions a call ended, so the gateway can forget them before answering; base64url SHA-256 digests of the tokens. */
const endedSessions = z.object({ endedTokenHashes: z.array(z.string()) });
const brandHint = { merchantCode: z.string().optional(), host: z.string().optional() };

/** Sessions, passwords and the member profile. */
export const accountRpcMethods = defineRpc({
  authenticate: { input: z.object({ token: z.string() }), output: sessionPrincipalSchema.nullable() },
  getMemberInfo: { input: z.object({ memberId: z.string() }), output: memberInfoSchema },
  logout: { input: z.object({ token: z.string() }), output: z.object({ ended: z.boolean() }) },
  /** Ends every other session of the member; the one making the change goes on. */
  changePassword: {
    input: changePasswordBodySchema.extend({ memberId: z.string(), token: z.string(), ...clientMeta }),
    output: endedSessions,
  },
  /** Answers the same whether or not the username and e-mail matched; a match gets a single-use link by e-mail. */
  requestPasswordResetByEmail: {
    input: forgotPasswordByEmailBodySchema.extend({ ...brandHint, ...clientMeta, origin: z.string().optional() }),
    output: z.object({ accepted: z.literal(true) }),
  },
  /** Ends every session of the member. */
  resetPasswordWithToken: { input: resetPasswordBodySchema.extend(clientMeta), output: endedSessions.extend({ account: z.string() }) },
  /** Sends a reset code when the number belongs to a member of the brand; answers the same either way. */
  sendPasswordResetSms: {
    input: resetSmsBodySchema.extend({ ...brandHint, ...clientMeta, language: z.enum(['EN', 'ES']).optional() }),
    output: z.object({ expiredMinutes: z.number().int() }),
  },
  /** Ends every session of the member and names the account, so the client can sign in with the new password. */
  resetPasswordByPhone: { input: forgotPasswordByPhoneBodySchema.extend({ ...brandHint, ...clientMeta }), output: endedSessions.extend({ account: z.string() }) },
  getLoginHistory: { input: loginHistoryQuerySchema.extend({ memberId: z.string() }), output: loginHistoryPageSchema },
  getMemberIcon: { input: z.object({ memberId: z.string() }), output: z.object({ icon: memberIconSchema, icons: z.array(memberIconSchema) }) },
  setMemberIcon: { input: z.object({ memberId: z.string(), icon: z.string() }), output: z.object({ icon: memberIconSchema }) },
  setMemberLanguage: { input: z.object({ memberId: z.string(), language: z.string() }), output: z.object({ language: z.string() }) },
  /** Operator actions; disabling ends every session of the member. */
  setMemberStatus: {
    input: z.object({ memberId: z.string(), status: z.enum(['active', 'disabled']), operator: z.string() }),
    output: endedSessions.extend({ memberId: z.string(), status: z.enum(['active', 'disabled']) }),
  },
});
